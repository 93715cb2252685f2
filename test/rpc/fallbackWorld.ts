import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { FallbackTransportLive } from "../../src/layers/rpc/FallbackTransportLive"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { BlockchainApi, type BlockchainApiShape } from "../../src/services/BlockchainApi"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { blockchainApiWith } from "../kit/blockchainApi"
import { makeRecorder } from "../kit/emitters"
import { preloadedParts } from "../kit/lazyParts"
import { evmNetwork, solanaLocalnetNetwork } from "../kit/networks"
import { json } from "../kit/platform"
import { mainnet } from "../schemas/networks"

/**
 * The world FallbackTransportLive's tests run in: a fake provider whose `GET v1/supported-chains` a test
 * answers (asked through the real BlockchainApiLive, or a swapped BlockchainApi), and fake nodes.
 */

// ---------------------------------------------------------------------------------------------------------
// A fake provider and fake nodes
// ---------------------------------------------------------------------------------------------------------

interface Call {
  readonly url: string
  /** The JSON-RPC method, or `supported-chains` for the provider's list. */
  readonly method: string
  readonly params?: unknown
}

export const SUPPORTED = "supported-chains"

const decodeWire = Schema.decodeUnknownSync(
  Schema.fromJsonString(
    Schema.Struct({ id: Schema.Number, method: Schema.String, params: Schema.optional(Schema.Unknown) })
  )
)

export type ChainsAnswer = (n: number, signal: AbortSignal | undefined) => Response | Promise<Response>

/** Never answers; gives up when the request is aborted. */
export const stalled: ChainsAnswer = (_n, signal) =>
  new Promise((_resolve, reject) =>
    signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))
  )

/**
 * `GET v1/supported-chains` answered by `chains`; every JSON-RPC call answered with the URL it reached
 * (Solana's `getHealth` with "ok"), except URLs in `down`, which fail at the network level. Each call is
 * recorded in `calls`, and awaited by `untilAsked`.
 */
export const fakeWorld = (chains: ChainsAnswer, down: ReadonlySet<string> = new Set()) => {
  const calls: Array<Call> = []
  const methods = makeRecorder<string>()
  let asked = 0
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    if (new URL(request.url).pathname === "/v1/supported-chains") {
      calls.push({ url: request.url, method: SUPPORTED })
      methods.push(SUPPORTED)
      asked += 1
      return chains(asked, init?.signal ?? undefined)
    }
    const body = decodeWire(await request.text())
    calls.push({ url: request.url, method: body.method, params: body.params })
    methods.push(body.method)
    if (down.has(request.url)) throw new TypeError("fetch failed")
    const result = body.method === "getHealth" ? "ok" : request.url
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }))
  }
  const count = (method: string) => calls.filter((call) => call.method === method).length
  /** Waits until `method` has been asked `n` times (once by default). */
  const untilAsked = (method: string, n = 1) => methods.untilCount((m) => m === method, n)
  return { fetch, calls, count, untilAsked }
}

export const listing = (http: ReadonlyArray<unknown>) => () => json({ http, ws: [] })

/** The host's options under the project `proj`, on Ethereum mainnet unless `input` says otherwise. */
export const optionsOf = (input: Record<string, unknown>) =>
  Result.getOrThrow(decodeModalOptions({ projectId: "proj", networks: [mainnet], ...input }))

/** The sandbox chain, as a host names it. */
export const local = evmNetwork(31337, "Local", "http://127.0.0.1:8545/")

export const localSolana = solanaLocalnetNetwork

const OPTIONS = {
  networks: [mainnet, local, localSolana],
  customRpcUrls: { "eip155:1": [{ url: "https://a.example/rpc" }] }
}
export const PROVIDER_MAINNET = "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=proj"
export const OWN_MAINNET = "https://eth.merkle.io/"

/** The service over `api` (default: the real BlockchainApiLive on the same fetch). */
export const serviceLayer = (
  fetch: typeof globalThis.fetch,
  api: Layer.Layer<BlockchainApi, never, ModalConfig> = BlockchainApiLive,
  options: Record<string, unknown> = OPTIONS
) =>
  FallbackTransportLive.pipe(
    Layer.provide(api),
    Layer.provide(Layer.succeed(ModalConfig, optionsOf(options))),
    Layer.provide(Layer.succeed(HttpFetch, fetch)),
    Layer.provide(preloadedParts)
  )

export const swapped = (supportedChains: BlockchainApiShape["supportedChains"]) =>
  Layer.succeed(BlockchainApi, blockchainApiWith({ supportedChains }))

/** The service, built in the test's scope; the test fiber gets the fake fetch too (the clients read it when they are built). */
export const withService = <A, E>(
  fetch: typeof globalThis.fetch,
  body: (service: FallbackTransport["Service"]) => Effect.Effect<A, E>,
  api?: Layer.Layer<BlockchainApi, never, ModalConfig>
) =>
  Effect.gen(function* () {
    const service = yield* Effect.provide(FallbackTransport, yield* Layer.build(serviceLayer(fetch, api)))
    return yield* body(service)
  }).pipe(Effect.provideService(HttpFetch, fetch))

export const rpcUrls = (calls: ReadonlyArray<Call>, method: string) =>
  calls.filter((call) => call.method === method).map((call) => call.url)
