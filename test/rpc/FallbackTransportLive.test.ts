import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { SUPPORTED_CHAINS_WAIT } from "../../src/layers/rpc/FallbackTransport.lazy"
import type { BlockchainApiShape } from "../../src/services/BlockchainApi"
import type { FallbackTransport } from "../../src/services/FallbackTransport"
import { makeGauge } from "../kit/emitters"
import { json, text } from "../kit/platform"
import {
  type ChainsAnswer,
  fakeWorld,
  listing,
  OWN_MAINNET,
  PROVIDER_MAINNET,
  rpcUrls,
  SUPPORTED,
  stalled,
  swapped,
  withService
} from "./fallbackWorld"

/**
 * Asks mainnet for a block number once the supported chains were `asked`, and finds it served by the
 * chain's own URLs once the 2 s wait has passed.
 */
const servedByOwnUrls = (service: FallbackTransport["Service"], asked: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const request = yield* Effect.forkChild(service.request("eip155:1", { method: "eth_blockNumber" }))
    yield* asked
    yield* TestClock.adjust(SUPPORTED_CHAINS_WAIT)
    assert.strictEqual(yield* Fiber.join(request), "https://a.example/rpc")
    const ranking = yield* SubscriptionRef.get(yield* service.ranking("eip155:1"))
    assert.deepStrictEqual(
      ranking.map((entry) => entry.name),
      ["https://a.example/rpc", OWN_MAINNET]
    )
  })

/**
 * FallbackTransportLive: the provider's supported chains (asked from the real BlockchainApiLive, or a
 * swapped BlockchainApi) choose whether a chain gets the provider's RPC; an unusable or late answer
 * leaves the chain on its own URLs.
 */

// ---------------------------------------------------------------------------------------------------------

describe("FallbackTransportLive: URLs from the supported chains", () => {
  it.effect("asks nothing before a chain is used, then asks the supported chains once", () => {
    const world = fakeWorld(listing(["eip155:1"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        yield* TestClock.adjust("1 minute")
        assert.deepStrictEqual(world.calls, [], "no request before a chain is used")
        yield* service.request("eip155:1", { method: "eth_chainId" })
        assert.strictEqual(world.count(SUPPORTED), 1)
        assert.match(world.calls[0]?.url ?? "", /^https:\/\/rpc\.walletconnect\.org\/v1\/supported-chains\?/)
      })
    )
  })

  it.effect("a listed chain: custom, then the provider's RPC, then the chain's own URL", () => {
    const world = fakeWorld(listing(["eip155:1"]), new Set(["https://a.example/rpc", PROVIDER_MAINNET]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        assert.strictEqual(yield* service.request("eip155:1", { method: "eth_blockNumber" }), OWN_MAINNET)
        assert.deepStrictEqual(rpcUrls(world.calls, "eth_blockNumber"), [
          "https://a.example/rpc",
          PROVIDER_MAINNET,
          OWN_MAINNET
        ])
      })
    )
  })

  it.effect("a chain the list leaves out gets no provider URL", () => {
    const world = fakeWorld(listing(["eip155:1"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        yield* service.request("eip155:31337", { method: "eth_chainId" })
        const ranking = yield* SubscriptionRef.get(yield* service.ranking("eip155:31337"))
        assert.deepStrictEqual(
          ranking.map((entry) => entry.name),
          ["http://127.0.0.1:8545/"]
        )
      })
    )
  })

  const unusable: ReadonlyArray<readonly [string, ChainsAnswer]> = [
    ["HTTP 403", () => json({ message: "Invalid projectId" }, 403)],
    ["HTTP 503 (retried by the client past the wait)", () => json({ message: "busy" }, 503)],
    ["a network failure", () => Promise.reject(new TypeError("fetch failed"))],
    ["a body that is not JSON", () => text("<html>oops</html>")],
    ["JSON of another shape", () => json({ http: "eip155:1" })],
    ["a JSON string", () => json("eip155:1")]
  ]
  for (const [label, answer] of unusable) {
    it.effect(`${label}: the network's own URLs, within the 2 s wait`, () => {
      const world = fakeWorld(answer)
      return withService(world.fetch, (service) => servedByOwnUrls(service, world.untilAsked(SUPPORTED)))
    })
  }

  it.effect("keeps the string ids of a list with garbage items", () => {
    const world = fakeWorld(listing([7, null, { id: "eip155:31337" }, "eip155:1"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        const [mainnetRanking, localRanking] = yield* Effect.all([
          service.ranking("eip155:1"),
          service.ranking("eip155:31337")
        ])
        assert.include(
          (yield* SubscriptionRef.get(mainnetRanking)).map((entry) => entry.name),
          "https://rpc.walletconnect.org/v1/"
        )
        assert.strictEqual((yield* SubscriptionRef.get(localRanking)).length, 1)
      })
    )
  })

  it.effect("a slow answer is waited for 2 s at most, then the chain's own URLs serve", () => {
    const world = fakeWorld(stalled)
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        const request = yield* Effect.forkChild(service.request("eip155:1", { method: "eth_blockNumber" }))
        yield* world.untilAsked(SUPPORTED)
        yield* TestClock.adjust("1999 millis")
        assert.isUndefined(request.pollUnsafe(), "still waiting for the supported chains")
        yield* TestClock.adjust("1 millis")
        assert.strictEqual(yield* Fiber.join(request), "https://a.example/rpc")
        assert.deepStrictEqual(rpcUrls(world.calls, "eth_blockNumber"), ["https://a.example/rpc"])
      })
    )
  })
})

