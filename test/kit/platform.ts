/**
 * The platform every unit suite runs on: an in-memory `KeyValueStore` and an `HttpFetch` that answers
 * only the requests a test stubbed. Anything else is rejected at once with an error naming the method and
 * URL, so the code under test sees a network failure and the test can assert nobody asked.
 */

import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import { HttpFetch } from "../../src/services/HttpFetch"

// ---------------------------------------------------------------------------------------------------------
// Fake fetch
// ---------------------------------------------------------------------------------------------------------

/** A request as a test sees it. */
export interface Seen {
  readonly url: string
  readonly method: string
  readonly contentType: string | null
  readonly accept: string | null
  readonly body: string | undefined
  aborted: boolean
}

export type Respond = (
  request: Seen,
  n: number,
  signal: AbortSignal | undefined
) => Response | Promise<Response>

/** A fetch that records every request synchronously (so counts are exact right after a clock step). */
export const fakeFetch = (respond: Respond) => {
  const seen: Array<Seen> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const request = new Request(input, init)
    const raw = init?.body
    const entry: Seen = {
      url: request.url,
      method: request.method,
      contentType: request.headers.get("content-type"),
      accept: request.headers.get("accept"),
      body:
        raw === undefined || raw === null
          ? undefined
          : raw instanceof Uint8Array
            ? new TextDecoder().decode(raw)
            : String(raw),
      aborted: false
    }
    seen.push(entry)
    init?.signal?.addEventListener("abort", () => {
      entry.aborted = true
    })
    return Promise.resolve(respond(entry, seen.length, init?.signal ?? undefined))
  }
  return { fetch, seen }
}

export const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json", ...headers } })

export const text = (body: string, status = 200) => new Response(body, { status })

// ---------------------------------------------------------------------------------------------------------
// Stubbed HttpFetch
// ---------------------------------------------------------------------------------------------------------

/** Which requests a stub answers: a URL prefix, a pattern tested on the URL, or any predicate. */
export type RequestMatcher = string | RegExp | ((request: Seen) => boolean)

/** Answers a stubbed request; `n` counts the requests this stub has answered, from 1. */
export type StubResponse = (
  request: Seen,
  n: number,
  signal: AbortSignal | undefined
) => Response | Promise<Response>

export interface TestHttp {
  /** The `HttpFetch`; each build shares this value's stubs and records. */
  readonly layer: Layer.Layer<never>
  /** Answers the requests `matcher` selects; the stub registered last wins when several match. */
  readonly stub: (matcher: RequestMatcher, respond: StubResponse) => void
  /** Every request so far, stubbed or not, in order. */
  readonly requests: () => ReadonlyArray<Seen>
  /** The requests no stub answered (each one failed). */
  readonly unstubbed: () => ReadonlyArray<Seen>
}

const matches = (matcher: RequestMatcher, request: Seen) =>
  typeof matcher === "string"
    ? request.url.startsWith(matcher)
    : matcher instanceof RegExp
      ? matcher.test(request.url)
      : matcher(request)

/** The fetch rejection of a request nobody stubbed, naming it. */
class Unstubbed extends Error {}

/** An `HttpFetch` over stubs the test registers; see {@link TestHttp}. */
export const makeTestHttp = (): TestHttp => {
  const stubs: Array<{ readonly matcher: RequestMatcher; readonly respond: StubResponse; answered: number }> =
    []
  const unstubbed: Array<Seen> = []
  const { fetch, seen } = fakeFetch((request, _n, signal) => {
    const stub = stubs
      .slice()
      .reverse()
      .find(({ matcher }) => matches(matcher, request))
    if (stub === undefined) {
      unstubbed.push(request)
      return Promise.reject(new Unstubbed(`no test stub for ${request.method} ${request.url}`))
    }
    stub.answered++
    return stub.respond(request, stub.answered, signal)
  })
  const layer = Layer.succeed(HttpFetch, fetch)
  return {
    layer,
    stub: (matcher, respond) => {
      stubs.push({ matcher, respond, answered: 0 })
    },
    requests: () => [...seen],
    unstubbed: () => [...unstubbed]
  }
}

export interface TestPlatform extends TestHttp {
  /** `KeyValueStore` in memory (fresh for each build) and the stubbed `HttpFetch`. */
  readonly layer: Layer.Layer<KeyValueStore.KeyValueStore>
}

/** The platform with its own stubs; pass `layer` as `createModal(options, { layer })`. */
export const makeTestPlatform = (): TestPlatform => {
  const http = makeTestHttp()
  return { ...http, layer: Layer.merge(KeyValueStore.layerMemory, http.layer) }
}

/** The platform with no stubs: storage in memory, and every HTTP request fails as unstubbed. */
export const TestPlatform: Layer.Layer<KeyValueStore.KeyValueStore> = makeTestPlatform().layer
