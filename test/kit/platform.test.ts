import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import { json, makeTestPlatform, TestPlatform, text } from "./platform"

describe("the test platform", () => {
  it.effect("answers stubbed requests, the stub registered last first, and records them all", () => {
    const platform = makeTestPlatform()
    platform.stub("https://api.example.com/", () => text("fallback"))
    platform.stub(/\/wallets\?page=\d+$/, (_, n) => json({ page: n }))
    return Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const first = yield* client.get("https://api.example.com/wallets", { urlParams: { page: 1 } })
      const second = yield* client.get("https://api.example.com/wallets?page=2")
      const other = yield* client.execute(
        HttpClientRequest.post("https://api.example.com/e").pipe(
          HttpClientRequest.bodyText("hi", "text/plain")
        )
      )
      assert.deepStrictEqual(yield* first.json, { page: 1 })
      assert.deepStrictEqual(yield* second.json, { page: 2 })
      assert.strictEqual(yield* other.text, "fallback")
      assert.deepStrictEqual(
        platform.requests().map(({ method, url, body }) => `${method} ${url} ${body ?? ""}`),
        [
          "GET https://api.example.com/wallets?page=1 ",
          "GET https://api.example.com/wallets?page=2 ",
          "POST https://api.example.com/e hi"
        ]
      )
      assert.deepStrictEqual(platform.unstubbed(), [])
    }).pipe(Effect.provide(platform.layer))
  })

  it.effect("fails a request nobody stubbed at once, as a transport error naming it", () => {
    const platform = makeTestPlatform()
    return Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const error = yield* Effect.flip(client.post("https://pulse.example.com/e?projectId=p1"))
      assert.isTrue(HttpClientError.isHttpClientError(error))
      assert.strictEqual(error.reason._tag, "TransportError")
      assert.include(error.message, "no test stub for POST https://pulse.example.com/e?projectId=p1")
      assert.deepStrictEqual(
        platform.unstubbed().map(({ method, url }) => `${method} ${url}`),
        ["POST https://pulse.example.com/e?projectId=p1"]
      )
    }).pipe(Effect.provide(platform.layer))
  })

  it.effect("keeps storage in memory, fresh for each build", () =>
    Effect.gen(function* () {
      const write = Effect.gen(function* () {
        const store = yield* KeyValueStore.KeyValueStore
        const before = yield* store.get("k")
        yield* store.set("k", "v")
        return [before, yield* store.get("k")]
      })
      assert.deepStrictEqual(yield* Effect.provide(write, TestPlatform), [undefined, "v"])
      assert.deepStrictEqual(yield* Effect.provide(write, TestPlatform), [undefined, "v"])
    })
  )
})
