// track: each submission from pending to confirmed, failed or unknown, and the property over any answers
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { ChainNotConfiguredError } from "../../src/errors"
import { MAX_TRACKED_TRANSACTIONS } from "../../src/layers/requests/trackedList"
import {
  type TrackedStatus,
  type TrackedTransaction,
  TransactionWatcher
} from "../../src/services/TransactionWatcher"
import {
  type Answer,
  answer,
  at,
  DIE,
  entry,
  FAIL,
  FROM,
  HANG,
  HASH,
  hashOf,
  NETWORK,
  NOT_MINED,
  range,
  receipt,
  scriptedChain,
  sent,
  track,
  transactions
} from "./scriptedChain"

describe("track", () => {
  it.effect("shows a submission as pending at once, newest first, sent at Clock time", () => {
    const chain = scriptedChain([])
    return Effect.gen(function* () {
      yield* track(sent(hashOf(1)))
      yield* at(5_000)
      yield* track(sent(hashOf(2)))
      const [second, first] = yield* transactions
      assert.deepStrictEqual(first, {
        id: hashOf(1),
        kind: "transaction",
        network: NETWORK,
        from: FROM,
        to: undefined,
        value: "1",
        hash: undefined,
        status: "pending",
        submittedAt: 0,
        settledAt: undefined
      })
      assert.strictEqual(second?.submittedAt, 5_000)
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("asks every 1 000 ms in the adapter's wait; a receipt confirms it", () => {
    const chain = scriptedChain([NOT_MINED, NOT_MINED, NOT_MINED, receipt("0x1")])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(2_999)
      assert.strictEqual((yield* entry()).status, "pending")
      yield* at(3_000)
      const confirmed = yield* entry()
      assert.deepStrictEqual(chain.times(), [0, 1_000, 2_000, 3_000])
      assert.strictEqual(confirmed.status, "confirmed")
      assert.strictEqual(confirmed.hash, HASH)
      assert.strictEqual(confirmed.settledAt, 3_000)
      yield* at(600_000)
      assert.strictEqual(chain.asks.length, 4)
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("a reverted receipt fails it", () => {
    const chain = scriptedChain([receipt("0x0")])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(0)
      assert.strictEqual((yield* entry()).status, "failed")
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect(
    "still pending at 24 999 ms; at 25 000 the pending watch takes over, first asking at 55 000",
    () => {
      const script = [...Array<Answer>(25).fill(NOT_MINED), receipt("0x1")]
      const chain = scriptedChain(script)
      return Effect.gen(function* () {
        yield* track(sent())
        yield* at(24_999)
        assert.deepStrictEqual(chain.times(), range(0, 25, 1_000))
        yield* at(25_000)
        assert.strictEqual(chain.asks.length, 25)
        yield* at(54_999)
        assert.strictEqual(chain.asks.length, 25)
        assert.strictEqual((yield* entry()).status, "pending")
        yield* at(55_000)
        assert.strictEqual(chain.asks.length, 26)
        assert.strictEqual((yield* entry()).status, "confirmed")
        assert.strictEqual((yield* entry()).settledAt, 55_000)
      }).pipe(Effect.provide(chain.layer))
    }
  )

  it.effect("the pending watch asks every 30 000 ms and gives up after exactly 99 pending answers", () => {
    const chain = scriptedChain([])
    const lastAsk = 55_000 + 98 * 30_000
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(lastAsk - 1)
      assert.strictEqual(chain.asks.length, 25 + 98)
      assert.strictEqual((yield* entry()).status, "pending")
      yield* at(lastAsk)
      assert.deepStrictEqual(chain.times().slice(25), range(55_000, 99, 30_000))
      const gaveUp = yield* entry()
      assert.strictEqual(gaveUp.status, "unknown")
      assert.strictEqual(gaveUp.settledAt, lastAsk)
      assert.isUndefined(gaveUp.hash)
      yield* at(lastAsk + 3_600_000)
      assert.strictEqual(chain.asks.length, 25 + 99)
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect(
    "retries a failed ask at 200, 400, 800... ms; the 7th failure counts as pending, not failed",
    () => {
      const chain = scriptedChain([...Array<Answer>(7).fill(FAIL), receipt("0x1")])
      return Effect.gen(function* () {
        yield* track(sent())
        yield* at(12_599)
        assert.deepStrictEqual(chain.times(), [0, 200, 600, 1_400, 3_000, 6_200])
        yield* at(12_600)
        assert.strictEqual(chain.asks.length, 7)
        assert.strictEqual((yield* entry()).status, "pending")
        // Given up: the next ask is a poll interval later, not another doubling (12 800 ms) later.
        yield* at(13_599)
        assert.strictEqual(chain.asks.length, 7)
        yield* at(13_600)
        assert.strictEqual(chain.asks.length, 8)
        assert.strictEqual((yield* entry()).status, "confirmed")
      }).pipe(Effect.provide(chain.layer))
    }
  )

  it.effect("an attempt without an answer is cut off at 10 s and retried 200 ms later", () => {
    const chain = scriptedChain([HANG, receipt("0x1")])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(10_199)
      assert.deepStrictEqual(chain.times(), [0])
      yield* at(10_200)
      assert.deepStrictEqual(chain.times(), [0, 10_200])
      assert.strictEqual((yield* entry()).status, "confirmed")
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("does not retry an unconfigured chain: it counts as pending at once", () => {
    const unconfigured: Answer = { _tag: "fail", error: new ChainNotConfiguredError({ chainId: NETWORK }) }
    const chain = scriptedChain([unconfigured, receipt("0x1")])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(1_000)
      assert.deepStrictEqual(chain.times(), [0, 1_000])
      assert.strictEqual((yield* entry()).status, "confirmed")
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("garbage, a defect or another transaction's receipt count as pending, without a crash", () => {
    const chain = scriptedChain([
      answer("0xdead"),
      answer({ transactionHash: 42 }),
      DIE,
      receipt("0x1", hashOf(0xdef)),
      receipt("0x1")
    ])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(3_999)
      assert.strictEqual(chain.asks.length, 4)
      assert.strictEqual((yield* entry()).status, "pending")
      yield* at(4_000)
      assert.strictEqual((yield* entry()).status, "confirmed")
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect(`keeps the newest ${MAX_TRACKED_TRANSACTIONS} and stops watching the one pushed out`, () => {
    const chain = scriptedChain([])
    return Effect.gen(function* () {
      for (let n = 1; n <= MAX_TRACKED_TRANSACTIONS + 1; n++) yield* track(sent(hashOf(n)))
      const all = yield* transactions
      assert.strictEqual(all.length, 50)
      assert.strictEqual(all[0]?.id, hashOf(MAX_TRACKED_TRANSACTIONS + 1))
      assert.strictEqual(all.at(-1)?.id, hashOf(2))
      yield* at(10_000)
      // It may have asked once, at 0, before it was pushed out; never after.
      const evicted = chain.asks.filter((a) => a.hash === hashOf(1))
      assert.isAtMost(evicted.length, 1)
      assert.isTrue(evicted.every((a) => a.at === 0))
      assert.strictEqual(chain.asks.filter((a) => a.hash === hashOf(2)).length, 11)
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("ignores a submission whose id is already tracked", () => {
    const chain = scriptedChain([])
    return Effect.gen(function* () {
      yield* track(sent())
      yield* at(500)
      yield* track(sent())
      yield* at(999)
      assert.strictEqual((yield* transactions).length, 1)
      assert.strictEqual((yield* entry()).submittedAt, 0)
      assert.deepStrictEqual(chain.times(), [0])
    }).pipe(Effect.provide(chain.layer))
  })

  it.effect("stops every watch when the service's scope closes", () => {
    const chain = scriptedChain([])
    return Effect.gen(function* () {
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(chain.layer, scope)
      yield* track(sent()).pipe(Effect.provide(context))
      yield* at(2_000)
      assert.strictEqual(chain.asks.length, 3)
      yield* Scope.close(scope, Exit.void)
      yield* at(3_600_000)
      assert.strictEqual(chain.asks.length, 3)
    })
  })
})

// ---------------------------------------------------------------------------------------------------------
// Property
// ---------------------------------------------------------------------------------------------------------

const anyAnswer: fc.Arbitrary<Answer> = fc.oneof(
  fc.constant(NOT_MINED),
  fc.constantFrom(receipt("0x1"), receipt("0x0"), receipt("0x1", hashOf(5))),
  fc.constantFrom(answer({ status: 100 }), answer({ status: 200 }), answer({ status: 500 })),
  fc.anything().map(answer),
  fc.constantFrom(FAIL, DIE, HANG)
)

describe("any answers", () => {
  it("never make track fail; status moves from pending once, to confirmed, failed or unknown", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(anyAnswer, { maxLength: 40 }), async (isBatch, script) => {
        const chain = scriptedChain(script)
        const program = Effect.gen(function* () {
          const watcher = yield* TransactionWatcher
          const subscription = yield* watcher.settled
          const seen: Array<TrackedStatus> = []
          yield* Stream.runForEach(SubscriptionRef.changes(watcher.transactions), (all) =>
            Effect.sync(() => {
              const status = all[0]?.status
              if (status !== undefined && seen.at(-1) !== status) seen.push(status)
            })
          ).pipe(Effect.forkScoped({ startImmediately: true }))
          yield* watcher.track(isBatch ? chain.batch("batch") : sent())
          // Past the last pending-watch ask, with room for asks slowed by hung attempts.
          yield* at(55_000 + 99 * 30_000 + 3_600_000)
          const settled: TrackedTransaction = yield* PubSub.take(subscription)
          assert.strictEqual(yield* PubSub.remaining(subscription), 0)
          assert.deepStrictEqual(seen, ["pending", settled.status])
          assert.include(["confirmed", "failed", "unknown"], settled.status)
          assert.deepStrictEqual(yield* SubscriptionRef.get(watcher.transactions), [settled])
        })
        await Effect.runPromise(
          program.pipe(Effect.provide(chain.layer), Effect.scoped, Effect.provide(TestClock.layer()))
        )
      }),
      { numRuns: 300 }
    )
  }, 120_000)
})
