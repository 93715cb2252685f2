import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { lazyImplementation, lazyPart } from "../runtime/lazy"
import { HttpClientTag, lazyHttpClient } from "./lazyHttpClient"

/** The browser's `fetch` as an `HttpClient` (`browserHttp.ts`), loaded with the first request. */
export const BrowserHttpLazy = lazyPart("@airlock/browserHttp", () =>
  import("../runtime/connectStage").then((stage) => stage.browserHttp)
)

/**
 * `fetch` without W3C trace headers (see `withoutTraceHeaders`), redirects refused. The client itself
 * (`browserHttp`) loads with the first request; a load that fails is that request's transport
 * error, and the next request tries again.
 *
 * @since 0.1.0
 * @category layers
 */
export const BrowserHttpLive: Layer.Layer<HttpClient.HttpClient> = Layer.effect(
  HttpClientTag,
  Effect.map(
    lazyImplementation(BrowserHttpLazy, (module) => module.browserHttpClient),
    lazyHttpClient
  )
)
