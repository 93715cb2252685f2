/**
 * The explorer (`apiUrl`) and analytics (`analyticsUrl`) requests, loaded with the first one: the wallet
 * listing, the project's allowed origins, the analytics switch and events.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { InvalidAppConfigurationError } from "../../errors"
import { decodeUnknownResult } from "../../schemas/decode"
import { decodeWalletListResponse } from "../../schemas/WalletListing"
import { ModalConfig } from "../../services/ModalConfig"
import type { AnalyticsEvent, ProviderApiShape, WalletQuery } from "../../services/ProviderApi"
import { randomUuid } from "../platform/randomUuid"
import { makeProviderHttp } from "./providerHttp"

/** The members built without the HTTP code: URLs only. */
export type ImageUrls = "walletImageUrl" | "assetImageUrl" | "currencyImageUrl" | "tokenImageUrl"

export const AllowedOriginsResponse = Schema.Struct({
  allowedOrigins: Schema.Array(Schema.String)
}).annotate({ identifier: "AllowedOriginsResponse" })

export const AnalyticsConfigResponse = Schema.Struct({
  isAnalyticsEnabled: Schema.Boolean
}).annotate({ identifier: "AnalyticsConfigResponse" })

/**
 * All or nothing: dropping one bad entry of an allow list would be harmless, but dropping all of them
 * would turn the list into "allow every origin", so a bad list is refused as a whole.
 */
const decodeAllowedOrigins = (input: unknown) =>
  Result.map(
    decodeUnknownResult(AllowedOriginsResponse, "Allowed origins response")(input),
    (response) => response.allowedOrigins
  )

const decodeAnalyticsConfig = decodeUnknownResult(AnalyticsConfigResponse, "Analytics config response")

/** The body of `POST /e` (FACTS §1.4, the legacy single-event shape). */
export interface AnalyticsPayload {
  readonly eventId: string
  readonly url: string
  readonly domain: string
  readonly timestamp: number
  readonly props: {
    readonly type: AnalyticsEvent["type"]
    readonly event: string
    readonly properties?: Readonly<Record<string, unknown>>
  }
}

/** The page the modal runs on; empty outside a browser. */
const pageLocation = (): { readonly url: string; readonly domain: string } => {
  try {
    const location = globalThis.location
    return location === undefined
      ? { url: "", domain: "" }
      : { url: location.href, domain: location.hostname }
  } catch {
    return { url: "", domain: "" }
  }
}

export const walletQueryParams = (query: WalletQuery) =>
  [
    ["page", query.page],
    ["entries", query.entries],
    ["search", query.search === "" ? undefined : query.search],
    ["include", query.include],
    ["exclude", query.exclude],
    ["chains", query.chains],
    ["badge_type", query.badge]
  ] as const

export const makeProviderApiRequests: Effect.Effect<
  Omit<ProviderApiShape, ImageUrls>,
  never,
  ModalConfig
> = Effect.gen(function* () {
  const config = yield* ModalConfig
  const api = yield* makeProviderHttp({ baseUrl: config.apiUrl, projectId: config.projectId })
  const pulse = yield* makeProviderHttp({ baseUrl: config.analyticsUrl, projectId: config.projectId })

  const sendEvent = (event: AnalyticsEvent) =>
    Effect.gen(function* () {
      const timestamp = yield* Clock.currentTimeMillis
      const body: AnalyticsPayload = {
        eventId: randomUuid(),
        ...pageLocation(),
        timestamp,
        props: {
          type: event.type,
          event: event.event,
          ...(event.properties === undefined ? {} : { properties: event.properties })
        }
      }
      // Best effort: no retries, so a burst of events against a failing service stays one request each.
      yield* pulse.send({ method: "POST", path: "e", body, retries: 0 })
    }).pipe(
      Effect.mapError((error) =>
        error._tag === "InvalidAppConfigurationError" && error.reason === "forbidden"
          ? new InvalidAppConfigurationError({
              reason: "analytics-forbidden",
              status: error.status,
              cause: error
            })
          : error
      ),
      Effect.withSpan("ProviderApi.sendEvent")
    )

  return {
    getWallets: (query) =>
      api.json({ path: "getWallets", params: walletQueryParams(query) }, decodeWalletListResponse).pipe(
        Effect.tap((list) =>
          list.dropped > 0
            ? Effect.logDebug(`getWallets: dropped ${list.dropped} invalid listings`)
            : Effect.void
        ),
        Effect.withSpan("ProviderApi.getWallets")
      ),
    getAllowedOrigins: api
      .json({ path: "projects/v1/origins" }, decodeAllowedOrigins)
      .pipe(Effect.withSpan("ProviderApi.getAllowedOrigins")),
    getAnalyticsConfig: api
      .json({ path: "getAnalyticsConfig" }, decodeAnalyticsConfig)
      .pipe(Effect.withSpan("ProviderApi.getAnalyticsConfig")),
    sendEvent
  }
})
