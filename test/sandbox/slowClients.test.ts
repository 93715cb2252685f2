import { createServer, type Server } from "node:http"
import { connect } from "node:net"
import { afterEach, describe, expect, test } from "vitest"
import { guardSlowClients } from "../../sandbox/shared/slowClients.mjs"

/** Everything the server writes to a raw connection until it closes it. */
const exchange = (port: number, write: string | undefined) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    const socket = connect(port, "127.0.0.1", () => {
      if (write !== undefined) socket.write(write)
    })
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")))
  })

const servers: Array<Server> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** A guarded server whose timeouts are shortened (and checked often) so the test needs no long wait. */
const guarded = async () => {
  const server = createServer({ connectionsCheckingInterval: 25 }, (_req, res) => res.end("ok"))
  servers.push(server)
  guardSlowClients(server, { requestTimeoutMs: 60_000 })
  server.headersTimeout = 150
  server.requestTimeout = 300
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  const address = server.address()
  if (address === null || typeof address === "string") throw new Error("no port")
  return address.port
}

describe("the sandbox servers' slow and broken clients", () => {
  test("a connection left unused past the head's time-out is closed without an answer a browser would take for its next request's", async () => {
    const port = await guarded()
    expect(await exchange(port, undefined)).toBe("")
  })

  test("a request head that never ends is cut the same way (slowloris)", async () => {
    const port = await guarded()
    expect(await exchange(port, "GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ")).toBe("")
  })

  test("malformed HTTP is answered 400 and the connection closed", async () => {
    const port = await guarded()
    expect(await exchange(port, "NOT HTTP\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
  })

  test("a well-formed request is served", async () => {
    const port = await guarded()
    const answer = await exchange(port, "GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/)
  })
})
