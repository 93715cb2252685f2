// The chain's HTTP face: JSON-RPC 2.0 over POST / (single requests and batches) on 127.0.0.1, CORS for
// loopback pages only, bounded bodies, and GET /health.
import { createServer } from "node:http"
import { closerOf, listenOnLoopback } from "../shared/loopback.mjs"
import { readCappedBody } from "../shared/requestBody.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"
import { RpcError } from "./errors.mjs"

export const MAX_BODY_BYTES = 50 * 1024
export const MAX_BATCH = 100
/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */
/** @import { Methods } from "./methods.mjs" */

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

/** JSON with bigints written as plain integers (u64 fields such as `rentEpoch`, as Solana writes them). */
const stringify = (/** @type {unknown} */ value) =>
  JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? `\u0000big:${v}` : v)).replace(
    /"\\u0000big:(\d+)"/g,
    "$1"
  )

/**
 * Serves `methods` (createMethods) on 127.0.0.1:`port` (0 picks a free one). Resolves once it listens, to
 * its URL and a `stop` that is safe to call more than once.
 * @param {Methods} methods
 * @param {number} port
 * @returns {Promise<{ rpcUrl: string, stop: () => Promise<void> }>}
 */
export async function startRpcServer(methods, port) {
  /** @param {any} request One JSON-RPC request off the wire, checked here. */
  const answerOne = async (request) => {
    if (
      request === null ||
      typeof request !== "object" ||
      Array.isArray(request) ||
      request.jsonrpc !== "2.0" ||
      typeof request.method !== "string"
    )
      return { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: request?.id ?? null }
    const id = request.id ?? null
    const handler = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
    if (handler === undefined)
      return { jsonrpc: "2.0", error: { code: -32601, message: "Method not found" }, id }
    const params = request.params ?? []
    if (!Array.isArray(params))
      return { jsonrpc: "2.0", error: { code: -32602, message: "Invalid params: expected an array" }, id }
    try {
      return { jsonrpc: "2.0", result: await handler(params), id }
    } catch (error) {
      if (error instanceof RpcError)
        return {
          jsonrpc: "2.0",
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data })
          },
          id
        }
      return { jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id }
    }
  }

  /** @param {string | undefined} origin */
  const corsHeaders = (origin) =>
    origin !== undefined && LOOPBACK_ORIGIN.test(origin)
      ? { "access-control-allow-origin": origin, vary: "Origin" }
      : { vary: "Origin" }
  /**
   * @param {ServerResponse} res
   * @param {number} status
   * @param {string} body
   * @param {OutgoingHttpHeaders} headers
   */
  const reply = (res, status, body, headers) => {
    if (res.headersSent || res.destroyed) return
    const buffer = Buffer.from(body, "utf8")
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      ...headers,
      "content-length": String(buffer.length)
    })
    res.end(buffer)
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined
    const cors = corsHeaders(origin)
    if (req.method === "OPTIONS") {
      if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin))
        return reply(res, 403, stringify({ message: "Origin not allowed" }), cors)
      return reply(res, 204, "", {
        ...cors,
        "access-control-allow-methods": "POST, GET, OPTIONS",
        "access-control-allow-headers": "content-type, accept, solana-client",
        "access-control-max-age": "600",
        ...(req.headers["access-control-request-private-network"] === "true"
          ? { "access-control-allow-private-network": "true" }
          : {})
      })
    }
    const path = (req.url ?? "/").split("?")[0]
    if (req.method === "GET" && path === "/health")
      return reply(res, 200, "ok", { ...cors, "content-type": "text/plain; charset=utf-8" })
    if (req.method !== "POST" || (path !== "/" && path !== ""))
      return reply(
        res,
        405,
        stringify({ jsonrpc: "2.0", error: { code: -32600, message: "Use POST /" }, id: null }),
        {
          ...cors,
          allow: "POST, OPTIONS"
        }
      )
    let text
    try {
      text = (await readCappedBody(req, MAX_BODY_BYTES)).toString("utf8")
    } catch {
      res.once("finish", () => req.destroy())
      return reply(
        res,
        413,
        stringify({
          jsonrpc: "2.0",
          error: { code: -32600, message: `Request body larger than ${MAX_BODY_BYTES} bytes` },
          id: null
        }),
        {
          ...cors,
          connection: "close"
        }
      )
    }
    let payload
    try {
      payload = JSON.parse(text)
    } catch {
      return reply(
        res,
        200,
        stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null }),
        cors
      )
    }
    if (Array.isArray(payload)) {
      if (payload.length === 0 || payload.length > MAX_BATCH)
        return reply(
          res,
          200,
          stringify({
            jsonrpc: "2.0",
            error: { code: -32600, message: `A batch holds 1 to ${MAX_BATCH} requests` },
            id: null
          }),
          cors
        )
      const answers = []
      // One after another: a batch's transactions land in order.
      for (const request of payload) answers.push(await answerOne(request))
      return reply(res, 200, stringify(answers), cors)
    }
    return reply(res, 200, stringify(await answerOne(payload)), cors)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed)
        reply(
          res,
          500,
          stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal error" }, id: null }),
          {}
        )
      else res.destroy()
    })
  })
  guardSlowClients(server, { requestTimeoutMs: 60_000 })
  const rpcUrl = `http://127.0.0.1:${await listenOnLoopback(server, port)}`
  return { rpcUrl, stop: closerOf(server) }
}
