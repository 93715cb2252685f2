/**
 * `wallet_sendCalls` after the visitor saw the batch: as is to a wallet that batches atomically on the chain
 * (`callsCapabilities.ts`), otherwise call by call (`callsOneByOne.ts`), each call exactly as reviewed (no
 * gas, nonce or re-estimation added by the modal). Call by call, the request answers (the batch's id) once
 * the last call landed or the sequence stopped, its approval showing the progress meanwhile, since each call
 * is the visitor's to approve in the wallet; a refused first call is the request's refusal. The modal's own
 * batches answer `wallet_getCallsStatus` from its bounded record.
 */
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { BatchError, TransactionMismatchError } from "../../errors"
import { decodeUnknownResult } from "../../schemas/decode"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { Eip1193Provider } from "../../services/Connectors"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { TransactionWatcher } from "../../services/TransactionWatcher"
import { walletRead, walletRequest } from "../connection/walletIo"
import {
  type AtomicStatus,
  atomicStatusOf,
  capabilityKey,
  lacksBatches,
  sendsAtomically,
  withCapability
} from "./callsCapabilities"
import {
  type CallsWireReceipt,
  callsStatusOf,
  isDone,
  landedCalls,
  MAX_RECORDS,
  type OneByOneRecord,
  oneByOneId,
  runOneByOne,
  type StopReason,
  withRecord
} from "./callsOneByOne"
import type { WalletSendCallsParams } from "./rpcMethods"
import { chainIdOf, mismatchedFields, transactionByHash } from "./sentCheck"
import { inCatalogueWords } from "./walletWords"

const Hex = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]*$/))
const Quantity = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/))
const Hash = Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{64}$/))
/** A node's receipt as `wallet_getCallsStatus` passes it on; logs bounded (a block's worth of one call's). */
const FullReceipt = Schema.Struct({
  logs: Schema.Array(
    Schema.Struct({
      address: Hex,
      data: Hex,
      topics: Schema.Array(Hash).check(Schema.isMaxLength(4))
    })
  ).check(Schema.isMaxLength(1024)),
  status: Schema.Literals(["0x1", "0x0"]),
  blockHash: Hash,
  blockNumber: Quantity,
  gasUsed: Quantity,
  transactionHash: Hash
})
const decodeFullReceipt = decodeUnknownResult(FullReceipt, "eth_getTransactionReceipt result")
const decodeHash = decodeUnknownResult(Hash, "eth_sendTransaction result")

/** How long the node may take to hand over a receipt the watcher already saw mined. */
const RECEIPT_READ_TIMEOUT = "10 seconds"
const SENT_CHECK_TIMEOUT = "10 seconds"

export interface BatchWorld {
  readonly fallback: FallbackTransport["Service"]
  readonly watcher: TransactionWatcher["Service"]
}

