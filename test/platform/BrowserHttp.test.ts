import { createServer, type Server } from "node:http"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import { afterAll, beforeAll } from "vitest"
import { BrowserHttpLive } from "../../src/layers/platform/BrowserHttpLive"
import { HttpClientTag, lazyHttpClient } from "../../src/layers/platform/lazyHttpClient"
import { preloadedParts } from "../kit/lazyParts"

// A provider host that answers with a redirect elsewhere, and the place it points to.
let server: Server
let base = ""
const landed = { count: 0 }
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/elsewhere") {
      landed.count += 1
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    } else res.writeHead(302, { location: "/elsewhere" }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("no port")
  base = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe("BrowserHttpLive", () => {
  it.effect("does not follow a redirect: the request fails and the other place is never asked", () =>
    Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const result = yield* Effect.exit(client.get(`${base}/getWallets`))
      assert.strictEqual(result._tag, "Failure")
      assert.strictEqual(landed.count, 0)
    }).pipe(Effect.provide(BrowserHttpLive), Effect.provide(preloadedParts))
  )
})

describe("lazyHttpClient", () => {
  /** A loaded client that answers 200 and records what it was asked. */
  const recording = () => {
    const asked: Array<{ readonly method: string; readonly url: string }> = []
    const client = HttpClient.make((request) => {
      asked.push({ method: request.method, url: request.url })
      return Effect.succeed(HttpClientResponse.fromWeb(request, new Response("ok", { status: 200 })))
    })
    return { asked, client }
  }

  it.effect("is effect's HttpClient: the same tag, and effect's combinators work on it", () => {
    const { asked, client } = recording()
    return Effect.gen(function* () {
      const provided = yield* HttpClient.HttpClient
      assert.isTrue(HttpClient.isHttpClient(provided))
      const response = yield* HttpClient.filterStatusOk(provided).execute(
        HttpClientRequest.get("https://api.example/a")
      )
      assert.strictEqual(response.status, 200)
      assert.deepStrictEqual(asked, [{ method: "GET", url: "https://api.example/a" }])
    }).pipe(
      Effect.provide(Layer.succeed(HttpClientTag, lazyHttpClient(Effect.succeed(client)))),
      Effect.provide(preloadedParts)
    )
  })

  it.effect("sends each shortcut's request to the loaded client", () =>
    Effect.gen(function* () {
      const { asked, client } = recording()
      const lazy = lazyHttpClient(Effect.succeed(client))
      yield* lazy.post("https://api.example/p")
      yield* lazy.del("https://api.example/d")
      assert.deepStrictEqual(asked, [
        { method: "POST", url: "https://api.example/p" },
        { method: "DELETE", url: "https://api.example/d" }
      ])
    }).pipe(Effect.provide(preloadedParts))
  )

  it.effect("fails a request with a transport error naming it when the client does not load", () =>
    Effect.gen(function* () {
      const cause = new Error("chunk missing")
      const lazy = lazyHttpClient(Effect.fail(cause))
      const sent = [
        [lazy.execute(HttpClientRequest.post("https://api.example/x")), "POST https://api.example/x"],
        [lazy.get("https://api.example/y"), "GET https://api.example/y"]
      ] as const
      for (const [run, request] of sent) {
        const error = yield* Effect.flip(run)
        assert.instanceOf(error, HttpClientError.HttpClientError)
        assert.strictEqual(error.reason._tag, "TransportError")
        assert.strictEqual(error.reason.cause, cause)
        assert.strictEqual(`${error.reason.request.method} ${error.reason.request.url}`, request)
      }
    }).pipe(Effect.provide(preloadedParts))
  )
})
