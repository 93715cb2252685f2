import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../../errors"
import { ModalConfig } from "../../services/ModalConfig"
import { ProviderApi, type ProviderApiShape } from "../../services/ProviderApi"
import { type ChunkLoadError, call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { buildUrl, encodePathSegment } from "./providerUrl"

/** The explorer and analytics requests (`ProviderApi.lazy.ts`), loaded with the first one. */
export const ProviderApiLazy = lazyPart("@airlock/ProviderApi.lazy", () =>
  import("../runtime/connectStage").then((stage) => stage.providerApi)
)

/** The requests' code did not load: to the visitor, the request to `endpoint` failed on the network. */
const unreachable = (endpoint: string) => (error: ChunkLoadError) =>
  Effect.fail(new ProviderRequestError({ reason: "network", endpoint, cause: error.cause }))

/**
 * The explorer (`apiUrl`) and analytics (`analyticsUrl`) hosts through the `HttpFetch` in context. Image
 * URLs are built at once; the requests' code (`ProviderApi.lazy.ts`) loads with the first request.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeProviderApi: Effect.Effect<ProviderApiShape, never, ModalConfig> = Effect.gen(function* () {
  const config = yield* ModalConfig
  const requests = yield* lazyImplementation(ProviderApiLazy, (module) => module.makeProviderApiRequests)
  const imageUrl = (prefix: string) => (imageId: string) => {
    const segment = encodePathSegment(imageId)
    return segment === undefined
      ? undefined
      : buildUrl({ baseUrl: config.apiUrl, projectId: config.projectId }, `${prefix}/${segment}`)
  }
  return ProviderApi.of({
    ...lazyService(requests, {
      getWallets: call(unreachable("/getWallets")),
      getAllowedOrigins: effect(unreachable("/projects/v1/origins")),
      getAnalyticsConfig: effect(unreachable("/getAnalyticsConfig")),
      sendEvent: call(unreachable("/e"))
    }),
    walletImageUrl: imageUrl("getWalletImage"),
    assetImageUrl: imageUrl("public/getAssetImage"),
    currencyImageUrl: imageUrl("public/getCurrencyImage"),
    tokenImageUrl: imageUrl("public/getTokenImage")
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ProviderApiLive: Layer.Layer<ProviderApi, never, ModalConfig> = Layer.effect(
  ProviderApi,
  makeProviderApi
)
