// Read-only JSON-RPC methods the frame answers without asking the visitor: forwarded to the chain's node
// as they are, bounded in time and in the size of the node's answer, so a slow or chatty node cannot hold
// the auth server. Nothing here signs or sends.
import { AuthError } from "./http.mjs"

/** @type {ReadonlySet<string>} */
export const READ_METHODS = Object.freeze(
  new Set([
    "eth_blockNumber",
    "eth_call",
    "eth_estimateGas",
    "eth_getBalance",
    "eth_getCode",
    "eth_getTransactionCount",
    "eth_getTransactionByHash",
    "eth_getTransactionReceipt",
    "eth_gasPrice",
    "eth_maxPriorityFeePerGas",
    "eth_feeHistory",
    "eth_getBlockByNumber"
  ])
)
export const READ_TIMEOUT_MS = 10_000
/** Largest node answer read (bytes); the frame's own replies are bounded tighter still (64 KiB). */
export const MAX_READ_ANSWER = 1024 * 1024

/**
 * The body of `response` as text, or a 502 once it passes `limit` bytes.
 * @param {Response} response
 * @param {number} limit
 */
const boundedText = async (response, limit) => {
  const reader = response.body?.getReader()
  if (reader === undefined) return ""
  /** @type {Array<Uint8Array>} */
  const chunks = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > limit) {
      await reader.cancel()
      throw new AuthError(502, "chain answer too large")
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString("utf8")
}

/**
 * `method(params)` on the node at `rpcUrl`: its result, a 400 with the node's error, or a 502/504.
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown} params
 * @param {number} [timeoutMs]
 * @returns {Promise<unknown>}
 */
export const forwardRead = async (rpcUrl, method, params, timeoutMs = READ_TIMEOUT_MS) => {
  if (!READ_METHODS.has(method)) throw new AuthError(400, "unsupported method")
  const signal = AbortSignal.timeout(timeoutMs)
  /** @type {any} */
  let body
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: Array.isArray(params) ? params : [] }),
      signal
    })
    body = JSON.parse(await boundedText(response, MAX_READ_ANSWER))
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw signal.aborted ? new AuthError(504, "chain timed out") : new AuthError(502, "chain unreachable")
  }
  if (body === null || typeof body !== "object") throw new AuthError(502, "bad chain answer")
  if (body.error !== undefined)
    throw new AuthError(400, `chain error: ${String(body.error?.message ?? "unknown").slice(0, 200)}`)
  return body.result ?? null
}
