import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as PubSub from "effect/PubSub"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TransactionWaitTimeoutError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { type CallsStatus, decodeCallsStatus, decodeReceiptResponse } from "../../schemas/Receipt"
import { decodeSignatureStatuses, type SignatureStatus } from "../../schemas/SolanaRpc"
import { FallbackTransport } from "../../services/FallbackTransport"
import type { Receipt, SentRequest, Submission, TrackedTransaction } from "../../services/TransactionWatcher"
import { chainIdOf, decodeTransactionResponse, mismatchedFields, transactionFor } from "./sentCheck"
import { pendingTransaction, withSettled, withTracked } from "./trackedList"

/** SPEC.md §9: after the adapter's wait, the pending watch asks this often. */
export const PENDING_POLL_INTERVAL = Duration.millis(30_000)
/** SPEC.md §9: the pending watch gives up (status `unknown`) after this many still-pending answers. */
export const MAX_PENDING_POLLS = 99
/** SPEC.md §9: `waitForReceipt` gives up after this long. */
export const RECEIPT_WAIT_TIMEOUT = Duration.millis(180_000)
/** SPEC.md §9: a failed RPC ask is retried this many times... */
export const RPC_RETRIES = 6
/** ...first after this delay, then doubling (200, 400, 800, ... ms). */
export const RPC_RETRY_DELAY = Duration.millis(200)
/** SPEC.md §9: how long after sending the adapter waits for the receipt before the pending watch takes over. */
export const ADAPTER_WAIT = Duration.millis(25_000)
/**
 * Our own choice, not SPEC.md's: how often the adapter's wait and `waitForReceipt` ask for the receipt.
 * About a block on fast chains, 25 asks in the adapter's wait.
 */
export const RECEIPT_POLL_INTERVAL = Duration.millis(1_000)
/** THREATS.md R2 (read RPC ≤ 10 s): the budget of one attempt; a timed-out attempt is retried like a failure. */
export const RPC_ATTEMPT_TIMEOUT = Duration.seconds(10)
/** The retries of one ask: 6 more attempts, 200 ms then doubling. */
export const rpcRetrySchedule = Schedule.max([
  Schedule.exponential(RPC_RETRY_DELAY),
  Schedule.recurs(RPC_RETRIES)
])

/** How a watched transaction ended: its final status and the hash that settled it, if any. */
export interface Settlement {
  readonly status: "confirmed" | "failed" | "unknown"
  readonly hash: string | undefined
}

const GAVE_UP: Settlement = { status: "unknown", hash: undefined }
/** The hash names another transaction than the one sent: the send never happened as asked. */
const MISMATCHED: Settlement = { status: "failed", hash: undefined }

const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The receipt of `hash`, or `undefined` (still pending) when there is none or it names another transaction:
 * an RPC that answers for the wrong hash is not believed.
 */
export const receiptFor = (hash: string, receipt: Receipt | null): Receipt | undefined =>
  receipt !== null && sameHash(receipt.transactionHash, hash) ? receipt : undefined

export const settlementOfReceipt = (receipt: Receipt): Settlement => ({
  status: receipt.status === "success" ? "confirmed" : "failed",
  hash: receipt.transactionHash
})

/**
 * A Solana transaction settles once its signature's status is `confirmed` or `finalized` (failed when it
 * carries an error); unknown to the node or only `processed`, it is still pending (`undefined`).
 */
export const settlementOfSignature = (
  signature: string,
  status: SignatureStatus | null | undefined
): Settlement | undefined => {
  if (status === null || status === undefined) return undefined
  if (status.err !== null && status.err !== undefined) return { status: "failed", hash: signature }
  return status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized"
    ? { status: "confirmed", hash: signature }
    : undefined
}

/** A batch settles when the wallet says so; any reverted receipt fails it. `undefined`: still pending. */
export const settlementOfCalls = (calls: CallsStatus): Settlement | undefined => {
  if (calls.status === "pending") return undefined
  const receipts = calls.receipts ?? []
  const reverted = receipts.some((receipt) => receipt.status === "reverted")
  return {
    status: calls.status === "failed" || reverted ? "failed" : "confirmed",
    hash: receipts[0]?.transactionHash
  }
}

