/**
 * The one choke point for the provider's HTTP hosts (THREATS §4.3): identity query params, a timeout per
 * attempt, bounded retries, a response size cap, JSON and schema decoding, and status mapping through the
 * error catalogue. Nothing here throws; every failure is a `ProviderServiceError`.
 */
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import { ProviderRequestError, type ProviderServiceError } from "../../errors"
import type { SchemaDecodeError } from "../../schemas/decode"
import { HttpFetch } from "../../services/HttpFetch"
import {
  type FetchRequest,
  fetchResponse,
  type HttpFetchError,
  readBody,
  TOO_LARGE
} from "../platform/fetchExchange"
import { buildUrl, type QueryParams } from "./providerUrl"
import { fromServerResponse } from "./serverResponse"

/** THREATS R2: every HTTP attempt settles within 10 s, reading the body included. */
export const REQUEST_TIMEOUT: Duration.Duration = Duration.seconds(10)
/** SPEC §9: 3 client retries. */
export const MAX_RETRIES = 3
export const RETRY_BASE: Duration.Duration = Duration.seconds(1)
export const RETRY_CAP: Duration.Duration = Duration.seconds(30)
/** Bodies above this are refused unread (by `content-length`) or as soon as the stream passes it. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024
/** Error bodies are only searched for a named server message, so a little is enough. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024

/**
 * SPEC §9: 1 s doubling, capped at 30 s, at most `times` retries. No jitter, so the delays are exact
 * (1 s, 2 s, 4 s); with 3 retries the cap never bites, but it holds if `times` grows.
 */
export const retrySchedule = (times: number = MAX_RETRIES) =>
  Schedule.max([
    Schedule.min([Schedule.exponential(RETRY_BASE), Schedule.spaced(RETRY_CAP)]),
    Schedule.recurs(times)
  ])

/**
 * Statuses worth another attempt: request timeout, rate limit and server errors (503 included: the
 * catalogue names it, but a moment later it often passes). 501 and 505 will not change on retry. Every
 * other 4xx (403 above all) is an answer, not a hiccup.
 */
export const isTransientStatus = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505)

export type Decoder<A> = (input: unknown) => Result.Result<A, SchemaDecodeError>

export interface ProviderRequest {
  readonly method?: "GET" | "POST"
  /** Path below the base URL. Variable segments must come from {@link encodePathSegment}. */
  readonly path: string
  readonly params?: QueryParams
  /** POST only: sent as JSON text. */
  readonly body?: unknown
  /** Default {@link MAX_RETRIES}. */
  readonly retries?: number
}

export interface ProviderHttpOptions {
  readonly baseUrl: string
  readonly projectId: string
  readonly timeout?: Duration.Input | undefined
  readonly maxBytes?: number | undefined
}

export interface ProviderHttp {
  /** The full URL of a GET: base, path, identity params, then `params`; `undefined` if it cannot be built. */
  readonly url: (path: string, params?: QueryParams) => string | undefined
  /** Requests, reads at most the size cap, parses JSON and decodes it. */
  readonly json: <A>(request: ProviderRequest, decode: Decoder<A>) => Effect.Effect<A, ProviderServiceError>
  /** Requests and ignores the body of a 2xx answer. */
  readonly send: (request: ProviderRequest) => Effect.Effect<void, ProviderServiceError>
}

/** A failure another attempt may cure; unwrapped to its error once retries are spent. */
class Transient extends Data.TaggedError("Transient")<{ readonly error: ProviderServiceError }> {}

const endpointOf = (path: string): string => `/${path.replace(/^\/+/, "")}`

/**
 * The body as UTF-8 text, refusing more than `limit` bytes: first by the declared length, without reading,
 * then while streaming (a lying or missing `content-length` does not help). A refused body stops
 * downloading.
 */
const readText = (
  response: Response,
  limit: number,
  endpoint: string
): Effect.Effect<string, ProviderRequestError | Transient> =>
  readBody(response, limit).pipe(
    Effect.mapError(
      (cause) =>
        new Transient({
          error: new ProviderRequestError({ reason: "network", endpoint, status: response.status, cause })
        })
    ),
    Effect.flatMap((bytes) =>
      bytes === TOO_LARGE
        ? Effect.fail(new ProviderRequestError({ reason: "too-large", endpoint, status: response.status }))
        : Effect.try({
            try: () => new TextDecoder("utf-8", { fatal: true }).decode(bytes),
            catch: (cause) =>
              new ProviderRequestError({ reason: "malformed-body", endpoint, status: response.status, cause })
          })
    )
  )

/** A non-2xx answer: the catalogue's error when the status or body names one, else a generic one. */
const statusFailure = (
  response: Response,
  endpoint: string
): Effect.Effect<never, ProviderServiceError | Transient> =>
  readText(response, MAX_ERROR_BODY_BYTES, endpoint).pipe(
    Effect.orElseSucceed(() => ""),
    Effect.flatMap((body) => {
      const status = response.status
      const named = fromServerResponse(status, body)
      const error = named ?? new ProviderRequestError({ reason: "status", endpoint, status })
      // A named configuration problem (bad key, origin, clock) will not pass on a second try.
      const definitive =
        named !== undefined &&
        (named._tag === "InvalidAppConfigurationError" || named._tag === "SessionExpiredError")
      return Effect.fail(isTransientStatus(status) && !definitive ? new Transient({ error }) : error)
    })
  )

