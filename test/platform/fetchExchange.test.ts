import { createServer, type Server } from "node:http"
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll } from "vitest"
import { fetchResponse, readBody, TOO_LARGE } from "../../src/layers/platform/fetchExchange"

// A host that redirects, one that sends a body past any limit without declaring its length, one that
// declares a large one, and one that never ends its body.
let server: Server
let base = ""
const seen = { elsewhere: 0, streamedChunks: 0, streamedClosed: 0, hangingClosed: 0 }
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/elsewhere") {
      seen.elsewhere += 1
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    } else if (req.url === "/redirect") {
      res.writeHead(302, { location: "/elsewhere" }).end()
    } else if (req.url === "/declared") {
      res.writeHead(200, { "content-length": String(10_000) }).end("x".repeat(10_000))
    } else if (req.url === "/streamed") {
      res.writeHead(200)
      const timer = setInterval(() => {
        seen.streamedChunks += 1
        res.write("y".repeat(1_000))
        if (seen.streamedChunks > 200) {
          clearInterval(timer)
          res.end()
        }
      }, 1)
      res.on("close", () => {
        clearInterval(timer)
        seen.streamedClosed += 1
      })
    } else if (req.url === "/hanging") {
      res.writeHead(200)
      res.write("z")
      res.on("close", () => {
        seen.hangingClosed += 1
      })
    } else res.writeHead(200).end("hello")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("no port")
  base = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = { method: "GET", headers: {} } as const

/** Waits (real time) until the server has seen what `done` looks for. */
const until = (done: () => boolean) =>
  Effect.promise(async () => {
    while (!done()) await new Promise((resolve) => setTimeout(resolve, 5))
  })

describe("fetchExchange", () => {
  it.effect("reads a body within the limit", () =>
    Effect.gen(function* () {
      const body = yield* readBody(yield* fetchResponse(globalThis.fetch, `${base}/hello`, get), 100)
      assert.strictEqual(typeof body === "symbol" ? body : new TextDecoder().decode(body), "hello")
    })
  )

  it.effect("does not follow a redirect: the request fails and the other place is never asked", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(fetchResponse(globalThis.fetch, `${base}/redirect`, get))
      assert.strictEqual(error.reason, "Transport")
      assert.strictEqual(seen.elsewhere, 0)
    })
  )

  it.effect("refuses a URL it cannot parse before asking anyone", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(fetchResponse(globalThis.fetch, "not a url", get))
      assert.strictEqual(error.reason, "InvalidUrl")
    })
  )

  it.effect("refuses a body past the limit by its declared length, and while streaming without one", () =>
    Effect.gen(function* () {
      assert.strictEqual(
        yield* readBody(yield* fetchResponse(globalThis.fetch, `${base}/declared`, get), 5_000),
        TOO_LARGE
      )
      assert.strictEqual(
        yield* readBody(yield* fetchResponse(globalThis.fetch, `${base}/streamed`, get), 5_000),
        TOO_LARGE
      )
      // The stream was cancelled soon after the limit, not read to its end.
      yield* until(() => seen.streamedClosed === 1)
      assert.isBelow(seen.streamedChunks, 150)
    })
  )

  it.live("aborts the download when the reading fiber is interrupted (a timeout)", () =>
    Effect.gen(function* () {
      const response = yield* fetchResponse(globalThis.fetch, `${base}/hanging`, get)
      const result = yield* Effect.exit(Effect.timeout(readBody(response, 1_000), Duration.millis(50)))
      assert.strictEqual(result._tag, "Failure")
      yield* until(() => seen.hangingClosed === 1)
    })
  )
})
