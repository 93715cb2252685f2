import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { BlockchainApi } from "../../services/BlockchainApi"
import { FallbackTransport, type FallbackTransportShape } from "../../services/FallbackTransport"
import type { ModalConfig } from "../../services/ModalConfig"
import { RpcTransportError } from "../../services/RpcTransport"
import { type ChunkLoadError, call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** The chains' RPC (`FallbackTransport.lazy.ts`), fetched when a chain is first used. */
export const FallbackTransportLazy = lazyPart("@airlock/FallbackTransport.lazy", () =>
  accountStage().then((stage) => stage.fallbackTransport)
)

/** The chains' code did not load: a transport failure of `method` (the request's, or "ranking") on `network`. */
const notLoaded = (error: ChunkLoadError, network: CaipNetworkId, method: string) =>
  Effect.fail(new RpcTransportError({ method, transport: network, reason: "Transport", cause: error.cause }))

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
  ModalConfig | BlockchainApi | Scope.Scope
> = Effect.gen(function* () {
  const chains = lazyService(
    yield* lazyImplementation(FallbackTransportLazy, (module) => module.makeChainTransport),
    {
      request: call((error, network, request) => notLoaded(error, network, request.method)),
      ranking: call((error, network) => notLoaded(error, network, "ranking"))
    }
  )
  return FallbackTransport.of({
    request: (network, request) =>
      chains
        .request(network, request)
        .pipe(
          Effect.withSpan("FallbackTransport.request", { attributes: { network, method: request.method } })
        ),
    ranking: chains.ranking
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const FallbackTransportLive: Layer.Layer<FallbackTransport, never, ModalConfig | BlockchainApi> =
  Layer.effect(FallbackTransport, makeFallbackTransport)
