import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { createPublicClient } from "viem"
import { FallbackTransportLive } from "../../src/layers/rpc/FallbackTransportLive"
import { makeHttpRpcTransport } from "../../src/layers/rpc/httpRpcTransport"
import { makeRankedFallback } from "../../src/layers/rpc/rankedFallback"
import { toViemTransport } from "../../src/layers/rpc/viemTransport"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { FallbackTransport, RankingConfig } from "../../src/services/FallbackTransport"
import { ModalConfig } from "../../src/services/ModalConfig"
import type { RpcTransportShape } from "../../src/services/RpcTransport"
import { blockchainApiWith } from "../kit/blockchainApi"
import { preloadedParts } from "../kit/lazyParts"
import { type Anvil, freePort, startAnvil } from "./anvil"
import { rpcTransportContract } from "./RpcTransport.contract"

let anvil: Anvil | undefined
/** Nothing listens here: requests are refused at once. */
let deadUrl = ""

beforeAll(async () => {
  anvil = await startAnvil()
  deadUrl = `http://127.0.0.1:${await freePort()}`
})

afterAll(async () => {
  await anvil?.stop()
})

const anvilUrl = (): string => {
  if (anvil === undefined) throw new Error("anvil is not running")
  return anvil.url
}

/**
 * A ping both endpoints fail (dead: refused, anvil: method not found) ties their scores at 0, so the
 * configured order stays and every request really falls through the dead URL.
 */
const tiedRanking = { ping: { method: "airlock_unsupportedPing" } }

/** The dead transport, counting how often a request (not a ranking ping) tried it. */
const countingDead = Effect.map(makeHttpRpcTransport(deadUrl), (transport) => {
  const counted = {
    tries: 0,
    name: transport.name,
    request: (req: Parameters<RpcTransportShape["request"]>[0]) =>
      Effect.suspend(() => {
        if (req.method !== tiedRanking.ping.method) counted.tries += 1
        return transport.request(req)
      })
  }
  return counted
})

const deadThenAnvil = Effect.gen(function* () {
  const dead = yield* countingDead
  const live = yield* makeHttpRpcTransport(anvilUrl())
  const fallback = yield* makeRankedFallback([dead, live], tiedRanking)
  return { dead, live, fallback }
})

rpcTransportContract("makeRankedFallback (dead URL, then anvil)", () =>
  Effect.map(deadThenAnvil, ({ fallback }) => ({ name: "ranked fallback", request: fallback.request }))
)

const localNetwork = () => ({
  id: 31337,
  caipNetworkId: "eip155:31337",
  chainNamespace: "eip155",
  name: "Anvil",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [anvilUrl()] } }
})

const serviceLayer = (ranking: Partial<typeof RankingConfig.Service> = tiedRanking) => {
  const options = decodeModalOptions({
    projectId: "contract",
    networks: [localNetwork()],
    customRpcUrls: { "eip155:31337": [{ url: deadUrl }] }
  })
  if (Result.isFailure(options)) throw new Error(options.failure.message)
  return FallbackTransportLive.pipe(
    // The provider serves none of these chains: the custom dead URL, then anvil.
    Layer.provide(
      Layer.succeed(
        BlockchainApi,
        blockchainApiWith({ supportedChains: Effect.succeed({ http: [], ws: [] }) })
      )
    ),
    Layer.provide(Layer.succeed(ModalConfig, options.success)),
    Layer.provide(Layer.succeed(RankingConfig, { ...RankingConfig.defaultValue(), ...ranking })),
    Layer.provide(preloadedParts)
  )
}

const service = (ranking?: Partial<typeof RankingConfig.Service>) =>
  Effect.flatMap(Layer.build(serviceLayer(ranking)), (context) => Effect.provide(FallbackTransport, context))

rpcTransportContract("FallbackTransportLive (custom dead URL, then the chain's anvil)", () =>
  Effect.map(service(), (fallback) => ({
    name: "FallbackTransport eip155:31337",
    request: (req) =>
      fallback.request("eip155:31337", req).pipe(Effect.catchTag("ChainNotConfiguredError", Effect.die))
  }))
)

describe("FallbackTransport against anvil", () => {
  it.live("really falls through the dead URL to anvil", () =>
    Effect.gen(function* () {
      const { dead, fallback } = yield* deadThenAnvil
      assert.strictEqual(yield* fallback.request({ method: "eth_chainId" }), "0x7a69")
      assert.strictEqual(dead.tries, 1)
    })
  )

  it.live("ranks the live node first once the default net_listening pings come back", () =>
    Effect.gen(function* () {
      const dead = yield* makeHttpRpcTransport(deadUrl)
      const live = yield* makeHttpRpcTransport(anvilUrl())
      const fallback = yield* makeRankedFallback([dead, live])
      const ranked = yield* SubscriptionRef.changes(fallback.ranking).pipe(
        Stream.filter((ranking) => ranking[0]?.name === live.name && ranking[0].samples > 0),
        Stream.runHead,
        Effect.timeout("5 seconds")
      )
      assert.isTrue(Option.isSome(ranked))
      if (Option.isSome(ranked)) {
        assert.deepInclude(ranked.value[0], { stability: 1, score: ranked.value[0]?.score })
        assert.deepInclude(ranked.value[1], { name: dead.name, score: 0, stability: 0 })
      }
    })
  )

  it.live("serves viem through toViemTransport, with node errors keeping their code", () =>
    Effect.gen(function* () {
      const fallback = yield* service()
      const client = createPublicClient({
        transport: toViemTransport(fallback, "eip155:31337", Effect.runPromise)
      })
      assert.strictEqual(yield* Effect.promise(() => client.getChainId()), 31337)
      const balance = yield* Effect.promise(() =>
        client.getBalance({ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" })
      )
      assert.strictEqual(balance, 10_000n * 10n ** 18n)
      const rejection = yield* Effect.promise(() =>
        client.request({ method: "eth_chainId", params: undefined }).then(
          () => undefined,
          (error: unknown) => error
        )
      )
      assert.isUndefined(rejection)
      const unknown = yield* Effect.promise(() =>
        client.transport.request({ method: "airlock_noSuchMethod" }).then(
          () => undefined,
          (error: unknown) => error
        )
      )
      assert.instanceOf(unknown, Error)
      assert.strictEqual(unknown instanceof Error && "code" in unknown ? unknown.code : undefined, -32601)
    })
  )
})
