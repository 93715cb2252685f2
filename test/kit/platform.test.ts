import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import { fetchResponse, readBody } from "../../src/layers/platform/fetchExchange"
import { HttpFetch } from "../../src/services/HttpFetch"
import { json, makeTestPlatform, TestPlatform, text } from "./platform"

const bodyText = (response: Response) =>
  Effect.map(readBody(response, 1024), (bytes) =>
    typeof bytes === "symbol" ? "" : new TextDecoder().decode(bytes)
  )

describe("the test platform", () => {
  it.effect("answers stubbed requests, the stub registered last first, and records them all", () => {
    const platform = makeTestPlatform()
    platform.stub("https://api.example.com/", () => text("fallback"))
    platform.stub(/\/wallets\?page=\d+$/, (_, n) => json({ page: n }))
    return Effect.gen(function* () {
      const fetch = yield* HttpFetch
      const get = { method: "GET", headers: {} } as const
      const first = yield* fetchResponse(fetch, "https://api.example.com/wallets?page=1", get)
      const second = yield* fetchResponse(fetch, "https://api.example.com/wallets?page=2", get)
      const other = yield* fetchResponse(fetch, "https://api.example.com/e", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "hi"
      })
      assert.deepStrictEqual(JSON.parse(yield* bodyText(first)), { page: 1 })
      assert.deepStrictEqual(JSON.parse(yield* bodyText(second)), { page: 2 })
      assert.strictEqual(yield* bodyText(other), "fallback")
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
      const fetch = yield* HttpFetch
      const error = yield* Effect.flip(
        fetchResponse(fetch, "https://pulse.example.com/e?projectId=p1", { method: "POST", headers: {} })
      )
      assert.strictEqual(error._tag, "HttpFetchError")
      assert.strictEqual(error.reason, "Transport")
      assert.include(String(error.cause), "no test stub for POST https://pulse.example.com/e?projectId=p1")
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
