// settled, and waitForReceipt
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as PubSub from "effect/PubSub"
import { TransactionWatcher } from "../../src/services/TransactionWatcher"
import {
  at,
  FAIL,
  HASH,
  hashOf,
  NETWORK,
  NOT_MINED,
  receipt,
  scriptedChain,
  sent,
  track,
  transactions
} from "./scriptedChain"

describe("settled", () => {
  it.effect("delivers each settled transaction once", () => {
    const chain = scriptedChain([receipt("0x1", hashOf(1)), NOT_MINED, receipt("0x0", hashOf(2))])
    return Effect.gen(function* () {
      const watcher = yield* TransactionWatcher
      const subscription = yield* watcher.settled
      yield* track(sent(hashOf(1)))
      yield* track(sent(hashOf(2)))
      yield* at(60_000)
      const first = yield* PubSub.take(subscription)
      const second = yield* PubSub.take(subscription)
      assert.deepStrictEqual([first.id, first.status, first.settledAt], [hashOf(1), "confirmed", 0])
      assert.deepStrictEqual([second.id, second.status, second.settledAt], [hashOf(2), "failed", 1_000])
      assert.deepStrictEqual(yield* transactions, [second, first])
      assert.strictEqual(yield* PubSub.remaining(subscription), 0)
    }).pipe(Effect.provide(chain.layer))
  })
})

describe("waitForReceipt", () => {
  const wait = Effect.flatMap(TransactionWatcher, (w) => w.waitForReceipt(NETWORK, HASH))

  it.effect("polls until a receipt comes, retrying failed asks", () => {
    const chain = scriptedChain([NOT_MINED, FAIL, receipt("0x0")])
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(wait)
      yield* at(1_199)
      assert.isUndefined(fiber.pollUnsafe())
      yield* at(1_200)
      const found = yield* Fiber.join(fiber)
      assert.deepStrictEqual(found, { transactionHash: HASH, blockNumber: 16n, status: "reverted" })
      assert.deepStrictEqual(chain.times(), [0, 1_000, 1_200])
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("fails with TransactionWaitTimeoutError at exactly 180 000 ms", () => {
    const chain = scriptedChain([])
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(wait)
      yield* at(179_999)
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual(chain.asks.length, 180)
      yield* at(180_000)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
      assert.deepStrictEqual(
        error?._tag === "Fail" ? [error.error._tag, error.error.hash, error.error.timeoutMs] : error,
        ["TransactionWaitTimeoutError", HASH, 180_000]
      )
      assert.strictEqual(chain.asks.length, 180)
    }).pipe(Effect.provide(chain.layer))
  })
})
