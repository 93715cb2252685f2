import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { ChainNotConfiguredError } from "../../src/errors"
import { receiptFor, settlementOfCalls } from "../../src/layers/requests/TransactionWatcher.lazy"
import { TransactionWatcherLive } from "../../src/layers/requests/TransactionWatcherLive"
import {
  MAX_TRACKED_TRANSACTIONS,
  pendingTransaction,
  withTracked
} from "../../src/layers/requests/trackedList"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { RpcTransportError } from "../../src/services/RpcTransport"
import {
  type Submission,
  type TrackedStatus,
  type TrackedTransaction,
  TransactionWatcher
} from "../../src/services/TransactionWatcher"

// ---------------------------------------------------------------------------------------------------------
// A scripted chain
// ---------------------------------------------------------------------------------------------------------

/** What the fake answers to one ask. */
type Answer =
  | { readonly _tag: "answer"; readonly value: unknown }
  | { readonly _tag: "fail"; readonly error?: unknown }
  | { readonly _tag: "hang" }
  | { readonly _tag: "die" }

const answer = (value: unknown): Answer => ({ _tag: "answer", value })
const FAIL: Answer = { _tag: "fail" }
const HANG: Answer = { _tag: "hang" }
const DIE: Answer = { _tag: "die" }
const NOT_MINED = answer(null)

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}`
const HASH = hashOf(0xabc)
const NETWORK = "eip155:1"
const FROM = "0x52908400098527886e0f7030069857d2e4169ee7"

const receipt = (status: "0x1" | "0x0", hash = HASH) =>
  answer({ transactionHash: hash, blockNumber: "0x10", status, gasUsed: "0x5208" })

const sent = (hash = HASH): Submission => ({
  kind: "transaction",
  hash,
  network: NETWORK,
  from: FROM,
  value: "1"
})

interface Ask {
  readonly at: number
  readonly hash: unknown
}

/**
 * A chain whose n-th ask (RPC request or batch status, counted together) gets `script[n]`, and a pending
 * answer once the script is spent. `asks` records when each ask came and for which hash.
 */
const scriptedChain = (script: ReadonlyArray<Answer>, rest: Answer = NOT_MINED) => {
  const asks: Array<Ask> = []
  const ask = (hash: unknown) =>
    Effect.gen(function* () {
      asks.push({ at: yield* Clock.currentTimeMillis, hash })
      const next = script[asks.length - 1] ?? rest
      switch (next._tag) {
        case "answer":
          return next.value
        case "fail":
          return yield* Effect.fail(
            next.error ?? new RpcTransportError({ method: "x", transport: "fake", reason: "Transport" })
          )
        case "hang":
          return yield* Effect.never
        case "die":
          return yield* Effect.die("the fake blew up")
      }
    })
  const transport = FallbackTransport.of({
    request: (_network, request) =>
      ask(Array.isArray(request.params) ? request.params[0] : undefined) as Effect.Effect<
        unknown,
        RpcTransportError | ChainNotConfiguredError
      >,
    ranking: () => Effect.die("not used")
  })
  const layer = TransactionWatcherLive.pipe(Layer.provide(Layer.succeed(FallbackTransport, transport)))
  const batch = (id: string): Submission => ({
    kind: "calls",
    id,
    network: NETWORK,
    from: FROM,
    callsStatus: ask(id)
  })
  return { asks, layer, batch, times: () => asks.map((a) => a.at) }
}

const transactions = Effect.flatMap(TransactionWatcher, (w) => SubscriptionRef.get(w.transactions))
const entry = (id = HASH) =>
  Effect.map(transactions, (all) => {
    const found = all.find((t) => t.id === id)
    if (found === undefined) return assert.fail(`${id} is not tracked`)
    return found
  })
const track = (submission: Submission) => Effect.flatMap(TransactionWatcher, (w) => w.track(submission))
/** Moves the clock to `ms` since the test started. */
const at = (ms: number) => Effect.flatMap(Clock.currentTimeMillis, (now) => TestClock.adjust(ms - now))

const range = (from: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => from + i * step)

// ---------------------------------------------------------------------------------------------------------
// track
// ---------------------------------------------------------------------------------------------------------

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
// Batches (EIP-5792)
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// settled
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// waitForReceipt
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// Pure parts
// ---------------------------------------------------------------------------------------------------------

describe("pure parts", () => {
  it("withTracked refuses a known id and reports what it pushed out", () => {
    const list = range(1, MAX_TRACKED_TRANSACTIONS, 1).map((n) => pendingTransaction(sent(hashOf(n)), n))
    assert.isUndefined(withTracked(list, pendingTransaction(sent(hashOf(3)), 99)))
    const next = withTracked(list, pendingTransaction(sent(hashOf(99)), 99))
    assert.deepStrictEqual(next?.evicted, [hashOf(MAX_TRACKED_TRANSACTIONS)])
    assert.strictEqual(next?.transactions[0]?.id, hashOf(99))
  })

  it("receiptFor believes only a receipt of the hash asked for (any case)", () => {
    const wire = {
      transactionHash: HASH.toUpperCase().replace("0X", "0x"),
      blockNumber: 1n,
      status: "success" as const
    }
    assert.strictEqual(receiptFor(HASH, wire), wire)
    assert.isUndefined(receiptFor(hashOf(1), wire))
    assert.isUndefined(receiptFor(HASH, null))
  })

  it("settlementOfCalls: pending stays pending; confirmed needs every receipt to succeed", () => {
    assert.isUndefined(settlementOfCalls({ status: "pending" }))
    assert.deepStrictEqual(settlementOfCalls({ status: "confirmed" }), {
      status: "confirmed",
      hash: undefined
    })
    assert.deepStrictEqual(
      settlementOfCalls({
        status: "confirmed",
        receipts: [
          { transactionHash: hashOf(1), status: "success" },
          { transactionHash: hashOf(2), status: "reverted" }
        ]
      }),
      { status: "failed", hash: hashOf(1) }
    )
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