/** The state a router keeps for batches: the wallets' capabilities and the modal's own batches. */
export const makeBatches = (world: BatchWorld) =>
  Effect.gen(function* () {
    const capabilities = yield* Ref.make<ReadonlyMap<string, AtomicStatus | "none">>(new Map())
    const records = yield* Ref.make<ReadonlyMap<string, OneByOneRecord>>(new Map())
    /** Batches a wallet sent atomically for the visitor: their number of calls, by the wallet's id. */
    const atomicSent = yield* Ref.make<ReadonlyMap<string, number>>(new Map())
    const { fallback, watcher } = world

    /** The chain's `atomic` status as the wallet says it, asked once per connector, account and chain. */
    const atomicOf = (connectorId: string, provider: Eip1193Provider, address: string, chainId: string) =>
      Effect.gen(function* () {
        const key = capabilityKey(connectorId, address, chainId)
        const cached = (yield* Ref.get(capabilities)).get(key)
        if (cached !== undefined) return cached
        const asked = yield* Effect.result(
          walletRead(provider, "wallet_getCapabilities", [address, [chainId]])
        )
        // A wallet that does not answer may still batch: `wallet_sendCalls` will tell, and nothing is cached.
        if (asked._tag === "Failure" && !lacksBatches(asked.failure)) return undefined
        const status =
          asked._tag === "Failure" ? ("none" as const) : (atomicStatusOf(asked.success, chainId) ?? "none")
        yield* Ref.update(capabilities, (c) => withCapability(c, key, status))
        return status
      })

    /** The receipt of a mined call, whole, from the network's RPC. */
    const receiptOf = (network: CaipNetworkId, hash: string) =>
      Effect.gen(function* () {
        yield* watcher.waitForReceipt(network, hash)
        const raw = yield* fallback
          .request(network, { method: "eth_getTransactionReceipt", params: [hash] })
          .pipe(Effect.timeout(RECEIPT_READ_TIMEOUT), Effect.retry({ times: 2 }))
        return (yield* Effect.fromResult(decodeFullReceipt(raw))) satisfies CallsWireReceipt
      })

    const oneByOne = (
      provider: Eip1193Provider,
      network: CaipNetworkId,
      address: string,
      request: WalletSendCallsParams[0],
      chainId: `0x${string}`,
      onProgress: (record: OneByOneRecord) => Effect.Effect<void>
    ) =>
      Effect.gen(function* () {
        const id = request.id ?? oneByOneId()
        const start: OneByOneRecord = {
          id,
          chainId,
          calls: request.calls.length,
          receipts: [],
          sending: undefined,
          stopped: undefined
        }
        const latest = yield* Ref.make(start)
        const update = (record: OneByOneRecord) =>
          Effect.andThen(
            Effect.andThen(
              Ref.set(latest, record),
              Ref.update(records, (r) => withRecord(r, record))
            ),
            onProgress(record)
          )
        yield* update(start)
        const send = (call: WalletSendCallsParams[0]["calls"][number]) =>
          Effect.gen(function* () {
            const tx = {
              from: address,
              to: call.to,
              ...(call.value === undefined ? {} : { value: call.value }),
              ...(call.data === undefined ? {} : { data: call.data })
            }
            const raw = yield* Effect.mapError(
              walletRequest(provider, "eth_sendTransaction", [tx], network),
              inCatalogueWords
            )
            const hash = yield* Effect.fromResult(decodeHash(raw))
            // The hash must name the call as reviewed, as every send's does.
            const named = yield* transactionByHash(fallback, network, hash, SENT_CHECK_TIMEOUT)
            const sent = {
              from: address,
              to: call.to,
              value: call.value === undefined ? 0n : BigInt(call.value),
              data: (call.data ?? "0x").toLowerCase()
            }
            const fields = named === undefined ? [] : mismatchedFields(sent, chainIdOf(network), named)
            if (fields.length > 0) return yield* Effect.fail(new TransactionMismatchError({ hash, fields }))
            return hash
          })
        const { record, firstError } = yield* runOneByOne(start, request.calls, {
          send: (call) => send(call),
          receipt: (hash) => receiptOf(network, hash),
          update,
          reasonOf: (error): StopReason => (error._tag === "UserRejectedRequestError" ? "declined" : "failed")
        }).pipe(
          // Cancelled while a call was on its way (the preview's Cancel, the modal closed): it stops there.
          Effect.onInterrupt(() =>
            Effect.flatMap(Ref.get(latest), (record) =>
              isDone(record)
                ? Effect.void
                : update({
                    ...record,
                    sending: undefined,
                    stopped: { index: record.sending ?? record.receipts.length, reason: "declined" }
                  })
            )
          )
        )
        if (firstError !== undefined) return yield* Effect.fail(firstError)
        return { result: { id }, record }
      })

    /**
     * Sends an approved `wallet_sendCalls` on `network`: atomically by the wallet when it can, one by one
     * when it has no batches (unless the dapp requires atomicity: 5760).
     */
    const sendCalls = (
      connectorId: string,
      provider: Eip1193Provider,
      network: CaipNetworkId,
      address: string,
      params: WalletSendCallsParams,
      onProgress: (record: OneByOneRecord) => Effect.Effect<void>
    ) =>
      Effect.gen(function* () {
        const request = params[0]
        const chainId = `0x${(chainIdOf(network) ?? 0n).toString(16)}` as const
        const status = yield* atomicOf(connectorId, provider, address, chainId)
        const fallBack =
          request.atomicRequired === true
            ? Effect.fail(new BatchError({ reason: "atomicity-required" }))
            : oneByOne(provider, network, address, request, chainId, onProgress)
        if (status === "none" || (status !== undefined && !sendsAtomically(status))) return yield* fallBack
        const sent = yield* Effect.result(walletRequest(provider, "wallet_sendCalls", params, network))
        if (sent._tag === "Success") return { result: sent.success, record: undefined }
        if (!lacksBatches(sent.failure)) return yield* Effect.fail(inCatalogueWords(sent.failure))
        yield* Ref.update(capabilities, (c) =>
          withCapability(c, capabilityKey(connectorId, address, chainId), "none")
        )
        return yield* fallBack
      })

    /**
     * `wallet_getCapabilities` as Airlock answers it: the wallet's answer, each chain asked for (or named in
     * it) without `atomic` reading `atomic: unsupported`, since the modal takes batches there and sends them
     * call by call; a wallet without EIP-5792 gets that for every chain asked for. Chains are hex keys.
     */
    const capabilitiesFor = (provider: Eip1193Provider, params: unknown) =>
      Effect.gen(function* () {
        const [, asked] = Array.isArray(params) ? params : []
        const chains = Array.isArray(asked)
          ? asked
              .filter((c): c is string => typeof c === "string" && /^0x[0-9a-f]{1,16}$/i.test(c))
              .slice(0, 64)
          : []
        const answer = yield* Effect.result(walletRead(provider, "wallet_getCapabilities", params))
        if (answer._tag === "Failure" && !lacksBatches(answer.failure))
          return yield* Effect.fail(inCatalogueWords(answer.failure))
        const own: Record<string, unknown> =
          answer._tag === "Success" && typeof answer.success === "object" && answer.success !== null
            ? { ...(answer.success as Record<string, unknown>) }
            : {}
        // Only chain ids are written to ("__proto__" or any other key never is).
        const named = Object.keys(own)
          .filter((key) => /^0x[0-9a-f]{1,16}$/i.test(key))
          .slice(0, 64)
        const unsupported = { status: "unsupported" }
        for (const chain of [...new Set([...named, ...chains])]) {
          if (chain === "0x0" || atomicStatusOf(own, chain) !== undefined) continue
          const entry = own[chain]
          own[chain] =
            typeof entry === "object" && entry !== null
              ? { ...entry, atomic: unsupported }
              : { atomic: unsupported }
        }
        return own
      })

    /** The modal's own answer to `wallet_getCallsStatus` for `id`; `undefined` when the batch is the wallet's. */
    const ownStatus = (id: unknown) =>
      Effect.map(Ref.get(records), (r) => {
        const record = typeof id === "string" ? r.get(id) : undefined
        return record === undefined ? undefined : callsStatusOf(record)
      })

    /** Remembers a batch the wallet took as one (bounded as the modal's own records are). */
    const rememberAtomic = (id: string, calls: number) =>
      Ref.update(atomicSent, (sent) => {
        const next = new Map(sent)
        next.delete(id)
        next.set(id, calls)
        while (next.size > MAX_RECORDS) next.delete(next.keys().next().value as string)
        return next
      })

    /**
     * A batch sent for the visitor (the modal's own, call by call, or one a wallet took as one): its number
     * of calls and, call by call, the calls that landed so far; `undefined` for a batch the modal never sent.
     */
    const knownBatch = (id: unknown) =>
      Effect.gen(function* () {
        if (typeof id !== "string") return undefined
        const own = (yield* Ref.get(records)).get(id)
        if (own !== undefined) return { id, calls: own.calls, landed: landedCalls(own) }
        const calls = (yield* Ref.get(atomicSent)).get(id)
        return calls === undefined ? undefined : { id, calls, landed: undefined }
      })

    return { sendCalls, ownStatus, capabilitiesFor, records, rememberAtomic, knownBatch }
  })
