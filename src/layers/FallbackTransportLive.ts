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
import { type ChunkLoadError, deferredImplementation } from "./deferred"

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
  const fallbacks = new Map<string, Effect.Effect<RankedFallback, ChainNotConfiguredError | ChunkLoadError>>()
  for (const network of config.networks) {
    if (fallbacks.has(network.caipNetworkId)) continue
    // A chain's RPC code travels in its own chunk, fetched when a chain is first used; built once even
    // when the first requests race, in the layer's context (its HttpClient, scope and RankingConfig).
    const fallback = yield* deferredImplementation(() =>
      import("./deferred/rankedFallback").then((module) => module.makeChainFallback(network, config))
    )
    fallbacks.set(network.caipNetworkId, fallback)
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