const fromFetchError = (error: HttpFetchError, endpoint: string): ProviderRequestError | Transient =>
  error.reason === "Transport"
    ? new Transient({ error: new ProviderRequestError({ reason: "network", endpoint, cause: error }) })
    : new ProviderRequestError({ reason: "invalid-request", endpoint, cause: error })

/**
 * @since 0.1.0
 * @category constructors
 */
export const makeProviderHttp = (options: ProviderHttpOptions): Effect.Effect<ProviderHttp> =>
  Effect.gen(function* () {
    const fetch = yield* HttpFetch
    const timeout = Duration.fromInputUnsafe(options.timeout ?? REQUEST_TIMEOUT)
    const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES

    const url = (path: string, params?: QueryParams) => buildUrl(options, path, params)

    /** One attempt: a 2xx response handed to `onOk`, under the per-attempt timeout. */
    const attempt = <A>(
      request: ProviderRequest,
      endpoint: string,
      onOk: (response: Response) => Effect.Effect<A, ProviderServiceError | Transient>
    ): Effect.Effect<A, ProviderServiceError | Transient> =>
      Effect.suspend(() => {
        const target = url(request.path, request.params)
        if (target === undefined)
          return Effect.fail(new ProviderRequestError({ reason: "invalid-request", endpoint }))
        const build: Effect.Effect<FetchRequest, ProviderRequestError> =
          request.method === "POST"
            ? Effect.try({
                // Stringify can throw (BigInt, cycles); text/plain keeps it a simple CORS request.
                try: (): FetchRequest => ({
                  method: "POST",
                  headers: { "content-type": "text/plain" },
                  body: JSON.stringify(request.body) ?? "null"
                }),
                catch: (cause) => new ProviderRequestError({ reason: "invalid-request", endpoint, cause })
              })
            : Effect.succeed({ method: "GET", headers: { accept: "application/json" } })
        return build.pipe(
          Effect.flatMap((init) =>
            Effect.mapError(fetchResponse(fetch, target, init), (error) => fromFetchError(error, endpoint))
          ),
          Effect.flatMap((response) =>
            response.status >= 200 && response.status < 300
              ? onOk(response)
              : statusFailure(response, endpoint)
          ),
          // Not retried: a service that hangs for 10 s is overloaded, and R2 wants the caller to know.
          Effect.timeoutOrElse({
            duration: timeout,
            orElse: () => Effect.fail(new ProviderRequestError({ reason: "timeout", endpoint }))
          })
        )
      })

    const run = <A>(
      request: ProviderRequest,
      onOk: (response: Response) => Effect.Effect<A, ProviderServiceError | Transient>
    ): Effect.Effect<A, ProviderServiceError> => {
      const endpoint = endpointOf(request.path)
      return attempt(request, endpoint, onOk).pipe(
        Effect.retry({
          schedule: retrySchedule(request.retries ?? MAX_RETRIES),
          while: (error) => error._tag === "Transient"
        }),
        Effect.mapError((error) => (error._tag === "Transient" ? error.error : error)),
        Effect.withSpan("ProviderHttp.request", { attributes: { endpoint, method: request.method ?? "GET" } })
      )
    }

    const json = <A>(request: ProviderRequest, decode: Decoder<A>): Effect.Effect<A, ProviderServiceError> =>
      run(request, (response) => {
        const endpoint = endpointOf(request.path)
        return readText(response, maxBytes, endpoint).pipe(
          Effect.flatMap((text) =>
            Effect.try({
              try: (): unknown => JSON.parse(text),
              catch: (cause) =>
                new ProviderRequestError({
                  reason: "malformed-body",
                  endpoint,
                  status: response.status,
                  cause
                })
            })
          ),
          Effect.flatMap((body) =>
            Effect.try({
              try: () => decode(body),
              // Decoders return their failures; a throw would be a bug, but R1 forbids a defect here too.
              catch: (cause) =>
                new ProviderRequestError({
                  reason: "malformed-body",
                  endpoint,
                  status: response.status,
                  cause
                })
            })
          ),
          // The API's words never reach the visitor: the decode failure (which quotes the body) is the
          // cause, for logs; the error is the catalogue's.
          Effect.flatMap((decoded) =>
            Result.isSuccess(decoded)
              ? Effect.succeed(decoded.success)
              : Effect.fail(
                  new ProviderRequestError({
                    reason: "malformed-body",
                    endpoint,
                    status: response.status,
                    cause: decoded.failure
                  })
                )
          )
        )
      })

    const send = (request: ProviderRequest): Effect.Effect<void, ProviderServiceError> =>
      run(request, (response) =>
        // Drained (bounded) so the connection is released; its content does not matter.
        Effect.ignore(readText(response, MAX_ERROR_BODY_BYTES, endpointOf(request.path)))
      )

    return { url, json, send }
  })
