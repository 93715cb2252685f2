import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { makeAirlockLayer } from "../../src/layers/runtime/AirlockLive"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { blockchainApiWith } from "../kit/blockchainApi"
import { preloadedParts } from "../kit/lazyParts"
import { fakeFetch, json } from "../kit/platform"
import { mainnet } from "../schemas/networks"

/** The tiers of makeAirlockLayer: FallbackTransport sits above BlockchainApi, so a host's swap routes RPC. */

const config = Result.getOrThrow(decodeModalOptions({ projectId: "proj", networks: [mainnet] }))

/** The provider's supported chains list mainnet; every JSON-RPC call is answered with the URL it reached. */
const nodes = () =>
  fakeFetch(async (request) => {
    if (new URL(request.url).pathname === "/v1/supported-chains") return json({ http: ["eip155:1"], ws: [] })
    const { id } = JSON.parse(request.body ?? "{}") as { readonly id?: number }
    return json({ jsonrpc: "2.0", id, result: request.url })
  })

/** The host swaps BlockchainApi for one whose supported chains are `http`, or swaps nothing. */
const airlockWith = (http?: ReadonlyArray<string>) =>
  makeAirlockLayer(
    http === undefined
      ? Layer.empty
      : Layer.succeed(BlockchainApi, blockchainApiWith({ supportedChains: Effect.succeed({ http, ws: [] }) }))
  ).pipe(Layer.provide(Layer.succeed(ModalConfig, config)))

/** The URLs a first request on mainnet reached, in order. */
const urlsOfFirstRequest = (http?: ReadonlyArray<string>) => {
  const { fetch, seen } = nodes()
  return Effect.gen(function* () {
    const context = yield* Layer.build(airlockWith(http))
    const fallback = yield* Effect.provide(FallbackTransport, context)
    yield* fallback.request("eip155:1", { method: "eth_chainId" })
    return seen.map((request) => request.url.replace(/\?.*$/, ""))
  }).pipe(Effect.provideService(HttpFetch, fetch), Effect.provide(preloadedParts))
}

describe("makeAirlockLayer's FallbackTransport", () => {
  it.effect("asks the live BlockchainApi's supported chains, then the provider's RPC", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* urlsOfFirstRequest(), [
        "https://rpc.walletconnect.org/v1/supported-chains",
        "https://rpc.walletconnect.org/v1/"
      ])
    })
  )

  it.effect("asks the host's BlockchainApi instead when the host swaps it", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* urlsOfFirstRequest(["eip155:1"]), ["https://rpc.walletconnect.org/v1/"])
      assert.deepStrictEqual(yield* urlsOfFirstRequest([]), ["https://eth.merkle.io/"])
    })
  )
})
