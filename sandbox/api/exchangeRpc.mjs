// `POST /v1/json-rpc`: the "pay with exchange" methods, answered by the sandbox exchange
// (../exchange/exchange.mjs). Apart from the RPC proxy: it is the API's own JSON-RPC, never forwarded.
import { BODY_LIMITS, json, readJson } from "./http.mjs"

/** @import { SandboxExchange } from "../exchange/exchange.mjs" */
/** @import { Reply, RouteContext } from "./http.mjs" */

/**
 * The exchange JSON-RPC handler; without `exchange` the exchange list is empty.
 * @param {Pick<SandboxExchange, "exchanges" | "payUrl" | "status"> | undefined} exchange
 */
export const createExchangeRpc = (exchange) => {
  /**
   * The "pay with exchange" JSON-RPC (FACTS.md §1.5): the sandbox exchange's list, deposit sessions and
   * their status. A refusal is a JSON-RPC error (-32602) with the exchange's reason; an unknown method -32601.
   * @param {RouteContext} context
   * @returns {Promise<Reply>}
   */
  const exchangeRpc = async ({ req }) => {
    const body = await readJson(req, BODY_LIMITS.exchange)
    const id = typeof body?.id === "number" || typeof body?.id === "string" ? body.id : null
    const params = typeof body?.params === "object" && body.params !== null ? body.params : {}
    /** @param {number} code @param {string} message */
    const error = (code, message) => json(200, { jsonrpc: "2.0", id, error: { code, message } })
    try {
      switch (body?.method) {
        case "reown_getExchanges": {
          const exchanges = exchange?.exchanges(params.asset) ?? []
          return json(200, { jsonrpc: "2.0", id, result: { exchanges, total: exchanges.length } })
        }
        case "reown_getExchangePayUrl":
          if (exchange === undefined) return error(-32602, "no exchange")
          return json(200, {
            jsonrpc: "2.0",
            id,
            result: exchange.payUrl(params, req.socket.remoteAddress ?? "unknown")
          })
        case "reown_getExchangeBuyStatus":
          if (exchange === undefined) return error(-32602, "no exchange")
          return json(200, { jsonrpc: "2.0", id, result: exchange.status(params) })
        default:
          return error(-32601, "method not found")
      }
    } catch (failure) {
      return error(-32602, failure instanceof Error ? failure.message.slice(0, 200) : "invalid params")
    }
  }
  return exchangeRpc
}
