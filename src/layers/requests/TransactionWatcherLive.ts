import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TransactionWaitTimeoutError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import {
  type Submission,
  type TrackedTransaction,
  TransactionWatcher
} from "../../services/TransactionWatcher"
import { type ChunkLoadError, call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import type { ReceiptWatch } from "./TransactionWatcher.lazy"

/** Transactions kept in `transactions`, newest first. */
export const MAX_TRACKED_TRANSACTIONS = 50

/** The id a submission is tracked under: the transaction hash (a Solana signature) or the batch id. */
export const submissionId = (submission: Submission): string =>
  submission.kind === "transaction" ? submission.hash : submission.id

/** The entry `track` shows at once, sent at `now`. */
export const pendingTransaction = (submission: Submission, now: number): TrackedTransaction => ({
  id: submissionId(submission),
  kind: submission.kind,
  network: submission.network,
  from: submission.from,
  to: submission.kind === "transaction" ? submission.to : undefined,
  value: submission.kind === "transaction" ? submission.value : undefined,
  hash: undefined,
  status: "pending",
  submittedAt: now,
  settledAt: undefined
})

/**
 * `entry` added in front of `transactions`, the oldest dropped beyond the bound; `undefined` when its id is
 * already there. `evicted` lists the ids dropped.
 */
export const withTracked = (
  transactions: ReadonlyArray<TrackedTransaction>,
  entry: TrackedTransaction
):
  | { readonly transactions: ReadonlyArray<TrackedTransaction>; readonly evicted: ReadonlyArray<string> }
  | undefined => {
  if (transactions.some((t) => t.id === entry.id)) return undefined
  const all = [entry, ...transactions]
  return {
    transactions: all.slice(0, MAX_TRACKED_TRANSACTIONS),
    evicted: all.slice(MAX_TRACKED_TRANSACTIONS).map((t) => t.id)
  }
}

/** `transactions` with the entry of `settled.id` replaced by `settled`, if it is still there. */
export const withSettled = (
  transactions: ReadonlyArray<TrackedTransaction>,
  settled: TrackedTransaction
): ReadonlyArray<TrackedTransaction> => transactions.map((t) => (t.id === settled.id ? settled : t))

/** A watch whose code would not load asks for it again this often, then gives up ("unknown"). */
const LOAD_RETRIES = Schedule.max([Schedule.exponential("1 second"), Schedule.recurs(5)])

/** Following a transaction to its end (`TransactionWatcher.lazy.ts`), loaded with the first one. */
export const TransactionWatcherLazy = lazyPart(
  "@airlock/TransactionWatcher.lazy",
  () => import("./TransactionWatcher.lazy")
)

export const makeTransactionWatcher = Effect.gen(function* () {
  // The polling code is loaded with the first transaction: most visits send none.
  const receiptWatch = yield* lazyImplementation(TransactionWatcherLazy, (module) => module.makeReceiptWatch)
  const fallbacks = {
    // A watch whose code stayed away knows nothing of the transaction's end.
    settle: call(() => Effect.succeed({ status: "unknown" as const, hash: undefined })),
    waitForReceipt: call((error: ChunkLoadError, _network: CaipNetworkId, hash: string) =>
      Effect.fail(new TransactionWaitTimeoutError({ hash, cause: error.cause }))
    )
  }
  const { waitForReceipt } = lazyService(receiptWatch, fallbacks)
  const { settle } = lazyService<ReceiptWatch>(Effect.retry(receiptWatch, LOAD_RETRIES), fallbacks)
  const transactions = yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([])
  // Unbounded, so that publishing never waits on a subscriber; the subscribers are fibers of ours that drain it.
  const settledHub = yield* PubSub.unbounded<TrackedTransaction>()
  yield* Effect.addFinalizer(() => PubSub.shutdown(settledHub))
  // Watches run in the service's scope: closing it interrupts them all.
  const scope = yield* Effect.scope

  /** Ends once `id` is no longer listed (pushed out by newer transactions). */
  const pushedOut = (id: string) =>
    SubscriptionRef.changes(transactions).pipe(
      Stream.filter((all) => !all.some((t) => t.id === id)),
      Stream.runHead,
      Effect.asVoid
    )

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

  return TransactionWatcher.of({
    transactions,
    track,
    waitForReceipt,
    settled: PubSub.subscribe(settledHub)
  })
})

/**
 * Needs `FallbackTransport`.
 *
 * @since 0.2.0
 * @category layers
 */
export const TransactionWatcherLive = Layer.effect(TransactionWatcher, makeTransactionWatcher)