/**
 * One ask: each attempt bounded by `RPC_ATTEMPT_TIMEOUT`, failures retried by `rpcRetrySchedule` unless
 * `retryable` says no. Whatever still goes wrong (the last failure, a defect, an answer `read` refuses) is
 * logged and reads as "still pending" (`undefined`): a failing RPC never settles a transaction.
 */
const askWith = <E, A>(
  what: string,
  attempt: Effect.Effect<unknown, E>,
  read: (answer: unknown) => Result.Result<A | undefined, unknown>,
  retryable: (error: unknown) => boolean = () => true
): Effect.Effect<A | undefined> =>
  attempt.pipe(
    Effect.timeout(RPC_ATTEMPT_TIMEOUT),
    Effect.retry({ schedule: rpcRetrySchedule, while: retryable }),
    Effect.flatMap((answer) => Effect.fromResult(read(answer))),
    Effect.catch((error) => Effect.as(Effect.logDebug(`${what}: counted as pending`, error), undefined)),
    Effect.catchDefect((defect) =>
      Effect.as(Effect.logDebug(`${what}: counted as pending`, defect), undefined)
    )
  )

/**
 * Asks now, then every `interval`, until an answer comes or `budget` has passed: no ask starts at or after
 * the deadline, and one still running then is cut off. `undefined` when the budget ran out.
 */
export const pollWithin = <A>(
  ask: Effect.Effect<A | undefined>,
  interval: Duration.Duration,
  budget: Duration.Duration
): Effect.Effect<A | undefined> =>
  Effect.gen(function* () {
    const deadline = (yield* Clock.currentTimeMillis) + Duration.toMillis(budget)
    const poll = Effect.gen(function* () {
      while (true) {
        const answer = yield* ask
        if (answer !== undefined) return answer
        yield* Effect.sleep(interval)
        if ((yield* Clock.currentTimeMillis) >= deadline) return undefined
      }
    })
    return yield* Effect.timeoutOrElse(poll, { duration: budget, orElse: () => Effect.succeed(undefined) })
  })

/** The pending watch: asks every `PENDING_POLL_INTERVAL`, at most `MAX_PENDING_POLLS` times. */
const pendingWatch = <A>(ask: Effect.Effect<A | undefined>): Effect.Effect<A | undefined> =>
  Effect.delay(ask, PENDING_POLL_INTERVAL).pipe(
    Effect.repeat({ until: (answer) => answer !== undefined, times: MAX_PENDING_POLLS - 1 })
  )

/** What `TransactionWatcherLive` owns and this part fills: the list, its hub and the watches' scope. */
export interface WatchedList {
  readonly transactions: SubscriptionRef.SubscriptionRef<ReadonlyArray<TrackedTransaction>>
  readonly settledHub: PubSub.PubSub<TrackedTransaction>
  readonly scope: Scope.Scope
}

/** What `TransactionWatcherLive` takes from this part (in the account stage): listing and following. */
export interface ReceiptWatch {
  /** Lists the submission at once and follows it until it settles (`TransactionWatcher.track`). */
  readonly track: (submission: Submission) => Effect.Effect<void>
  readonly waitForReceipt: (
    network: CaipNetworkId,
    hash: string
  ) => Effect.Effect<Receipt, TransactionWaitTimeoutError>
}

