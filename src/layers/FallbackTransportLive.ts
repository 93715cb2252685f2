import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { ChainNotConfiguredError } from "../errors"
import type { CaipNetworkId } from "../schemas/Primitives"
import {
  FallbackTransport,
  type FallbackTransportShape,
  type RankedFallback
} from "../services/FallbackTransport"
import { ModalConfig } from "../services/ModalConfig"
import { RpcTransportError } from "../services/RpcTransport"
import { cachedImport, memoizeSuccess } from "./cachedImport"
import { ChunkLoadError } from "./deferred"

/**
 * One ranked fallback per configured network, built on first use (so only used chains are pinged) and
 * kept, with its ranking fiber, until the scope closes.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeFallbackTransport: Effect.Effect<
  FallbackTransportShape,
  never,
  ModalConfig | HttpClient.HttpClient | Scope.Scope
> = Effect.gen(function* () {
  const config = yield* ModalConfig
  // The layer's own context (its HttpClient, scope and RankingConfig), whichever request builds a chain.
  const context = yield* Effect.context<HttpClient.HttpClient | Scope.Scope>()
  // A chain's RPC code travels in its own chunk, fetched when a chain is first used.
  const chainRpc = yield* cachedImport(
    () => import("./deferred/rankedFallback"),
    (cause) => new ChunkLoadError({ cause })
  )

  const fallbacks = new Map<string, Effect.Effect<RankedFallback, ChainNotConfiguredError | ChunkLoadError>>()
  for (const network of config.networks) {
    if (fallbacks.has(network.caipNetworkId)) continue
    const build = chainRpc.pipe(
      Effect.flatMap((module) => module.makeChainFallback(network, config)),
      Effect.provideContext(context)
    )
    // Built once even when the first requests race; a chunk that failed to load is asked for again.
    fallbacks.set(network.caipNetworkId, yield* memoizeSuccess(build))
  }

  /** The chain's fallback; `method` names the request in the error when its code failed to load. */
  const fallbackFor = (
    network: CaipNetworkId,
    method: string
  ): Effect.Effect<RankedFallback, ChainNotConfiguredError | RpcTransportError> =>
    (fallbacks.get(network) ?? Effect.fail(new ChainNotConfiguredError({ chainId: network }))).pipe(
      Effect.catchTag("ChunkLoadError", ({ cause }) =>
        Effect.fail(new RpcTransportError({ method, transport: network, reason: "Transport", cause }))
      )
    )

  return FallbackTransport.of({
    request: (network, request) =>
      fallbackFor(network, request.method).pipe(
        Effect.flatMap((fallback) => fallback.request(request)),
        Effect.withSpan("FallbackTransport.request", { attributes: { network, method: request.method } })
      ),
    ranking: (network) => Effect.map(fallbackFor(network, "ranking"), (fallback) => fallback.ranking)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const FallbackTransportLive: Layer.Layer<
  FallbackTransport,
  never,
  ModalConfig | HttpClient.HttpClient
> = Layer.effect(FallbackTransport, makeFallbackTransport)