describe("FallbackTransportLive: one list for every chain", () => {
  it.effect("concurrent first uses of three chains share one request of the supported chains", () => {
    const world = fakeWorld(listing(["eip155:1", "solana:localnet"]))
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        yield* Effect.all(
          [
            service.request("eip155:1", { method: "eth_chainId" }),
            service.request("eip155:1", { method: "eth_blockNumber" }),
            service.request("eip155:31337", { method: "eth_chainId" }),
            service.request("solana:localnet", { method: "getSlot" })
          ],
          { concurrency: "unbounded" }
        )
        assert.strictEqual(world.count(SUPPORTED), 1)
      })
    )
  })

  it.effect("this layer shares the in-flight request itself, whatever BlockchainApi is swapped in", () => {
    const world = fakeWorld(listing([]))
    const asked = makeGauge()
    const api = swapped(
      Effect.suspend(() => {
        asked.add(1)
        return Effect.as(Effect.sleep("100 millis"), { http: ["eip155:1"], ws: [] })
      })
    )
    return withService(
      world.fetch,
      (service) =>
        Effect.gen(function* () {
          const requests = yield* Effect.forkChild(
            Effect.all(
              [
                service.request("eip155:1", { method: "eth_chainId" }),
                service.request("eip155:31337", { method: "eth_chainId" }),
                service.request("solana:localnet", { method: "getSlot" })
              ],
              { concurrency: "unbounded" }
            )
          )
          yield* asked.until((n) => n > 0)
          yield* TestClock.adjust("100 millis")
          yield* Fiber.join(requests)
          assert.strictEqual(asked.get(), 1)
        }),
      api
    )
  })

  it.effect("a known list is reused for 5 minutes, then asked again", () => {
    // BlockchainApiLive keeps its answer for the session: a swapped one shows what this layer asks.
    const world = fakeWorld(listing([]))
    let asked = 0
    const api = swapped(
      Effect.sync(() => {
        asked += 1
        return { http: ["eip155:1"], ws: [] }
      })
    )
    return withService(
      world.fetch,
      (service) =>
        Effect.gen(function* () {
          yield* service.request("eip155:1", { method: "eth_chainId" })
          yield* TestClock.adjust("4 minutes")
          yield* service.request("eip155:31337", { method: "eth_chainId" })
          assert.strictEqual(asked, 1)
          yield* TestClock.adjust("1 minute")
          yield* service.request("solana:localnet", { method: "getSlot" })
          assert.strictEqual(asked, 2)
        }),
      api
    )
  })

  it.effect("after a failure, chains first used within 30 s do not ask again", () => {
    const world = fakeWorld((n) =>
      n === 1 ? json({ message: "nope" }, 403) : json({ http: ["eip155:1"], ws: [] })
    )
    return withService(world.fetch, (service) =>
      Effect.gen(function* () {
        yield* service.request("eip155:31337", { method: "eth_chainId" })
        yield* TestClock.adjust("29 seconds")
        yield* service.request("solana:localnet", { method: "getSlot" })
        assert.strictEqual(world.count(SUPPORTED), 1)
        yield* TestClock.adjust("1 second")
        yield* service.request("eip155:1", { method: "eth_chainId" })
        assert.strictEqual(world.count(SUPPORTED), 2)
        // Mainnet was first used with a list: it has the provider's RPC.
        assert.include(
          (yield* SubscriptionRef.get(yield* service.ranking("eip155:1"))).map((entry) => entry.name),
          "https://rpc.walletconnect.org/v1/"
        )
      })
    )
  })
})

describe("FallbackTransportLive: a swapped BlockchainApi", () => {
  it.effect("its list is the one that routes", () => {
    const world = fakeWorld(listing([]))
    const api = swapped(Effect.succeed({ http: ["eip155:31337"], ws: [] }))
    return withService(
      world.fetch,
      (service) =>
        Effect.gen(function* () {
          yield* service.request("eip155:31337", { method: "eth_chainId" })
          assert.deepStrictEqual(rpcUrls(world.calls, "eth_chainId"), [
            "https://rpc.walletconnect.org/v1/?chainId=eip155:31337&projectId=proj"
          ])
          assert.strictEqual(world.count(SUPPORTED), 0)
        }),
      api
    )
  })

  const broken: ReadonlyArray<readonly [string, BlockchainApiShape["supportedChains"]]> = [
    ["dies", Effect.die(new Error("bug in the host's service"))],
    ["answers garbage", Effect.succeed({ http: 42 }) as unknown as BlockchainApiShape["supportedChains"]],
    ["never answers", Effect.never]
  ]
  for (const [label, supportedChains] of broken) {
    it.effect(`one that ${label} leaves RPC on the chain's own URLs`, () => {
      const world = fakeWorld(listing([]))
      const asked = makeGauge()
      const counted = Effect.suspend(() => {
        asked.add(1)
        return supportedChains
      })
      return withService(
        world.fetch,
        (service) =>
          servedByOwnUrls(
            service,
            asked.until((n) => n === 1)
          ),
        swapped(counted)
      )
    })
  }
})
