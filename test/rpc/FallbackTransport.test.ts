import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { ChainNotConfiguredError } from "../../src/errors"
import { toEip1193Error, toEip1193Request } from "../../src/layers/rpc/eip1193Request"
import {
  makeRankedFallback,
  rankTransports,
  scoreTransports,
  shouldRethrow,
  type TransportSamples
} from "../../src/layers/rpc/rankedFallback"
import { FallbackTransport, type RankedFallback, RankingConfig } from "../../src/services/FallbackTransport"
import {
  type RpcError,
  type RpcRequest,
  RpcResponseError,
  RpcTimeoutError,
  RpcTransportError,
  type RpcTransportShape
} from "../../src/services/RpcTransport"

// ---------------------------------------------------------------------------------------------------------
// Fakes
// ---------------------------------------------------------------------------------------------------------

type PingMode = "ok" | "fail" | "stall"

/** A transport whose pings and requests a test steers. Pings are `net_listening`, as configured by default. */
class FakeTransport implements RpcTransportShape {
  pingMode: PingMode = "ok"
  pingLatencyMs = 0
  requestError: RpcError | undefined = undefined
  pings = 0
  constructor(
    readonly name: string,
    private readonly log: Array<string> = []
  ) {}
  readonly request = (req: RpcRequest): Effect.Effect<unknown, RpcError> =>
    Effect.suspend(() => {
      if (req.method === "net_listening") {
        this.pings += 1
        if (this.pingMode === "stall") return Effect.never
        const answer: Effect.Effect<unknown, RpcError> =
          this.pingMode === "ok" ? Effect.succeed(true) : Effect.fail(transportFailure(this.name, req.method))
        return Effect.andThen(Effect.sleep(Duration.millis(this.pingLatencyMs)), answer)
      }
      this.log.push(this.name)
      return this.requestError === undefined
        ? Effect.succeed(`${this.name}:${req.method}`)
        : Effect.fail(this.requestError)
    })
}

const transportFailure = (transport: string, method = "eth_blockNumber") =>
  new RpcTransportError({ method, transport, reason: "Transport" })

const nodeError = (code: number, message = "node error") =>
  new RpcResponseError({ method: "eth_call", transport: "x", code, message })

const names = (fallback: RankedFallback) =>
  Effect.map(SubscriptionRef.get(fallback.ranking), (ranking) => ranking.map((entry) => entry.name))

const INTERVAL = Duration.millis(4000)
/** Lets the round that started at time 0 finish its pings (even timed-out ones) before the tests count rounds. */
const settleFirstRound = TestClock.adjust("1 second")
const nextRound = TestClock.adjust(INTERVAL)
const rounds = (count: number) => Effect.repeat(nextRound, { times: count - 1 })

/** The ranked fallback over `transports`, once the first round and `more` rounds after it have run. */
const rankedAfter = (more: number, transports: Parameters<typeof makeRankedFallback>[0]) =>
  Effect.gen(function* () {
    const fallback = yield* makeRankedFallback(transports)
    yield* settleFirstRound
    yield* rounds(more)
    return fallback
  })

const samples = (name: string, list: ReadonlyArray<readonly [number, boolean]>): TransportSamples => ({
  name,
  samples: list.map(([latency, success]) => ({ latency, success }))
})

const weights = { stabilityWeight: 0.7, latencyWeight: 0.3 }

// ---------------------------------------------------------------------------------------------------------
// Pure scoring
// ---------------------------------------------------------------------------------------------------------

