import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import {
  RpcDecodeError,
  type RpcError,
  RpcHttpError,
  type RpcRequest,
  RpcResponseError,
  RpcTimeoutError,
  RpcTransportError,
  type RpcTransportShape
} from "../services/RpcTransport"

/** The provider's RPC host (FACTS §1.6). */
export const PROVIDER_RPC_HOST = "rpc.walletconnect.org"

/** THREATS R2: a read RPC call settles within 10 s. */
export const DEFAULT_RPC_TIMEOUT: Duration.Duration = Duration.seconds(10)

/** How much of a non-2xx body is kept on the error, for diagnosis. */
const MAX_ERROR_BODY = 1_000

const JsonRpcId = Schema.Union(Schema.Number, Schema.String, Schema.Null)

export const JsonRpcErrorObject = Schema.Struct({
  code: Schema.Int,
  message: Schema.String,
  data: Schema.optional(Schema.Unknown)
}).annotations({ identifier: "JsonRpcErrorObject" })

export const JsonRpcFailure = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: JsonRpcId,
  error: JsonRpcErrorObject
}).annotations({ identifier: "JsonRpcFailure" })

// Schema.Unknown also accepts a missing key, so presence of `result` is checked on the input.
const HasResult = Schema.Unknown.pipe(Schema.filter((input) => Predicate.hasProperty(input, "result")))

export const JsonRpcSuccess = Schema.compose(
  HasResult,
  Schema.Struct({
    jsonrpc: Schema.Literal("2.0"),
    id: JsonRpcId,
    result: Schema.Unknown
  }),
  { strict: false }
).annotations({ identifier: "JsonRpcSuccess" })

/** A JSON-RPC 2.0 response; an error wins when a broken node sends both. Unknown keys (`ok`) are dropped. */
export const JsonRpcResponse = Schema.Union(JsonRpcFailure, JsonRpcSuccess).annotations({
  identifier: "JsonRpcResponse"
})
export type JsonRpcResponse = typeof JsonRpcResponse.Type

const decodeResponse = Schema.decodeUnknown(JsonRpcResponse)

export interface HttpRpcTransportOptions {
  /** Per call, including reading the body. Default 10 s. */
  readonly timeout?: Duration.DurationInput | undefined
  /** Default: {@link rpcContentType}. */
  readonly contentType?: string | undefined
  /** Default: the URL without query and fragment. */
  readonly name?: string | undefined
}

const parseUrl = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * `text/plain` for the provider's RPC host: a "simple" request needs no CORS preflight (FACTS §1.2), and
 * that host accepts it. Other nodes may not (anvil answers `text/plain` with -32600 Invalid request), so
 * they get `application/json`.
 */
export const rpcContentType = (url: string): string =>
  parseUrl(url)?.hostname === PROVIDER_RPC_HOST ? "text/plain" : "application/json"

/** A transport's display name: the URL without query (project ids, keys) and fragment. */
export const transportName = (url: string): string => {
  const parsed = parseUrl(url)
  return parsed === undefined ? url : `${parsed.origin}${parsed.pathname}`
}

const readErrorBody = (response: HttpClientResponse.HttpClientResponse): Effect.Effect<string | undefined> =>
  response.text.pipe(
    Effect.map((text) => text.slice(0, MAX_ERROR_BODY)),
    Effect.orElseSucceed(() => undefined)
  )

/**
 * A JSON-RPC endpoint over HTTP POST, on the `HttpClient` in context. Every call has a timeout; there are
 * no retries (the fallback decides what happens next). Ids count up per transport.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeHttpRpcTransport = (
  url: string,
  options?: HttpRpcTransportOptions
): Effect.Effect<RpcTransportShape, never, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    // No W3C trace headers, whatever client the host provides: RPC nodes answer CORS preflights for the
    // content type only.
    const client = HttpClient.withTracerPropagation(yield* HttpClient.HttpClient, false)
    const name = options?.name ?? transportName(url)
    const timeout = Duration.decode(options?.timeout ?? DEFAULT_RPC_TIMEOUT)
    const contentType = options?.contentType ?? rpcContentType(url)
    let lastId = 0

    const fromHttpError = (
      context: { readonly method: string; readonly transport: string },
      error: HttpClientError.HttpClientError
    ): RpcError =>
      error._tag === "RequestError"
        ? new RpcTransportError({ ...context, reason: error.reason, cause: error })
        : new RpcDecodeError({ ...context, cause: error })

    const request = (req: RpcRequest): Effect.Effect<unknown, RpcError> =>
      Effect.suspend(() => {
        lastId += 1
        const id = lastId
        const context = { method: req.method, transport: name }
        return Effect.try({
          try: () => JSON.stringify({ jsonrpc: "2.0", id, method: req.method, params: req.params }),
          catch: (cause) => new RpcTransportError({ ...context, reason: "Encode", cause })
        }).pipe(
          Effect.flatMap((body) =>
            client
              .execute(HttpClientRequest.post(url).pipe(HttpClientRequest.bodyText(body, contentType)))
              .pipe(Effect.mapError((error) => fromHttpError(context, error)))
          ),
          Effect.flatMap((response) =>
            response.status < 200 || response.status >= 300
              ? Effect.flatMap(readErrorBody(response), (body) =>
                  Effect.fail(new RpcHttpError({ ...context, status: response.status, body }))
                )
              : response.json.pipe(
                  Effect.mapError((error) => fromHttpError(context, error)),
                  Effect.flatMap((json) =>
                    Effect.mapError(
                      decodeResponse(json),
                      (cause) => new RpcDecodeError({ ...context, cause })
                    )
                  )
                )
          ),
          Effect.flatMap((response): Effect.Effect<unknown, RpcError> => {
            if ("error" in response) {
              // JSON-RPC answers a request it could not read with id null; any other id must be ours.
              if (response.id !== id && response.id !== null)
                return Effect.fail(new RpcDecodeError({ ...context, cause: response }))
              return Effect.fail(
                new RpcResponseError({
                  ...context,
                  code: response.error.code,
                  message: response.error.message,
                  data: response.error.data,
                  cause: response.error
                })
              )
            }
            return response.id === id
              ? Effect.succeed(response.result)
              : Effect.fail(new RpcDecodeError({ ...context, cause: response }))
          }),
          Effect.timeoutFail({
            duration: timeout,
            onTimeout: () => new RpcTimeoutError({ ...context, timeoutMs: Duration.toMillis(timeout) })
          }),
          Effect.withSpan("HttpRpcTransport.request", { attributes: { method: req.method, transport: name } })
        )
      })

    return { name, request }
  })
