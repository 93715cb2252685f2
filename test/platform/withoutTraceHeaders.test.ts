import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { withoutTraceHeaders } from "../../src/layers/platform/withoutTraceHeaders"

/** The headers of one GET sent inside a span (as ProviderHttp and the RPC transports send theirs). */
const headersSent = (wrap: (client: HttpClient.HttpClient) => HttpClient.HttpClient) =>
  Effect.gen(function* () {
    const sent: Array<Headers> = []
    const fetch: typeof globalThis.fetch = (_input, init) => {
      sent.push(new Headers(init?.headers))
      return Promise.resolve(new Response("{}", { status: 200 }))
    }
    const client = wrap(yield* HttpClient.HttpClient)
    yield* client
      .get("https://rpc.example/")
      .pipe(Effect.withSpan("request"), Effect.provideService(FetchHttpClient.Fetch, fetch))
    assert.lengthOf(sent, 1)
    return sent[0] ?? new Headers()
  }).pipe(Effect.provide(FetchHttpClient.layer))

describe("withoutTraceHeaders", () => {
  it.effect("effect's client adds trace headers by default (what the wrapper is for)", () =>
    Effect.gen(function* () {
      const headers = yield* headersSent((client) => client)
      assert.isTrue(headers.has("traceparent") || headers.has("b3"))
    })
  )

  it.effect("sends neither traceparent nor b3, which would fail the browser's CORS preflight", () =>
    Effect.gen(function* () {
      const headers = yield* headersSent(withoutTraceHeaders)
      assert.isFalse(headers.has("traceparent"))
      assert.isFalse(headers.has("b3"))
    })
  )
})