describe("scoreTransports", () => {
  it("scores 0.3·(1 − mean/max latency) + 0.7·stability, with max over every transport", () => {
    const [a, b] = scoreTransports(
      [
        samples("a", [
          [100, true],
          [300, false]
        ]),
        samples("b", [
          [0, true],
          [0, true]
        ])
      ],
      weights
    )
    assert.strictEqual(a?.latency, 200)
    assert.strictEqual(a?.stability, 0.5)
    assert.closeTo(a?.score ?? Number.NaN, 0.3 * (1 - 200 / 300) + 0.7 * 0.5, 1e-12)
    assert.strictEqual(a?.samples, 2)
    assert.strictEqual(b?.score, 1)
  })

  it("gives latency score 1, never NaN, when every latency is 0 (as under TestClock)", () => {
    const scores = scoreTransports(
      [
        samples("a", [
          [0, true],
          [0, true]
        ]),
        samples("b", [
          [0, true],
          [0, false]
        ])
      ],
      weights
    )
    assert.deepStrictEqual(
      scores.map((s) => s.score),
      [1, 0.3 + 0.7 * 0.5]
    )
    for (const s of scores) assert.isFalse(Number.isNaN(s.score))
  })

  it("forces 0 when no ping succeeded, however fast, and for a transport without samples", () => {
    const [fast, empty] = scoreTransports(
      [samples("fast", [[0, false]]), samples("empty", []), samples("slow", [[500, true]])],
      weights
    )
    assert.strictEqual(fast?.score, 0)
    assert.deepStrictEqual(empty, { name: "empty", score: 0, stability: 0, latency: 0, samples: 0 })
  })

  it("keeps scores in [0, 1] whatever the weights (they are normalised)", () => {
    const [a] = scoreTransports([samples("a", [[0, true]])], { stabilityWeight: 7, latencyWeight: 3 })
    assert.strictEqual(a?.score, 1)
    const [b] = scoreTransports([samples("b", [[0, true]])], { stabilityWeight: 0, latencyWeight: 0 })
    assert.strictEqual(b?.score, 0)
  })

  const sampleArb = fc.record({
    latency: fc.oneof(fc.nat({ max: 60_000 }), fc.double()),
    success: fc.boolean()
  })
  const windowArb = fc.array(
    fc.record({ name: fc.string(), samples: fc.array(sampleArb, { maxLength: 12 }) }),
    { minLength: 1, maxLength: 6 }
  )
  const weightArb = fc.oneof(
    fc.constant(weights),
    fc.record({ stabilityWeight: fc.double(), latencyWeight: fc.double() })
  )

  it("property: for any window, every score, stability and latency is finite, score and stability in [0, 1]", () => {
    fc.assert(
      fc.property(windowArb, weightArb, (window, config) => {
        const scores = scoreTransports(window, config)
        assert.strictEqual(scores.length, window.length)
        for (const s of scores) {
          assert.isTrue(Number.isFinite(s.score) && s.score >= 0 && s.score <= 1, `score ${s.score}`)
          assert.isTrue(Number.isFinite(s.stability) && s.stability >= 0 && s.stability <= 1)
          assert.isTrue(Number.isFinite(s.latency) && s.latency >= 0)
        }
      }),
      { numRuns: 1000 }
    )
  })

  it("property: ranking is a stable sort by score, highest first", () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        const scored = scoreTransports(window, weights).map((s, index) => ({ ...s, index }))
        const ranked = rankTransports(scored)
        assert.sameMembers(
          ranked.map((s) => s.index),
          scored.map((s) => s.index)
        )
        ranked.slice(1).forEach((s, i) => {
          const previous = ranked[i]
          assert.isDefined(previous)
          if (previous === undefined) return
          assert.isTrue(previous.score > s.score || (previous.score === s.score && previous.index < s.index))
        })
      })
    )
  })
})

describe("rankTransports", () => {
  it("sorts highest score first and keeps configured order on ties", () => {
    const ranked = rankTransports([
      { name: "a", score: 0.5 },
      { name: "b", score: 0.9 },
      { name: "c", score: 0.5 },
      { name: "d", score: 0.9 },
      { name: "e", score: 0 }
    ])
    assert.deepStrictEqual(
      ranked.map((r) => r.name),
      ["b", "d", "a", "c", "e"]
    )
  })
})

