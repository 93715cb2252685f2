/**
 * A `wallet_sendCalls` batch for a wallet that cannot batch (no EIP-5792, or no `atomic` capability on the
 * chain): its calls go as separate `eth_sendTransaction`s, in order, each after the previous one's receipt,
 * stopping at the first that is declined, reverts or is dropped. The record of each such batch answers
 * `wallet_getCallsStatus` in EIP-5792's shape (`atomic: false`: one receipt per included transaction, a
 * reverted one too). Pure rules and one runner over injected effects, so every order of failures is testable.
 */
import * as Effect from "effect/Effect"
import type { WalletCall } from "./rpcMethods"

/** A receipt as `wallet_getCallsStatus` lists it (EIP-5792). */
export interface CallsWireReceipt {
  readonly logs: ReadonlyArray<{
    readonly address: string
    readonly data: string
    readonly topics: ReadonlyArray<string>
  }>
  readonly status: "0x1" | "0x0"
  readonly blockHash: string
  readonly blockNumber: string
  readonly gasUsed: string
  readonly transactionHash: string
}

/** Why the sequence stopped before its last call. */
export type StopReason = "declined" | "reverted" | "dropped" | "failed"

/** One batch sent call by call, as far as it went. */
export interface OneByOneRecord {
  readonly id: string
  /** The chain, as EIP-5792 writes it (hex, no leading zeroes). */
  readonly chainId: `0x${string}`
  readonly calls: number
  /** The receipt of each included call, in order: index i is call i. */
  readonly receipts: ReadonlyArray<CallsWireReceipt>
  /** The call the wallet is asked for, or whose receipt is awaited, when one is. */
  readonly sending: number | undefined
  /** Where and why it stopped early; `undefined` while it goes on or once every call landed. */
  readonly stopped: { readonly index: number; readonly reason: StopReason } | undefined
}

/** The 5792 answer to `wallet_getCallsStatus` for a one-by-one batch. */
export interface CallsStatusAnswer {
  readonly version: "2.0.0"
  readonly id: string
  readonly chainId: `0x${string}`
  /** 100 pending · 200 every call landed · 400 none included · 500 the one included reverted · 600 partly. */
  readonly status: 100 | 200 | 400 | 500 | 600
  readonly atomic: false
  readonly receipts: ReadonlyArray<CallsWireReceipt>
}

export const isDone = (record: OneByOneRecord): boolean =>
  record.stopped !== undefined || record.receipts.length === record.calls

/** The indexes of the calls whose changes are on chain (included and not reverted). */
export const landedCalls = (record: OneByOneRecord): ReadonlyArray<number> =>
  record.receipts.flatMap((receipt, index) => (receipt.status === "0x1" ? [index] : []))

export const callsStatusOf = (record: OneByOneRecord): CallsStatusAnswer => {
  const landed = landedCalls(record).length
  const status = !isDone(record)
    ? 100
    : landed === record.calls
      ? 200
      : record.receipts.length === 0
        ? 400
        : landed === 0
          ? 500
          : 600
  return {
    version: "2.0.0",
    id: record.id,
    chainId: record.chainId,
    status,
    atomic: false,
    receipts: record.receipts
  }
}

/** What the runner needs: the wallet's send and the chain's receipt, each failing with why it stopped. */
export interface OneByOneSteps<E> {
  /** Asks the wallet to send call `index` exactly as reviewed; its hash, or the wallet's refusal. */
  readonly send: (call: WalletCall, index: number) => Effect.Effect<string, E>
  /** Waits for the hash's receipt; fails when the transaction never landed. */
  readonly receipt: (hash: string) => Effect.Effect<CallsWireReceipt, unknown>
  /** Each new state of the record (progress, status answers). */
  readonly update: (record: OneByOneRecord) => Effect.Effect<void>
  /** How a send's failure reads: a refusal by the visitor or any other. */
  readonly reasonOf: (error: E) => StopReason
}

/**
 * Sends the calls one by one and returns the final record; never fails (a failure is where the record
 * stops). The first send's failure is also returned, so the request can answer with it when nothing went.
 */
export const runOneByOne = <E>(
  start: OneByOneRecord,
  calls: ReadonlyArray<WalletCall>,
  steps: OneByOneSteps<E>
): Effect.Effect<{ readonly record: OneByOneRecord; readonly firstError: E | undefined }> =>
  Effect.gen(function* () {
    let record = start
    const set = (next: OneByOneRecord) => {
      record = next
      return steps.update(next)
    }
    for (let index = 0; index < calls.length; index++) {
      yield* set({ ...record, sending: index })
      const sent = yield* Effect.result(steps.send(calls[index]!, index))
      if (sent._tag === "Failure") {
        yield* set({
          ...record,
          sending: undefined,
          stopped: { index, reason: steps.reasonOf(sent.failure) }
        })
        return { record, firstError: index === 0 ? sent.failure : undefined }
      }
      const mined = yield* Effect.result(steps.receipt(sent.success))
      if (mined._tag === "Failure") {
        yield* set({ ...record, sending: undefined, stopped: { index, reason: "dropped" } })
        return { record, firstError: undefined }
      }
      const receipts = [...record.receipts, mined.success]
      if (mined.success.status === "0x0") {
        yield* set({ ...record, receipts, sending: undefined, stopped: { index, reason: "reverted" } })
        return { record, firstError: undefined }
      }
      yield* set({ ...record, receipts, sending: undefined })
    }
    return { record, firstError: undefined }
  })

/** The most one-by-one batches whose status the modal keeps; the oldest is forgotten first. */
export const MAX_RECORDS = 50

/** `records` with `record` set under its id, bounded to {@link MAX_RECORDS}. */
export const withRecord = (
  records: ReadonlyMap<string, OneByOneRecord>,
  record: OneByOneRecord
): ReadonlyMap<string, OneByOneRecord> => {
  const next = new Map(records)
  next.delete(record.id)
  next.set(record.id, record)
  while (next.size > MAX_RECORDS) next.delete(next.keys().next().value as string)
  return next
}

/**
 * A batch id of Airlock's own: `0x`, 32 random bytes, then the bytes `a1` `10c4` (“airlock”) twice, so a
 * reader can tell it from a wallet's. The dapp's own `id`, when it gave one, is used instead (EIP-5792).
 */
export const oneByOneId = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}a110c4a110c4`
}
