import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import type { ChainNotConfiguredError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { BlockchainApi } from "../../services/BlockchainApi"
import {
  FallbackTransport,
  type FallbackTransportShape,
  type RankedFallback
} from "../../services/FallbackTransport"
import type { ModalConfig } from "../../services/ModalConfig"
import { RpcTransportError } from "../../services/RpcTransport"
import { deferredImplementation } from "../runtime/deferred"

/**
 * One ranked fallback per configured network, built on first use (so only used chains are pinged) and
 * kept, with its ranking fiber, until the scope closes. Which chains get the provider's RPC comes from
 * `BlockchainApi`'s supported chains, asked for when a chain is first used.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeFallbackTransport: Effect.Effect<
  FallbackTransportShape,
  never,
  ModalConfig | BlockchainApi | HttpClient.HttpClient | Scope.Scope
> = Effect.gen(function* () {
  // The chains' RPC code travels in its own chunk, fetched when a chain is first used.
  const chains = yield* deferredImplementation(() =>
    import("./FallbackTransport.lazy").then((module) => module.makeChainFallbacks)
  )

  /** The chain's fallback; `method` names the request in the error when its code failed to load. */
  const fallbackFor = (
    network: CaipNetworkId,
    method: string
  ): Effect.Effect<RankedFallback, ChainNotConfiguredError | RpcTransportError> =>
    chains.pipe(
      Effect.catchTag("ChunkLoadError", ({ cause }) =>
        Effect.fail(new RpcTransportError({ method, transport: network, reason: "Transport", cause }))
      ),
      Effect.flatMap((fallbackOf) => fallbackOf(network))
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
  ModalConfig | BlockchainApi | HttpClient.HttpClient
> = Layer.effect(FallbackTransport, makeFallbackTransport)