describe("shouldRethrow", () => {
  const cases: ReadonlyArray<readonly [string, RpcError, boolean]> = [
    ["4001 user rejected", nodeError(4001), true],
    ["-32003 transaction rejected", nodeError(-32003), true],
    ["7000 WalletConnect session settlement", nodeError(7000), true],
    ["5000 CAIP user rejected", nodeError(5000), true],
    ["execution reverted (any case)", nodeError(3, "Execution Reverted: not owner"), true],
    ["execution reverted under another code", nodeError(-32000, "execution reverted"), true],
    ["-32000 header not found", nodeError(-32000, "header not found"), false],
    ["-32603 internal error", nodeError(-32603), false],
    ["-32601 method not found", nodeError(-32601), false],
    ["a transport failure", transportFailure("a"), false],
    ["a timeout", new RpcTimeoutError({ method: "eth_call", transport: "a", timeoutMs: 10_000 }), false]
  ]
  for (const [label, error, expected] of cases) {
    it(`${label} → ${expected ? "rethrow" : "try the next"}`, () => {
      assert.strictEqual(shouldRethrow(error), expected)
    })
  }
})

// ---------------------------------------------------------------------------------------------------------
// makeRankedFallback
// ---------------------------------------------------------------------------------------------------------

describe("makeRankedFallback requests", () => {
  it.effect("falls through in ranked order until a transport answers", () => {
    const log: Array<string> = []
    const [a, b, c] = [new FakeTransport("a", log), new FakeTransport("b", log), new FakeTransport("c", log)]
    a.requestError = transportFailure("a")
    b.requestError = nodeError(-32000, "header not found")
    return Effect.gen(function* () {
      const fallback = yield* makeRankedFallback([a, b, c])
      assert.strictEqual(yield* fallback.request({ method: "eth_blockNumber" }), "c:eth_blockNumber")
      assert.deepStrictEqual(log, ["a", "b", "c"])
    })
  })

  it.effect("rethrows the last transport's error when all fail", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    a.requestError = transportFailure("a")
    b.requestError = nodeError(-32603, "from b")
    return Effect.gen(function* () {
      const fallback = yield* makeRankedFallback([a, b])
      const error = yield* Effect.flip(fallback.request({ method: "eth_call" }))
      assert.strictEqual(error, b.requestError)
    })
  })

  const stoppers: ReadonlyArray<readonly [string, RpcError]> = [
    ["4001", nodeError(4001)],
    ["-32003", nodeError(-32003)],
    ["7000", nodeError(7000)],
    ["5000", nodeError(5000)],
    ["execution reverted", nodeError(3, "execution reverted: paused")]
  ]
  for (const [label, stopper] of stoppers) {
    it.effect(`${label} stops fall-through: the later transport is never called`, () => {
      const log: Array<string> = []
      const [a, b] = [new FakeTransport("a", log), new FakeTransport("b", log)]
      a.requestError = stopper
      return Effect.gen(function* () {
        const fallback = yield* makeRankedFallback([a, b])
        const error = yield* Effect.flip(fallback.request({ method: "eth_call" }))
        assert.strictEqual(error, stopper)
        assert.deepStrictEqual(log, ["a"])
      })
    })
  }
})

