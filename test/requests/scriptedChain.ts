// A scripted chain: the fake FallbackTransport (and wallet batch status) the TransactionWatcher tests script.
import { assert } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import type { ChainNotConfiguredError } from "../../src/errors"
import { TransactionWatcherLive } from "../../src/layers/requests/TransactionWatcherLive"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { RpcTransportError } from "../../src/services/RpcTransport"
import { type Submission, TransactionWatcher } from "../../src/services/TransactionWatcher"

/** What the fake answers to one ask. */
export type Answer =
  | { readonly _tag: "answer"; readonly value: unknown }
  | { readonly _tag: "fail"; readonly error?: unknown }
  | { readonly _tag: "hang" }
  | { readonly _tag: "die" }

export const answer = (value: unknown): Answer => ({ _tag: "answer", value })

export const FAIL: Answer = { _tag: "fail" }

export const HANG: Answer = { _tag: "hang" }

export const DIE: Answer = { _tag: "die" }

export const NOT_MINED = answer(null)

export const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}`

export const HASH = hashOf(0xabc)

export const NETWORK = "eip155:1"

export const FROM = "0x52908400098527886e0f7030069857d2e4169ee7"

export const receipt = (status: "0x1" | "0x0", hash = HASH) =>
  answer({ transactionHash: hash, blockNumber: "0x10", status, gasUsed: "0x5208" })

export const sent = (hash = HASH): Submission => ({
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
export const scriptedChain = (script: ReadonlyArray<Answer>, rest: Answer = NOT_MINED) => {
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

export const transactions = Effect.flatMap(TransactionWatcher, (w) => SubscriptionRef.get(w.transactions))

export const entry = (id = HASH) =>
  Effect.map(transactions, (all) => {
    const found = all.find((t) => t.id === id)
    if (found === undefined) return assert.fail(`${id} is not tracked`)
    return found
  })

export const track = (submission: Submission) =>
  Effect.flatMap(TransactionWatcher, (w) => w.track(submission))

/** Moves the clock to `ms` since the test started. */
export const at = (ms: number) => Effect.flatMap(Clock.currentTimeMillis, (now) => TestClock.adjust(ms - now))

export const range = (from: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => from + i * step)
