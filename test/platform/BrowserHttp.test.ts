import { createServer, type Server } from "node:http"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import { afterAll, beforeAll } from "vitest"
import { BrowserHttpLive } from "../../src/layers/platform/BrowserHttpLive"

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
    }).pipe(Effect.provide(BrowserHttpLive))
  )
})
