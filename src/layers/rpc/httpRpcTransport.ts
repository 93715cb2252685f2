import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { HttpFetch } from "../../services/HttpFetch"
import {
  PROVIDER_RPC_HOST,
  RpcDecodeError,
  type RpcError,
  RpcHttpError,
  type RpcRequest,
  RpcResponseError,
  RpcTimeoutError,
  RpcTransportError,
  type RpcTransportShape
} from "../../services/RpcTransport"
import { fetchResponse, type HttpFetchError, readBody, TOO_LARGE } from "../platform/fetchExchange"

/** THREATS R2: a read RPC call settles within 10 s. */
export const DEFAULT_RPC_TIMEOUT: Duration.Duration = Duration.seconds(10)

/** How much of a non-2xx body is kept on the error, for diagnosis. */
const MAX_ERROR_BODY = 1_000
/** A node's answer past this is refused unread or as soon as it passes it (THREATS: bounded by us). */
export const MAX_RPC_RESPONSE_BYTES = 8 * 1024 * 1024

const JsonRpcId = Schema.Union([Schema.Number, Schema.String, Schema.Null])

export const JsonRpcErrorObject = Schema.Struct({
  code: Schema.Int,
  message: Schema.String,
  data: Schema.optional(Schema.Unknown)
}).annotate({ identifier: "JsonRpcErrorObject" })

export const JsonRpcFailure = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: JsonRpcId,
  error: JsonRpcErrorObject
}).annotate({ identifier: "JsonRpcFailure" })

/** `result` must be present (a required `Unknown` key still has to exist), though it may be `null`. */
export const JsonRpcSuccess = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: JsonRpcId,
  result: Schema.Unknown
}).annotate({ identifier: "JsonRpcSuccess" })

/** A JSON-RPC 2.0 response; an error wins when a broken node sends both. Unknown keys (`ok`) are dropped. */
export const JsonRpcResponse = Schema.Union([JsonRpcFailure, JsonRpcSuccess]).annotate({
  identifier: "JsonRpcResponse"
})
export type JsonRpcResponse = typeof JsonRpcResponse.Type

const decodeResponse = Schema.decodeUnknownEffect(JsonRpcResponse)

export interface HttpRpcTransportOptions {
  /** Per call, including reading the body. Default 10 s. */
  readonly timeout?: Duration.Input | undefined
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

/** The start of a non-2xx body, read no further than it is kept. */
const readErrorBody = (response: Response): Effect.Effect<string | undefined> =>
  readBody(response, 64 * 1024).pipe(
    Effect.map((bytes) =>
      bytes === TOO_LARGE ? undefined : new TextDecoder().decode(bytes).slice(0, MAX_ERROR_BODY)
    ),
    Effect.orElseSucceed(() => undefined)
  )

/**
 * A JSON-RPC endpoint over HTTP POST, through the `HttpFetch` in context. Every call has a timeout; there
 * are no retries (the fallback decides what happens next). Ids count up per transport.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeHttpRpcTransport = (
  url: string,
  options?: HttpRpcTransportOptions
): Effect.Effect<RpcTransportShape> =>
  Effect.gen(function* () {
    const fetch = yield* HttpFetch
    const name = options?.name ?? transportName(url)
    const timeout = Duration.fromInputUnsafe(options?.timeout ?? DEFAULT_RPC_TIMEOUT)
    const contentType = options?.contentType ?? rpcContentType(url)
    let lastId = 0

    const fromFetchError = (
      context: { readonly method: string; readonly transport: string },
      error: HttpFetchError
    ): RpcError => new RpcTransportError({ ...context, reason: error.reason, cause: error })

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
            fetchResponse(fetch, url, {
              method: "POST",
              headers: { "content-type": contentType },
              body
            }).pipe(Effect.mapError((error) => fromFetchError(context, error)))
          ),
          Effect.flatMap((response) =>
            response.status < 200 || response.status >= 300
              ? Effect.flatMap(readErrorBody(response), (body) =>
                  Effect.fail(new RpcHttpError({ ...context, status: response.status, body }))
                )
              : readBody(response, MAX_RPC_RESPONSE_BYTES).pipe(
                  Effect.mapError((error) => fromFetchError(context, error)),
                  Effect.flatMap((bytes) =>
                    Effect.try({
                      try: (): unknown => {
                        if (bytes === TOO_LARGE) throw new Error("the answer is too large")
                        return JSON.parse(new TextDecoder().decode(bytes))
                      },
                      catch: (cause) => new RpcDecodeError({ ...context, cause })
                    })
                  ),
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
          Effect.timeoutOrElse({
            duration: timeout,
            orElse: () =>
              Effect.fail(new RpcTimeoutError({ ...context, timeoutMs: Duration.toMillis(timeout) }))
          }),
          Effect.withSpan("HttpRpcTransport.request", { attributes: { method: req.method, transport: name } })
        )
      })

    return { name, request }
  })
