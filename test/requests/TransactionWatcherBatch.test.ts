// Batches (EIP-5792)
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import { type Answer, answer, entry, FAIL, hashOf, scriptedChain, track } from "./scriptedChain"

describe("track, calls batch", () => {
  const settleBatch = (script: ReadonlyArray<Answer>) => {
    const chain = scriptedChain(script)
    return Effect.gen(function* () {
      const start = yield* Clock.currentTimeMillis
      yield* track(chain.batch("batch-1"))
      yield* TestClock.adjust(script.length * 1_000)
      return { settled: yield* entry("batch-1"), times: chain.times().map((time) => time - start) }
    }).pipe(Effect.provide(chain.layer))
  }

  it.effect("confirmed with receipts: hash is the first receipt's", () =>
    Effect.gen(function* () {
      const receipts = [
        { transactionHash: hashOf(7), status: "0x1" },
        { transactionHash: hashOf(8), status: "0x1" }
      ]
      const { settled, times } = yield* settleBatch([
        answer({ status: 100 }),
        answer({ status: 200, receipts })
      ])
      assert.deepStrictEqual(times, [0, 1_000])
      assert.strictEqual(settled.kind, "calls")
      assert.strictEqual(settled.status, "confirmed")
      assert.strictEqual(settled.hash, hashOf(7))
      assert.strictEqual(settled.settledAt, 1_000)
    })
  )

  it.effect("the older string form: PENDING then CONFIRMED without receipts", () =>
    Effect.gen(function* () {
      const { settled } = yield* settleBatch([answer({ status: "PENDING" }), answer({ status: "CONFIRMED" })])
      assert.strictEqual(settled.status, "confirmed")
      assert.isUndefined(settled.hash)
    })
  )

  it.effect("a failed status or a reverted receipt fails it", () =>
    Effect.gen(function* () {
      for (const status of [400, 500, 600])
        assert.strictEqual((yield* settleBatch([answer({ status })])).settled.status, "failed")
      const reverted = [{ transactionHash: hashOf(9), status: "0x0" }]
      const { settled } = yield* settleBatch([answer({ status: 200, receipts: reverted })])
      assert.strictEqual(settled.status, "failed")
      assert.strictEqual(settled.hash, hashOf(9))
    })
  )

  it.effect("a failing wallet is retried and garbage counts as pending", () =>
    Effect.gen(function* () {
      const { settled, times } = yield* settleBatch([FAIL, answer({ status: 200 })])
      assert.deepStrictEqual(times, [0, 200])
      assert.strictEqual(settled.status, "confirmed")
      const garbage = yield* settleBatch([answer({ status: 300 }), answer("nope"), answer({ status: 200 })])
      assert.deepStrictEqual(garbage.times, [0, 1_000, 2_000])
      assert.strictEqual(garbage.settled.status, "confirmed")
    })
  )
})
