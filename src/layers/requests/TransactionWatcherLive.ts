import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TransactionWaitTimeoutError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import {
  type Submission,
  type TrackedTransaction,
  TransactionWatcher
} from "../../services/TransactionWatcher"
import { type ChunkLoadError, call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"
import type { ReceiptWatch } from "./TransactionWatcher.lazy"
import { pendingTransaction, withTracked } from "./trackedList"

/**
 * Following transactions to their end (`TransactionWatcher.lazy.ts`), part of the account stage: a
 * transaction is only ever sent through code of that stage, so it is in memory by then.
 */
export const TransactionWatcherLazy = lazyPart("@airlock/TransactionWatcher.lazy", () =>
  accountStage().then((stage) => stage.transactionWatcher)
)

export const makeTransactionWatcher = Effect.gen(function* () {
  // The list and its hub live here, so that the list shows (empty) before any transaction; what follows
  // one to its end comes with the account stage.
  const transactions = yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([])
  // Unbounded, so that publishing never waits on a subscriber; the subscribers are fibers of ours that drain it.
  const settledHub = yield* PubSub.unbounded<TrackedTransaction>()
  yield* Effect.addFinalizer(() => PubSub.shutdown(settledHub))
  // Watches run in the service's scope: closing it interrupts them all.
  const scope = yield* Effect.scope
  const watch = yield* lazyImplementation(TransactionWatcherLazy, (module) =>
    module.makeReceiptWatch({ transactions, settledHub, scope })
  )
  const { track, waitForReceipt } = lazyService<ReceiptWatch>(watch, {
    // Sent all the same: listed, though nothing can follow it to its end.
    track: call((_error: ChunkLoadError, submission: Submission) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        SubscriptionRef.update(transactions, (all) => {
          const entry: TrackedTransaction = { ...pendingTransaction(submission, now), status: "unknown" }
          return withTracked(all, entry)?.transactions ?? all
        })
      )
    ),
    waitForReceipt: call((error: ChunkLoadError, _network: CaipNetworkId, hash: string) =>
      Effect.fail(new TransactionWaitTimeoutError({ hash, cause: error.cause }))
    )
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
