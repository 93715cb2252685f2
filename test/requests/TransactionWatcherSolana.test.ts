import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ChainNotConfiguredError } from "../../src/errors"
import { settlementOfSignature } from "../../src/layers/requests/TransactionWatcher.lazy"
import { TransactionWatcherLive } from "../../src/layers/requests/TransactionWatcherLive"
import type { CaipNetworkId } from "../../src/schemas/Primitives"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { type RpcRequest, RpcTransportError } from "../../src/services/RpcTransport"
import { type Submission, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { SOLANA_ALICE as FROM, SOLANA_SIGNATURE as SIGNATURE } from "../kit/accounts"

const NETWORK = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

type Answer = { readonly value: unknown } | { readonly fail: unknown }

const statuses = (status: unknown): Answer => ({ value: { context: { slot: 1 }, value: [status] } })
const UNKNOWN = statuses(null)
const status = (confirmationStatus: string | null, err: unknown = null) =>
  statuses({ slot: 2, confirmations: null, err, confirmationStatus })
const FAIL: Answer = { fail: new RpcTransportError({ method: "x", transport: "fake", reason: "Transport" }) }

/** A Solana RPC whose n-th `getSignatureStatuses` gets `script[n]`, then "unknown signature" for good. */
const scriptedCluster = (script: ReadonlyArray<Answer>) => {
  const asks: Array<{ readonly at: number; readonly network: CaipNetworkId; readonly request: RpcRequest }> =
    []
  const transport = FallbackTransport.of({
    request: (network, request) =>
      Effect.gen(function* () {
        asks.push({ at: yield* Clock.currentTimeMillis, network, request })
        const next = script[asks.length - 1] ?? UNKNOWN
        return "value" in next ? next.value : yield* Effect.fail(next.fail as RpcTransportError)
      }),
    ranking: () => Effect.die("not used")
  })
  const layer = TransactionWatcherLive.pipe(Layer.provide(Layer.succeed(FallbackTransport, transport)))
  return { asks, layer, times: () => asks.map((a) => a.at) }
}

const sent: Submission = { kind: "transaction", hash: SIGNATURE, network: NETWORK, from: FROM }

const tracked = Effect.gen(function* () {
  const watcher = yield* TransactionWatcher
  const found = (yield* SubscriptionRef.get(watcher.transactions)).find((t) => t.id === SIGNATURE)
  return found ?? assert.fail("the signature is not tracked")
})
const track = Effect.flatMap(TransactionWatcher, (w) => w.track(sent))
const at = (ms: number) => Effect.flatMap(Clock.currentTimeMillis, (now) => TestClock.adjust(ms - now))

describe("settlementOfSignature", () => {
  it("settles at confirmed or finalized, fails on an error, waits otherwise", () => {
    assert.deepStrictEqual(settlementOfSignature("s", { err: null, confirmationStatus: "confirmed" }), {
      status: "confirmed",
      hash: "s"
    })
    assert.deepStrictEqual(settlementOfSignature("s", { err: null, confirmationStatus: "finalized" }), {
      status: "confirmed",
      hash: "s"
    })
    assert.deepStrictEqual(
      settlementOfSignature("s", {
        err: { InstructionError: [0, "Custom"] },
        confirmationStatus: "confirmed"
      }),
      { status: "failed", hash: "s" }
    )
    assert.isUndefined(settlementOfSignature("s", { err: null, confirmationStatus: "processed" }))
    assert.isUndefined(settlementOfSignature("s", { err: null, confirmationStatus: null }))
    assert.isUndefined(settlementOfSignature("s", null))
  })
})

describe("watching a Solana signature", () => {
  it.effect("asks getSignatureStatuses of the signature's cluster, searching history, every second", () => {
    const cluster = scriptedCluster([UNKNOWN, status("processed"), status("confirmed")])
    return Effect.gen(function* () {
      yield* track
      assert.strictEqual((yield* tracked).status, "pending")
      yield* at(1_999)
      assert.strictEqual((yield* tracked).status, "pending")
      yield* at(2_000)
      assert.deepStrictEqual(cluster.times(), [0, 1_000, 2_000])
      const settled = yield* tracked
      assert.strictEqual(settled.status, "confirmed")
      assert.strictEqual(settled.hash, SIGNATURE)
      assert.strictEqual(settled.settledAt, 2_000)
      assert.deepStrictEqual(cluster.asks[0]?.network, NETWORK)
      assert.deepStrictEqual(cluster.asks[0]?.request, {
        method: "getSignatureStatuses",
        params: [[SIGNATURE], { searchTransactionHistory: true }]
      })
    }).pipe(Effect.provide(cluster.layer))
  })

  it.effect("a finalized status confirms it too", () => {
    const cluster = scriptedCluster([status("finalized")])
    return Effect.gen(function* () {
      yield* track
      yield* at(0)
      assert.strictEqual((yield* tracked).status, "confirmed")
    }).pipe(Effect.provide(cluster.layer))
  })

  it.effect("a status with an error fails it", () => {
    const cluster = scriptedCluster([status("confirmed", { InstructionError: [1, { Custom: 1 }] })])
    return Effect.gen(function* () {
      yield* track
      yield* at(0)
      const settled = yield* tracked
      assert.strictEqual(settled.status, "failed")
      assert.strictEqual(settled.hash, SIGNATURE)
    }).pipe(Effect.provide(cluster.layer))
  })

  it.effect(
    "still unknown to the cluster: 25 s of asks each second, then every 30 s, unknown after 99 of those",
    () => {
      const cluster = scriptedCluster([])
      const lastAsk = 55_000 + 98 * 30_000
      return Effect.gen(function* () {
        yield* track
        yield* at(25_000)
        assert.strictEqual(cluster.asks.length, 25)
        yield* at(lastAsk - 1)
        assert.strictEqual(cluster.asks.length, 25 + 98)
        assert.strictEqual((yield* tracked).status, "pending")
        yield* at(lastAsk)
        const gaveUp = yield* tracked
        assert.strictEqual(gaveUp.status, "unknown")
        assert.strictEqual(gaveUp.settledAt, lastAsk)
        yield* at(lastAsk + 3_600_000)
        assert.strictEqual(cluster.asks.length, 25 + 99)
      }).pipe(Effect.provide(cluster.layer))
    }
  )

  /**
   * Tracks the send through a cluster answering `answers` and then "confirmed": pending until `confirmedAt`
   * ms, the cluster asked at the times `asked` before it and once more at it.
   */
  const pendingUntil = (
    answers: ReadonlyArray<Answer>,
    confirmedAt: number,
    asked: ReadonlyArray<number>
  ) => {
    const cluster = scriptedCluster([...answers, status("confirmed")])
    return Effect.gen(function* () {
      yield* track
      yield* at(confirmedAt - 1)
      assert.deepStrictEqual(cluster.times(), asked)
      assert.strictEqual((yield* tracked).status, "pending")
      yield* at(confirmedAt)
      assert.deepStrictEqual(cluster.times(), [...asked, confirmedAt])
      assert.strictEqual((yield* tracked).status, "confirmed")
    }).pipe(Effect.provide(cluster.layer))
  }

  it.effect("retries a failed RPC at 200, 400, 800... ms before counting the ask as pending", () =>
    pendingUntil([FAIL, FAIL, FAIL], 1_400, [0, 200, 600])
  )

  it.effect("an answer that does not decode, or an unconfigured cluster, counts as pending", () =>
    // Not retried: each was one ask, the next a poll interval later.
    pendingUntil(
      [
        { value: { value: "confirmed" } },
        { value: { value: [{ err: null, confirmationStatus: "landed" }] } },
        { fail: new ChainNotConfiguredError({}) }
      ],
      3_000,
      [0, 1_000, 2_000]
    )
  )
})