describe("makeRankedFallback ranking (TestClock)", () => {
  it.effect("a transport that starts failing drops below a healthy one within one window", () => {
    const log: Array<string> = []
    const [a, b] = [new FakeTransport("a", log), new FakeTransport("b", log)]
    return Effect.gen(function* () {
      const fallback = yield* rankedAfter(9, [a, b])
      assert.deepStrictEqual(yield* names(fallback), ["a", "b"])
      a.pingMode = "fail"
      let dropped = -1
      for (let round = 1; round <= 10 && dropped < 0; round++) {
        yield* nextRound
        if ((yield* names(fallback))[0] === "b") dropped = round
      }
      assert.isTrue(dropped >= 1 && dropped <= 10, `dropped after ${dropped} rounds`)
      const [first, second] = yield* SubscriptionRef.get(fallback.ranking)
      assert.strictEqual(first?.name, "b")
      assert.isBelow(second?.stability ?? 1, 1)
      // Requests follow the ranking.
      assert.strictEqual(yield* fallback.request({ method: "eth_blockNumber" }), "b:eth_blockNumber")
      assert.deepStrictEqual(log, ["b"])
    })
  })

  it.effect("a stalled transport is cut off by the 1000 ms ping timeout and ranked down", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    a.pingMode = "stall"
    return Effect.gen(function* () {
      const fallback = yield* makeRankedFallback([a, b])
      yield* TestClock.adjust("999 millis")
      assert.deepStrictEqual(yield* names(fallback), ["a", "b"], "no round result before the timeout")
      yield* TestClock.adjust("1 millis")
      const [first, second] = yield* SubscriptionRef.get(fallback.ranking)
      assert.deepStrictEqual(first, { name: "b", score: 1, stability: 1, latency: 0, samples: 1 })
      assert.deepStrictEqual(second, { name: "a", score: 0, stability: 0, latency: 1000, samples: 1 })
    })
  })

  it.effect("a recovered transport rises back once its stability outweighs the latency gap", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    a.pingMode = "fail"
    b.pingLatencyMs = 200
    return Effect.gen(function* () {
      const fallback = yield* rankedAfter(9, [a, b])
      assert.deepStrictEqual(yield* names(fallback), ["b", "a"])
      a.pingMode = "ok"
      // a: latency score 1, stability k/10 → 0.3 + 0.07k; b: latency score 0, stability 1 → 0.7. a wins at k = 6.
      yield* rounds(5)
      assert.deepStrictEqual(yield* names(fallback), ["b", "a"])
      yield* nextRound
      assert.deepStrictEqual(yield* names(fallback), ["a", "b"])
      const [first] = yield* SubscriptionRef.get(fallback.ranking)
      assert.closeTo(first?.score ?? 0, 0.3 + 0.7 * 0.6, 1e-12)
    })
  })

  it.effect("equal transports keep their configured order", () => {
    const transports = [new FakeTransport("a"), new FakeTransport("b"), new FakeTransport("c")] as const
    return Effect.gen(function* () {
      const fallback = yield* rankedAfter(3, transports)
      const ranking = yield* SubscriptionRef.get(fallback.ranking)
      assert.deepStrictEqual(
        ranking.map((r) => [r.name, r.score]),
        [
          ["a", 1],
          ["b", 1],
          ["c", 1]
        ]
      )
    })
  })

  it.effect("keeps only the last sampleCount rounds", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    return Effect.gen(function* () {
      const fallback = yield* rankedAfter(14, [a, b])
      assert.strictEqual(a.pings, 15)
      const ranking = yield* SubscriptionRef.get(fallback.ranking)
      assert.deepStrictEqual(
        ranking.map((r) => r.samples),
        [10, 10]
      )
    })
  })

  it.effect("a single transport needs no ranking fiber: it is never pinged", () => {
    const a = new FakeTransport("a")
    return Effect.gen(function* () {
      const fallback = yield* makeRankedFallback([a])
      yield* TestClock.adjust("1 minute")
      assert.strictEqual(a.pings, 0)
      assert.strictEqual(yield* fallback.request({ method: "eth_chainId" }), "a:eth_chainId")
    })
  })

  it.effect("the ranking fiber stops when the scope closes", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    return Effect.gen(function* () {
      const scope = yield* Scope.make()
      yield* makeRankedFallback([a, b]).pipe(Scope.provide(scope))
      yield* settleFirstRound
      yield* rounds(2)
      assert.strictEqual(a.pings, 3)
      yield* Scope.close(scope, Exit.void)
      const before = [a.pings, b.pings]
      yield* TestClock.adjust("1 minute")
      assert.deepStrictEqual([a.pings, b.pings], before)
    })
  })

  it.effect("takes its settings from RankingConfig, overridden by the config argument", () => {
    const [a, b] = [new FakeTransport("a"), new FakeTransport("b")]
    const [c, d] = [new FakeTransport("c"), new FakeTransport("d")]
    return Effect.gen(function* () {
      yield* makeRankedFallback([a, b])
      yield* makeRankedFallback([c, d], { interval: Duration.seconds(2) })
      yield* TestClock.adjust("4 seconds")
      assert.strictEqual(a.pings, 5, "RankingConfig: every 1 s")
      assert.strictEqual(c.pings, 3, "argument: every 2 s")
    }).pipe(
      Effect.provideService(RankingConfig, {
        ...RankingConfig.defaultValue(),
        interval: Duration.seconds(1)
      })
    )
  })
})

