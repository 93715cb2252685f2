/**
 * The read-only methods the frame answers without a screen (sandbox/frame/reads.mjs): forwarded to the
 * node as they are, bounded in time and in the size of what the node answers; nothing else passes.
 */
import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AuthError, forwardRead, MAX_READ_ANSWER, READ_METHODS } from "../../sandbox/frame/auth.mjs"

/** A stand-in node: each path answers one way. */
const answers: Record<string, (body: string, res: ServerResponse) => void> = {
  "/echo": (body, res) => {
    const { method, params } = JSON.parse(body) as { method: string; params: unknown }
    res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: { method, params } }))
  },
  "/error": (_body, res) =>
    res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: 3, message: "execution reverted" } })),
  "/huge": (_body, res) => res.end(`{"result":"${"a".repeat(MAX_READ_ANSWER)}"}`),
  "/silent": () => {}
}

let server: Server
let node: string
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = ""
    req.on("data", (chunk) => {
      body += chunk
    })
    req.on("end", () => answers[req.url ?? ""]?.(body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  node = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
)

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AuthError ? { status: error.status, reason: error.reason } : error)
  )

describe("forwardRead", () => {
  it("forwards a read as it is and answers the node's result", async () => {
    expect(await forwardRead(`${node}/echo`, "eth_getBalance", ["0xabc", "latest"])).toEqual({
      method: "eth_getBalance",
      params: ["0xabc", "latest"]
    })
  })

  it("is the list the frame page answers without a screen", () => {
    const source = readFileSync(new URL("../../sandbox/frame/page/describe.js", import.meta.url), "utf8")
    const list = /export const READ_METHODS = new Set\(\[([^\]]*)\]\)/.exec(source)?.[1] ?? ""
    expect(new Set(list.match(/"[a-zA-Z_]+"/g)?.map((m) => m.slice(1, -1)))).toEqual(new Set(READ_METHODS))
  })

  it("refuses any method outside the read list before reaching the node", async () => {
    for (const method of ["eth_sendTransaction", "eth_sign", "personal_sign", "anvil_setBalance"])
      expect(await failure(forwardRead(`${node}/echo`, method, []))).toEqual({
        status: 400,
        reason: "unsupported method"
      })
  })

  it("turns the node's error into a 400, a silent node into a 504, an oversized answer into a 502", async () => {
    expect(await failure(forwardRead(`${node}/error`, "eth_call", []))).toEqual({
      status: 400,
      reason: "chain error: execution reverted"
    })
    expect(await failure(forwardRead(`${node}/silent`, "eth_blockNumber", [], 200))).toEqual({
      status: 504,
      reason: "chain timed out"
    })
    expect(await failure(forwardRead(`${node}/huge`, "eth_getBlockByNumber", ["latest", true]))).toEqual({
      status: 502,
      reason: "chain answer too large"
    })
    expect(await failure(forwardRead("http://127.0.0.1:9", "eth_gasPrice", []))).toEqual({
      status: 502,
      reason: "chain unreachable"
    })
  })
})
