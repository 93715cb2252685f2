import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../../errors"
import { ModalConfig } from "../../services/ModalConfig"
import { ProviderApi, type ProviderApiShape } from "../../services/ProviderApi"
import { ChunkLoadError, deferredImplementation, deferredMembers } from "../runtime/deferred"
import type { ImageUrls } from "./ProviderApi.lazy"
import { buildUrl, encodePathSegment } from "./providerUrl"

/** Each request's endpoint, which names it when its code does not load; `true`: it takes arguments. */
const REQUESTS: ReadonlyArray<readonly [name: string, endpoint: string, takesArguments: boolean]> = [
  ["getWallets", "/getWallets", true],
  ["getAllowedOrigins", "/projects/v1/origins", false],
  ["getAnalyticsConfig", "/getAnalyticsConfig", false],
  ["sendEvent", "/e", true]
]

/**
 * The explorer (`apiUrl`) and analytics (`analyticsUrl`) hosts over the `HttpClient` in context. Image
 * URLs are built at once; the requests' code (`ProviderApi.lazy.ts`) loads with the first request.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeProviderApi: Effect.Effect<ProviderApiShape, never, ModalConfig | HttpClient.HttpClient> =
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const requests = yield* deferredImplementation(() =>
      import("./ProviderApi.lazy").then((module) => module.makeProviderApiRequests)
    )
    const endpoints = new Map(REQUESTS.map(([name, endpoint]) => [name, endpoint]))
    const members = deferredMembers(
      requests,
      Object.fromEntries(REQUESTS.map(([name, , takesArguments]) => [name, takesArguments])),
      (name, call) =>
        Effect.mapError(call, (error) =>
          error instanceof ChunkLoadError
            ? new ProviderRequestError({
                reason: "network",
                endpoint: endpoints.get(name) ?? name,
                cause: error.cause
              })
            : error
        )
    )
    const imageUrl = (prefix: string) => (imageId: string) => {
      const segment = encodePathSegment(imageId)
      return segment === undefined
        ? undefined
        : buildUrl({ baseUrl: config.apiUrl, projectId: config.projectId }, `${prefix}/${segment}`)
    }
    return ProviderApi.of({
      ...(members as unknown as Omit<ProviderApiShape, ImageUrls>),
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
export const ProviderApiLive: Layer.Layer<ProviderApi, never, ModalConfig | HttpClient.HttpClient> =
  Layer.effect(ProviderApi, makeProviderApi)
