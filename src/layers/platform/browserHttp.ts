/**
 * The browser's `fetch` as an `HttpClient`, loaded with the first request (`BrowserHttpLive` in
 * AirlockLive): nothing the modal shows before the first click asks the network, so the HTTP stack stays
 * out of the first paint.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { withoutTraceHeaders } from "./withoutTraceHeaders"

export const browserHttpClient: Effect.Effect<HttpClient.HttpClient> = Effect.map(
  HttpClient.HttpClient,
  withoutTraceHeaders
).pipe(
  Effect.provide(
    FetchHttpClient.layer.pipe(
      // The provider's hosts answer where they are asked: a redirect to elsewhere is a failure, not followed.
      Layer.provide(Layer.succeed(FetchHttpClient.RequestInit, { redirect: "error" }))
    )
  )
)
