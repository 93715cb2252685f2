/**
 * What `lazyHttpClient` takes of effect's HTTP modules: a request for a shortcut, the transport error of a
 * client that did not load. Loaded, never part of the first paint; whoever calls the client got it through
 * effect's `HttpClient` tag, whose module imports both of these statically, so loading this fetches little.
 */
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpMethod from "effect/http/HttpMethod"

export const makeRequest = (
  method: HttpMethod.HttpMethod,
  url: string | URL,
  options: HttpClientRequest.Options.NoUrl | undefined
): HttpClientRequest.HttpClientRequest => HttpClientRequest.make(method)(url, options)

export const transportError = (
  request: HttpClientRequest.HttpClientRequest,
  cause: unknown
): HttpClientError.HttpClientError =>
  new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, cause }) })
