import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ChainNotConfiguredError } from "../../src/errors"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import {
  fakeWorld,
  listing,
  localSolana,
  OWN_MAINNET,
  rpcUrls,
  serviceLayer,
  withService
} from "./fallbackWorld"

/** FallbackTransportLive for Solana networks (pinged with getHealth), and its life cycle. */

describe("FallbackTransportLive: Solana", () => {
  const solanaOptions = {
    networks: [localSolana],
    customRpcUrls: { "solana:localnet": [{ url: "http://127.0.0.1:9000/" }] }
  }

  it.effect("ranks Solana nodes with getHealth, never net_listening", () => {
    const world = fakeWorld(listing(["solana:localnet"]))
    return Effect.gen(function* () {
      const service = yield* Effect.provide(
        FallbackTransport,
        yield* Layer.build(serviceLayer(world.fetch, undefined, solanaOptions))
      )
      yield* service.request("solana:localnet", { method: "getSlot" })
      yield* TestClock.adjust("1 second")
      assert.strictEqual(world.count("net_listening"), 0)
      assert.deepStrictEqual(rpcUrls(world.calls, "getHealth").sort(), [
        "http://127.0.0.1:8899/",
        "http://127.0.0.1:9000/",
        "https://rpc.walletconnect.org/v1/?chainId=solana:localnet&projectId=proj"
      ])
      const ranking = yield* SubscriptionRef.get(yield* service.ranking("solana:localnet"))
      assert.deepStrictEqual(
        ranking.map((entry) => [entry.stability, entry.samples]),
        [
          [1, 1],
          [1, 1],
          [1, 1]
        ]
      )
    }).pipe(Effect.provideService(HttpFetch, world.fetch))
  })

  it.effect("a failing getHealth ranks a node down; requests keep their Solana params", () => {
    const world = fakeWorld(listing([]), new Set(["http://127.0.0.1:9000/"]))
    return Effect.gen(function* () {
      const service = yield* Effect.provide(
        FallbackTransport,
        yield* Layer.build(serviceLayer(world.fetch, undefined, solanaOptions))
      )
      const params = [{ commitment: "confirmed" }]
      assert.strictEqual(
        yield* service.request("solana:localnet", { method: "getLatestBlockhash", params }),
        "http://127.0.0.1:8899/"
      )
      yield* TestClock.adjust("1 second")
      const ranking = yield* SubscriptionRef.get(yield* service.ranking("solana:localnet"))
      assert.deepStrictEqual(
        ranking.map((entry) => [entry.name, entry.stability]),
        [
          ["http://127.0.0.1:8899/", 1],
          ["http://127.0.0.1:9000/", 0]
        ]
      )
      const lookups = [
        { method: "getAccountInfo", params: ["11111111111111111111111111111111", { encoding: "base64" }] },
        { method: "getSignatureStatuses", params: [["5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp"]] }
      ]
      for (const lookup of lookups)
        assert.strictEqual(yield* service.request("solana:localnet", lookup), "http://127.0.0.1:8899/")
      const sent = world.calls.filter(
        (call) => call.url === "http://127.0.0.1:8899/" && call.method !== "getHealth"
      )
      assert.deepStrictEqual(
        sent.map((call) => [call.method, call.params]),
        [["getLatestBlockhash", params], ...lookups.map((lookup) => [lookup.method, lookup.params])]
      )
    }).pipe(Effect.provideService(HttpFetch, world.fetch))
  })
})

describe("FallbackTransportLive: life cycle", () => {
  it.effect("fails with ChainNotConfiguredError for a network that is not configured, asking nothing", () => {
    const world = fakeWorld(listing(["eip155:1"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(service.request("eip155:999", { method: "eth_chainId" }))
        assert.instanceOf(error, ChainNotConfiguredError)
        assert.strictEqual(error._tag === "ChainNotConfiguredError" ? error.chainId : undefined, "eip155:999")
        assert.instanceOf(yield* Effect.flip(service.ranking("eip155:999")), ChainNotConfiguredError)
        assert.deepStrictEqual(world.calls, [])
      })
    )
  })

  it.effect("keeps one fallback per network for the layer's life", () => {
    const world = fakeWorld(listing(["eip155:1"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        const [first, second] = yield* Effect.all(
          [service.ranking("eip155:1"), service.ranking("eip155:1")],
          {
            concurrency: "unbounded"
          }
        )
        assert.strictEqual(first, second)
        yield* TestClock.adjust("1 second")
        assert.deepStrictEqual(
          (yield* SubscriptionRef.get(first)).map((entry) => entry.name),
          ["https://a.example/rpc", "https://rpc.walletconnect.org/v1/", OWN_MAINNET]
        )
      })
    )
  })

  it.effect("stops pinging when the layer's scope closes", () => {
    const world = fakeWorld(listing(["eip155:1"]))
    return Effect.gen(function* () {
      const scope = yield* Scope.make()
      const service = yield* Effect.provide(
        FallbackTransport,
        yield* Layer.buildWithScope(serviceLayer(world.fetch), scope)
      )
      yield* service.request("eip155:1", { method: "eth_chainId" })
      yield* TestClock.adjust("8 seconds")
      const pings = world.count("net_listening")
      assert.isAbove(pings, 0)
      yield* Scope.close(scope, Exit.void)
      yield* TestClock.adjust("1 minute")
      assert.strictEqual(world.count("net_listening"), pings)
    }).pipe(Effect.provideService(HttpFetch, world.fetch))
  })
})
