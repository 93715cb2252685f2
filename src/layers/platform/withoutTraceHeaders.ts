import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"

/**
 * `client` without W3C trace headers: RPC nodes and the provider's hosts answer CORS preflights for the
 * content type only, and a `traceparent` header would make every browser call fail.
 */
export const withoutTraceHeaders = <E, R>(
  client: HttpClient.HttpClient.With<E, R>
): HttpClient.HttpClient.With<E, R> =>
  HttpClient.transform(client, (response) =>
    Effect.provideService(response, HttpClient.TracerPropagationEnabled, false)
  )