// ---------------------------------------------------------------------------------------------------------
// The EIP-1193 adapter
// ---------------------------------------------------------------------------------------------------------

describe("toEip1193Request", () => {
  const service = (result: Effect.Effect<unknown, RpcError | ChainNotConfiguredError>) =>
    FallbackTransport.of({
      request: () => result,
      ranking: () => Effect.fail(new ChainNotConfiguredError({}))
    })

  const rejection = (promise: Promise<unknown>) =>
    Effect.promise(() =>
      promise.then(
        () => undefined,
        (error: unknown) => error
      )
    )

  const fieldsOf = (error: unknown) =>
    error instanceof Error
      ? {
          code: "code" in error ? error.code : undefined,
          data: "data" in error ? error.data : undefined,
          message: error.message
        }
      : { code: undefined, data: undefined, message: undefined }

  it.effect("resolves with the result", () =>
    Effect.gen(function* () {
      const request = toEip1193Request(service(Effect.succeed("0x1")), "eip155:1", Effect.runPromise)
      assert.strictEqual(yield* Effect.promise(() => request({ method: "eth_chainId" })), "0x1")
    })
  )

  it.effect("rejects with a plain Error carrying the node's code and data", () =>
    Effect.gen(function* () {
      const failing = new RpcResponseError({
        method: "eth_call",
        transport: "t",
        code: 3,
        message: "execution reverted",
        data: "0x"
      })
      const request = toEip1193Request(service(Effect.fail(failing)), "eip155:1", Effect.runPromise)
      const error = yield* rejection(request({ method: "eth_call", params: [{}] }))
      assert.instanceOf(error, Error)
      assert.deepStrictEqual(fieldsOf(error), { code: 3, data: "0x", message: "execution reverted" })
    })
  )

  it("maps each failure to a code", () => {
    assert.strictEqual(toEip1193Error(new ChainNotConfiguredError({ chainId: "eip155:5" })).code, 4901)
    assert.strictEqual(toEip1193Error(transportFailure("a")).code, -32603)
    assert.strictEqual(
      toEip1193Error(new RpcTransportError({ method: "m", transport: "t", reason: "Encode" })).code,
      -32602
    )
    assert.strictEqual(
      toEip1193Error(new RpcTimeoutError({ method: "m", transport: "t", timeoutMs: 1 })).code,
      -32603
    )
  })

  it.effect("rejects malformed arguments with -32600 without calling the service", () =>
    Effect.gen(function* () {
      let called = false
      const request = toEip1193Request(
        service(
          Effect.sync(() => {
            called = true
          })
        ),
        "eip155:1",
        Effect.runPromise
      )
      // EIP-1193 params are an array or an object; a string is not a request the fallback should see.
      const error = yield* rejection(request({ method: "eth_call", params: "0x1" }))
      assert.strictEqual(fieldsOf(error).code, -32600)
      assert.isFalse(called)
    })
  )
})
