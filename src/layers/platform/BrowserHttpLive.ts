import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { withoutTraceHeaders } from "./withoutTraceHeaders"

/**
 * The browser's `fetch` as effect's `HttpClient`, without W3C trace headers (see `withoutTraceHeaders`),
 * for a host's own layers. The modal itself does not use it (its HTTP goes through `HttpFetch`), so none
 * of effect's HTTP modules reach a page that does not import this.
 *
 * @since 0.1.0
 * @category layers
 */
export const BrowserHttpLive: Layer.Layer<HttpClient.HttpClient> = Layer.effect(
  HttpClient.HttpClient,
  Effect.map(HttpClient.HttpClient, withoutTraceHeaders)
).pipe(
  Layer.provide(FetchHttpClient.layer),
  // The provider's hosts answer where they are asked: a redirect to elsewhere is a failure, not followed.
  Layer.provide(Layer.succeed(FetchHttpClient.RequestInit, { redirect: "error" }))
)
