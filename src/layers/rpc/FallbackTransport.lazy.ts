import * as Arr from "effect/Array"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { ChainNotConfiguredError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { BlockchainApi, type BlockchainApiShape } from "../../services/BlockchainApi"
import {
  type FallbackTransportShape,
  type RankedFallback,
  RankingConfig
} from "../../services/FallbackTransport"
import { ModalConfig } from "../../services/ModalConfig"
import { memoizeSuccess } from "../runtime/memoizeSuccess"
import { makeHttpRpcTransport } from "./httpRpcTransport"
import { makeRankedFallback } from "./rankedFallback"
import { type RpcUrlConfig, rpcUrlsFor } from "./rpcUrls"

/**
 * Each configured network's RPC: its transports chosen from the provider's supported chains and ranked.
 * Loaded by `FallbackTransportLive` when a chain is first used, so pages that never read a chain never
 * download it, nor ask which chains the provider serves.
 */

/** How long a chain's first use waits for the supported chains before it settles for the chain's own URLs. */
export const SUPPORTED_CHAINS_WAIT: Duration.Duration = Duration.seconds(2)
/** A list is used this long; the chains first used after that ask again. */
export const SUPPORTED_CHAINS_TTL: Duration.Duration = Duration.minutes(5)
/** After no usable answer (failed, late or malformed), the chains first used within this do not ask again. */
export const SUPPORTED_CHAINS_RETRY: Duration.Duration = Duration.seconds(30)

/**
 * The answer as this module trusts it, whatever `BlockchainApi` a host swapped in: `http` must be an
 * array; an item that is not a string names no chain and is dropped.
 */
const ProviderChains = Schema.Struct({ http: Schema.Array(Schema.Unknown) })
const decodeProviderChains = Schema.decodeUnknownEffect(ProviderChains)

const NONE: ReadonlySet<string> = new Set()

/**
 * The chains the provider's RPC serves (the `http` list of `GET v1/supported-chains`), or `NONE` when that
 * is not known within {@link SUPPORTED_CHAINS_WAIT}: failed, late, malformed, even a defect of a swapped
 * `BlockchainApi`. Never fails.
 */
const askProviderChains = (api: BlockchainApiShape): Effect.Effect<ReadonlySet<string>> =>
  api.supportedChains.pipe(
    Effect.flatMap(decodeProviderChains),
    Effect.map(({ http }): ReadonlySet<string> => new Set(http.filter((id) => typeof id === "string"))),
    Effect.timeout(SUPPORTED_CHAINS_WAIT),
    Effect.catchCause((cause) =>
      Effect.as(Effect.logDebug("Supported chains unavailable; RPC uses the networks' own URLs", cause), NONE)
    )
  )

/**
 * One network's ranked fallback over HTTP transports to its {@link rpcUrlsFor} URLs, pinged with its
 * namespace's ping (Solana: `getHealth`).
 *
 * With the supported chains unknown, only the host's custom URLs and the network's own are used: exactly
 * what a chain the provider does not serve gets. That is safe because the provider's RPC is only ever an
 * extra transport in front of those, never the only way to the chain (a decoded network has at least one
 * URL of its own). The cost: this chain goes without the provider's node for the layer's life.
 */
const makeChainFallback = (
  network: Pick<CaipNetwork, "caipNetworkId" | "chainNamespace" | "rpcUrls">,
  config: RpcUrlConfig,
  providerChains: Effect.Effect<ReadonlySet<string>>
): Effect.Effect<RankedFallback, ChainNotConfiguredError, Scope.Scope> =>
  Effect.gen(function* () {
    const urls = rpcUrlsFor(network, config, yield* providerChains)
    const transports = yield* Effect.forEach(urls, (url) => makeHttpRpcTransport(url))
    if (!Arr.isReadonlyArrayNonEmpty(transports))
      return yield* new ChainNotConfiguredError({ chainId: network.caipNetworkId })
    const ranking = yield* RankingConfig
    return yield* makeRankedFallback(transports, {
      ping: ranking.namespacePings[network.chainNamespace] ?? ranking.ping
    })
  })

/**
 * The fallback of each configured network, built on the network's first use, once even when the first
 * requests race, and kept with its ranking fiber until the layer's scope closes; a build that failed is
 * tried again. The supported chains are asked for once for all the networks first used together, and
 * kept {@link SUPPORTED_CHAINS_TTL} (an unusable answer {@link SUPPORTED_CHAINS_RETRY}).
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeChainFallbacks: Effect.Effect<
  (network: CaipNetworkId) => Effect.Effect<RankedFallback, ChainNotConfiguredError>,
  never,
  ModalConfig | BlockchainApi | Scope.Scope
> = Effect.gen(function* () {
  const config = yield* ModalConfig
  const providerChains = yield* Effect.cachedWithTTL(askProviderChains(yield* BlockchainApi), (exit) =>
    Exit.isSuccess(exit) && exit.value !== NONE ? SUPPORTED_CHAINS_TTL : SUPPORTED_CHAINS_RETRY
  )
  // Builds run in the layer's context (its HttpFetch, scope and RankingConfig), whoever asked first.
  const context = yield* Effect.context<Scope.Scope>()
  const fallbacks = new Map<string, Effect.Effect<RankedFallback, ChainNotConfiguredError>>()
  for (const network of config.networks) {
    if (fallbacks.has(network.caipNetworkId)) continue
    const build = makeChainFallback(network, config, providerChains).pipe(Effect.provideContext(context))
    fallbacks.set(network.caipNetworkId, yield* memoizeSuccess(build))
  }
  return (network) => fallbacks.get(network) ?? Effect.fail(new ChainNotConfiguredError({ chainId: network }))
})

/** The transport's requests and rankings over each network's fallback (`makeChainFallbacks`). */
export const makeChainTransport: Effect.Effect<
  FallbackTransportShape,
  never,
  ModalConfig | BlockchainApi | Scope.Scope
> = Effect.map(makeChainFallbacks, (fallbackOf) => ({
  request: (network, request) => Effect.flatMap(fallbackOf(network), (fallback) => fallback.request(request)),
  ranking: (network) => Effect.map(fallbackOf(network), (fallback) => fallback.ranking)
}))
