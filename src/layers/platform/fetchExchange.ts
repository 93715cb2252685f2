/**
 * One HTTP exchange over a `fetch` (the `HttpFetch` reference's), for the modal's HTTP clients (the
 * provider's hosts, the RPC nodes, Bitcoin's Esplora): the request never follows a redirect (a host answers
 * where it is asked), is aborted when the calling fiber is interrupted (a timeout included), and its body
 * is read up to a size the caller sets. Effect's own HTTP client is not used: its modules weigh about 8 KB
 * gzip before the first click.
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"

/** The request never got an answer: its URL cannot be parsed, or the network or the browser refused it. */
export class HttpFetchError extends Data.TaggedError("HttpFetchError")<{
  readonly reason: "InvalidUrl" | "Transport"
  readonly cause?: unknown
}> {}

export interface FetchRequest {
  readonly method: "GET" | "POST"
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

const isUrl = (url: string) => {
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

/** How to abort the request each response answers, so that refusing its body stops the download. */
const aborts = new WeakMap<Response, () => void>()

/**
 * The response to one request through `fetch` (a client's `HttpFetch`, read when the client is made, so that
 * the one its layer was built with is used); settles when its headers arrive.
 */
export const fetchResponse = (
  fetch: typeof globalThis.fetch,
  url: string,
  request: FetchRequest
): Effect.Effect<Response, HttpFetchError> =>
  Effect.gen(function* () {
    if (!isUrl(url)) return yield* Effect.fail(new HttpFetchError({ reason: "InvalidUrl" }))
    return yield* Effect.tryPromise({
      try: async (signal) => {
        // The request outlives this effect (its body is read after): its own controller, linked to the
        // interruption of this one.
        const controller = new AbortController()
        signal.addEventListener("abort", () => controller.abort())
        const response = await fetch(url, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          redirect: "error",
          signal: controller.signal
        })
        aborts.set(response, () => controller.abort())
        return response
      },
      catch: (cause) => new HttpFetchError({ reason: "Transport", cause })
    })
  })

/** A body past the caller's limit: refused by its declared length unread, or as soon as the stream passes it. */
export const TOO_LARGE = Symbol("TooLarge")

/**
 * The body's bytes, or {@link TOO_LARGE} past `limit` (the rest is not downloaded: the stream is cancelled).
 * A lying or missing `content-length` does not help a body past the limit.
 */
export const readBody = (
  response: Response,
  limit: number
): Effect.Effect<Uint8Array | typeof TOO_LARGE, HttpFetchError> =>
  Effect.tryPromise({
    try: async (signal) => {
      const body = response.body
      const abort = () => aborts.get(response)?.()
      const declared = Number(response.headers.get("content-length") ?? Number.NaN)
      if (Number.isFinite(declared) && declared > limit) {
        abort()
        await body?.cancel().catch(() => undefined)
        return TOO_LARGE
      }
      if (body === null) return new Uint8Array()
      const reader = body.getReader()
      const cancel = () => {
        abort()
        void reader.cancel().catch(() => undefined)
      }
      signal.addEventListener("abort", cancel)
      try {
        const chunks: Array<Uint8Array> = []
        let size = 0
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          size += value.length
          if (size > limit) {
            cancel()
            return TOO_LARGE
          }
          chunks.push(value)
        }
        const bytes = new Uint8Array(size)
        let offset = 0
        for (const chunk of chunks) {
          bytes.set(chunk, offset)
          offset += chunk.length
        }
        return bytes
      } finally {
        signal.removeEventListener("abort", cancel)
      }
    },
    catch: (cause) => new HttpFetchError({ reason: "Transport", cause })
  })