export const makeReceiptWatch = ({ transactions, settledHub, scope }: WatchedList) =>
  Effect.gen(function* () {
    const rpc = yield* FallbackTransport

    const askReceipt = (network: CaipNetworkId, hash: string) =>
      askWith(
        `eth_getTransactionReceipt ${hash}`,
        rpc.request(network, { method: "eth_getTransactionReceipt", params: [hash] }),
        (answer) => Result.map(decodeReceiptResponse(answer), (receipt) => receiptFor(hash, receipt)),
        // Asking again cannot configure the chain.
        (error) => !Predicate.isTagged(error, "ChainNotConfiguredError")
      )

    /** Solana: the signature's status, the node searching its history too (a send older than its cache). */
    const askSignature = (network: CaipNetworkId, signature: string) =>
      askWith(
        `getSignatureStatuses ${signature}`,
        rpc.request(network, {
          method: "getSignatureStatuses",
          params: [[signature], { searchTransactionHistory: true }]
        }),
        (answer) =>
          Result.map(decodeSignatureStatuses(answer), ({ value }) =>
            settlementOfSignature(signature, value[0])
          ),
        (error) => !Predicate.isTagged(error, "ChainNotConfiguredError")
      )

    /** The transaction the node holds under `hash`; `undefined` while it holds none or does not answer. */
    const askTransaction = (network: CaipNetworkId, hash: string) =>
      askWith(
        `eth_getTransactionByHash ${hash}`,
        rpc.request(network, { method: "eth_getTransactionByHash", params: [hash] }),
        (answer) => Result.map(decodeTransactionResponse(answer), (found) => transactionFor(hash, found)),
        (error) => !Predicate.isTagged(error, "ChainNotConfiguredError")
      )

    /**
     * A receipt settles a send only once the transaction under its hash is the one sent (when the request is
     * known): a wallet may answer the hash of another, already mined transaction.
     */
    const askSentReceipt = (network: CaipNetworkId, hash: string, sent: SentRequest | undefined) =>
      Effect.flatMap(askReceipt(network, hash), (receipt) => {
        if (receipt === undefined) return Effect.succeed(undefined)
        if (sent === undefined) return Effect.succeed(settlementOfReceipt(receipt))
        return Effect.flatMap(askTransaction(network, hash), (transaction) => {
          if (transaction === undefined) return Effect.succeed(undefined)
          const fields = mismatchedFields(sent, chainIdOf(network), transaction)
          return fields.length === 0
            ? Effect.succeed(settlementOfReceipt(receipt))
            : Effect.as(
                Effect.logWarning(
                  `${hash} names another transaction than the one sent (${fields.join(", ")})`
                ),
                MISMATCHED
              )
        })
      })

    const askSettlement = (submission: Submission): Effect.Effect<Settlement | undefined> =>
      submission.kind === "transaction" && submission.network.startsWith("solana:")
        ? askSignature(submission.network, submission.hash)
        : submission.kind === "transaction"
          ? askSentReceipt(submission.network, submission.hash, submission.sent)
          : askWith(`wallet_getCallsStatus ${submission.id}`, submission.callsStatus, (answer) =>
              Result.map(decodeCallsStatus(answer), settlementOfCalls)
            )

    const settle = (submission: Submission) =>
      Effect.gen(function* () {
        const ask = askSettlement(submission)
        return (
          (yield* pollWithin(ask, RECEIPT_POLL_INTERVAL, ADAPTER_WAIT)) ??
          (yield* pendingWatch(ask)) ??
          GAVE_UP
        )
      })

    const waitForReceipt = (network: CaipNetworkId, hash: string) =>
      Effect.flatMap(
        pollWithin(askReceipt(network, hash), RECEIPT_POLL_INTERVAL, RECEIPT_WAIT_TIMEOUT),
        (receipt) =>
          receipt === undefined
            ? Effect.fail(
                new TransactionWaitTimeoutError({ hash, timeoutMs: Duration.toMillis(RECEIPT_WAIT_TIMEOUT) })
              )
            : Effect.succeed(receipt)
      )

    /** Ends once `id` is no longer listed (pushed out by newer transactions). */
    const pushedOut = (id: string) =>
      SubscriptionRef.changes(transactions).pipe(
        Stream.filter((all) => !all.some((t) => t.id === id)),
        Stream.runHead,
        Effect.asVoid
      )

    /** A failing RPC only ever makes the watch wait longer. */
    const watch = (entry: TrackedTransaction, submission: Submission) =>
      Effect.gen(function* () {
        const settlement = yield* settle(submission)
        const settled: TrackedTransaction = {
          ...entry,
          status: settlement.status,
          hash: settlement.hash,
          settledAt: yield* Clock.currentTimeMillis
        }
        yield* SubscriptionRef.update(transactions, (all) => withSettled(all, settled))
        yield* PubSub.publish(settledHub, settled)
      })

    const track = (submission: Submission) =>
      Effect.gen(function* () {
        const entry = pendingTransaction(submission, yield* Clock.currentTimeMillis)
        const added = yield* SubscriptionRef.modify(transactions, (all) => {
          const next = withTracked(all, entry)
          return next === undefined ? [undefined, all] : [next.evicted, next.transactions]
        })
        // Already listed: already watched.
        if (added === undefined) return
        // An entry pushed out of the list is no longer shown: its watch stops too.
        yield* Effect.forkIn(Effect.raceFirst(watch(entry, submission), pushedOut(entry.id)), scope)
      })

    return { track, waitForReceipt } satisfies ReceiptWatch
  })
