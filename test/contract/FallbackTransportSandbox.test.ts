import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { DEFAULT_PROJECT_ID, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { type SandboxSolana, startSandboxSolana } from "../../sandbox/solana/chain.mjs"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { FallbackTransportLive } from "../../src/layers/rpc/FallbackTransportLive"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { ModalConfig } from "../../src/services/ModalConfig"
import { preloadedParts } from "../kit/lazyParts"
import { type Anvil, startAnvil } from "./anvil"

/**
 * FallbackTransportLive against the sandbox: its provider API lists anvil's chain and the local Solana
 * chain in `GET v1/supported-chains`, so their RPC goes through the API's proxy first, then to the nodes.
 */

let anvil: Anvil | undefined
let solana: SandboxSolana | undefined
let api: SandboxApi | undefined

beforeAll(async () => {
  const now = new Date()
  ;[anvil, solana] = await Promise.all([startAnvil(), startSandboxSolana({ now })])
  api = await startSandboxApi({ chains: [{ chainId: 31337, rpcUrl: anvil.url }], solana, now })
}, 30_000)

afterAll(async () => {
  await api?.close()
  await Promise.all([anvil?.stop(), solana?.stop()])
})

const running = () => {
  if (anvil === undefined || solana === undefined || api === undefined) throw new Error("sandbox not running")
  return { anvil, solana, api }
}

const service = Effect.suspend(() => {
  const { anvil, solana, api } = running()
  const options = Result.getOrThrow(
    decodeModalOptions({
      projectId: DEFAULT_PROJECT_ID,
      blockchainApiUrl: api.url,
      networks: [
        {
          id: 31337,
          caipNetworkId: "eip155:31337",
          chainNamespace: "eip155",
          name: "Anvil",
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [anvil.url] } }
        },
        {
          id: "localnet",
          caipNetworkId: solana.chain,
          chainNamespace: "solana",
          name: "Solana Local",
          nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
          rpcUrls: { default: { http: [solana.rpcUrl] } }
        }
      ]
    })
  )
  const layer = FallbackTransportLive.pipe(
    Layer.provide(BlockchainApiLive),
    Layer.provide(Layer.succeed(ModalConfig, options)),
    Layer.provide(preloadedParts)
  )
  return Effect.flatMap(Layer.build(layer), (context) => Effect.provide(FallbackTransport, context))
})

/** The proxied RPC calls the API answered for `chainId`. */
const proxied = (chainId: string) =>
  running()
    .api.inspect.requests()
    .filter(
      (request) =>
        request.method === "POST" && /^\/v1\/?$/.test(request.path) && request.query.chainId === chainId
    )

describe("FallbackTransportLive against the sandbox API", () => {
  it.live("anvil's chain: the API lists it, so the first request goes through its proxy", () =>
    Effect.gen(function* () {
      running().api.inspect.clear()
      const fallback = yield* service
      assert.strictEqual(yield* fallback.request("eip155:31337", { method: "eth_chainId" }), "0x7a69")
      const paths = running()
        .api.inspect.requests()
        .map((request) => request.path)
      assert.deepStrictEqual(paths.slice(0, 2), ["/v1/supported-chains", "/v1/"])
      // The request and the first ranking round's ping.
      assert.isAtLeast(proxied("eip155:31337").length, 1)
    })
  )

  it.live("solana:localnet: getHealth ranks both routes; blockhash, account and statuses come back", () =>
    Effect.gen(function* () {
      const { solana } = running()
      const fallback = yield* service
      const blockhash = (yield* fallback.request(solana.chain, {
        method: "getLatestBlockhash",
        params: [{ commitment: "confirmed" }]
      })) as { readonly value: { readonly blockhash: string; readonly lastValidBlockHeight: number } }
      assert.isString(blockhash.value.blockhash)
      assert.isAbove(blockhash.value.lastValidBlockHeight, 0)

      const account = (yield* fallback.request(solana.chain, {
        method: "getAccountInfo",
        params: [solana.accounts[0]?.address, { encoding: "base64", commitment: "confirmed" }]
      })) as { readonly value: { readonly lamports: number } | null }
      assert.isAbove(account.value?.lamports ?? 0, 0)

      const seeded = solana.history.map((transfer) => transfer.signature)
      const statuses = (yield* fallback.request(solana.chain, {
        method: "getSignatureStatuses",
        params: [seeded, { searchTransactionHistory: true }]
      })) as { readonly value: ReadonlyArray<{ readonly confirmationStatus: string } | null> }
      assert.strictEqual(statuses.value.length, seeded.length)
      for (const status of statuses.value) assert.isNotNull(status)

      const ranked = yield* SubscriptionRef.changes(yield* fallback.ranking(solana.chain)).pipe(
        Stream.filter((ranking) => ranking.every((entry) => entry.samples > 0)),
        Stream.runHead,
        Effect.timeout("5 seconds")
      )
      assert.deepStrictEqual(
        ranked._tag === "Some" ? ranked.value.map((entry) => entry.stability).sort() : [],
        [1, 1],
        "the proxy and the node both answer getHealth"
      )
      assert.isAbove(proxied(solana.chain).length, 0)
    })
  )
})
