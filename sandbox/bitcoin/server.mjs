// The local chain's Esplora HTTP API on 127.0.0.1: the routes of FACTS-NEXT §5 with Esplora's shapes and
// plain-text errors, CORS open to any origin (like the sandbox's anvil), no cookies, bounded bodies. The
// test controls under /__sandbox/ take JSON (so a page cannot reach them without a preflight, which they
// refuse): a faucet that mines coins to an address, the fee estimates, and a reset to the seed.
import { createServer } from "node:http"
import { closerOf, listenOnLoopback } from "../shared/loopback.mjs"
import { BodyTooLarge, readCappedBody } from "../shared/requestBody.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"
import { addressJson, addressTxsJson, outspendJson, statusOf, txJson, utxosJson } from "./esplora.mjs"
import { Rejection } from "./reject.mjs"
import { scriptOf } from "./script.mjs"
import { MAX_STANDARD_TX_WEIGHT } from "./validate.mjs"

/** `POST /tx`: the hex of the largest standard transaction, and a little whitespace. */
export const MAX_TX_BODY_BYTES = MAX_STANDARD_TX_WEIGHT * 2 + 64
const MAX_CONTROL_BODY_BYTES = 4096
/** The faucet pays at most regtest's block subsidy per call. */
export const MAX_FAUCET_SATS = 5_000_000_000n
const TXID = /^[0-9a-f]{64}$/
const INTEGER = /^(0|[1-9]\d{0,9})$/

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { Ledger } from "./ledger.mjs" */
/**
 * What the server's test controls do (chain.mjs provides them).
 * @typedef {object} Controls
 * @property {(script: Uint8Array, sats: bigint) => string} faucet Mines a coinbase paying `sats` to `script`.
 * @property {() => void} reset Back to the seed.
 * @property {() => Readonly<Record<string, number>>} feeEstimates
 * @property {(estimates: Readonly<Record<string, number>>) => void} setFeeEstimates
 */

/** A refused request: its status and Esplora's plain-text message. */
class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string>}
 */
const readBody = (req, limit) =>
  readCappedBody(req, limit).then(
    (bytes) => bytes.toString("utf8"),
    (error) => {
      throw error instanceof BodyTooLarge ? new HttpError(413, error.message) : error
    }
  )

/** @param {string | undefined} segment */
const requireAddress = (segment) => {
  let address
  try {
    address = decodeURIComponent(segment ?? "")
  } catch {
    throw new HttpError(400, "Invalid Bitcoin address")
  }
  if (scriptOf(address) === undefined) throw new HttpError(400, "Invalid Bitcoin address")
  return address
}

/** @param {string | undefined} segment */
const requireTxid = (segment) => {
  if (segment === undefined || !TXID.test(segment)) throw new HttpError(400, "Invalid hex string")
  return segment
}

/**
 * @param {string | undefined} segment
 * @param {string} what
 */
const requireInteger = (segment, what) => {
  if (segment === undefined || !INTEGER.test(segment) || Number(segment) > 0xffffffff)
    throw new HttpError(400, `Invalid ${what}`)
  return Number(segment)
}

/**
 * Serves the Esplora API for `ledger` on 127.0.0.1:`port` (0 picks a free one).
 * @param {Ledger} ledger
 * @param {Controls} controls
 * @param {number} port
 * @returns {Promise<{ esploraUrl: string, stop: () => Promise<void> }>}
 */
export async function startEsploraServer(ledger, controls, port) {
  /** @param {string} txid */
  const txOf = (txid) => {
    const entry = ledger.tx(requireTxid(txid))
    if (entry === undefined) throw new HttpError(404, "Transaction not found")
    return entry
  }

  /**
   * The answer to a GET: JSON, or text (a string).
   * @param {Array<string>} parts the path's segments
   * @returns {unknown}
   */
  const get = (parts) => {
    const [head, a, b, c, d] = parts
    if (head === "address" && parts.length >= 2) {
      const address = requireAddress(a)
      if (parts.length === 2) return addressJson(ledger, address)
      if (parts.length === 3 && b === "utxo") return utxosJson(ledger, address)
      if (parts.length === 3 && b === "txs") return addressTxsJson(ledger, address)
      if (parts.length === 4 && b === "txs" && c === "mempool") return []
      if (parts.length === 4 && b === "txs" && c === "chain") return addressTxsJson(ledger, address)
      if (parts.length === 5 && b === "txs" && c === "chain")
        return addressTxsJson(ledger, address, requireTxid(d))
    }
    if (head === "tx" && parts.length >= 2) {
      const entry = txOf(/** @type {string} */ (a))
      if (parts.length === 2) return txJson(entry)
      if (parts.length === 3 && b === "hex") return Buffer.from(entry.bytes).toString("hex")
      if (parts.length === 3 && b === "status") return statusOf(entry.block)
      if (parts.length === 3 && b === "outspends")
        return txJson(entry).vout.map((_, vout) => outspendJson(ledger, entry.txid, vout))
      if (parts.length === 4 && b === "outspend")
        return outspendJson(ledger, entry.txid, requireInteger(c, "output index"))
    }
    if (head === "fee-estimates" && parts.length === 1) return controls.feeEstimates()
    if (head === "blocks" && a === "tip" && parts.length === 3) {
      if (b === "height") return String(ledger.tip().height)
      if (b === "hash") return ledger.tip().hash
    }
    if (head === "block-height" && parts.length === 2) {
      const block = ledger.blockAt(requireInteger(a, "block height"))
      if (block === undefined) throw new HttpError(404, "Block not found")
      return block.hash
    }
    if (head === "block" && parts.length >= 2) {
      const block = ledger.blockByHash(requireTxid(a))
      if (block === undefined) throw new HttpError(404, "Block not found")
      if (parts.length === 2)
        return {
          id: block.hash,
          height: block.height,
          timestamp: block.time,
          tx_count: block.txids.length,
          previousblockhash: block.previous === "" ? null : block.previous
        }
      if (parts.length === 3 && b === "txids") return block.txids
      if (parts.length === 3 && b === "status") return { in_best_chain: true, height: block.height }
    }
    throw new HttpError(404, "Not found")
  }

  /**
   * The test controls (JSON in, JSON out).
   * @param {string} name
   * @param {any} body
   */
  const control = (name, body) => {
    if (name === "reset") {
      controls.reset()
      return { height: ledger.tip().height }
    }
    if (name === "faucet") {
      const script = typeof body?.address === "string" ? scriptOf(body.address) : undefined
      if (script === undefined) throw new HttpError(400, "Invalid Bitcoin address")
      const sats = typeof body.sats === "number" || typeof body.sats === "string" ? String(body.sats) : ""
      if (!/^[1-9]\d{0,15}$/.test(sats) || BigInt(sats) > MAX_FAUCET_SATS)
        throw new HttpError(400, `sats: a whole number from 1 to ${MAX_FAUCET_SATS}`)
      return { txid: controls.faucet(script, BigInt(sats)) }
    }
    if (name === "fee-estimates") {
      try {
        controls.setFeeEstimates(body)
      } catch (error) {
        throw new HttpError(400, error instanceof TypeError ? error.message : "Invalid fee estimates")
      }
      return controls.feeEstimates()
    }
    throw new HttpError(404, "Not found")
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/"
    const parts = path.split("/").filter((part) => part !== "")
    const isControl = parts[0] === "__sandbox"
    const cors = isControl ? {} : { "access-control-allow-origin": "*" }
    /**
     * @param {number} status
     * @param {unknown} value text (a string) or JSON
     */
    const reply = (status, value) => {
      if (res.headersSent || res.destroyed) return
      const text = typeof value === "string" ? value : JSON.stringify(value)
      const body = Buffer.from(text, "utf8")
      res.writeHead(status, {
        "content-type": typeof value === "string" ? "text/plain; charset=utf-8" : "application/json",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        ...cors,
        "content-length": String(body.length)
      })
      res.end(body)
    }
    try {
      if (req.method === "OPTIONS") {
        if (isControl) return reply(403, "The sandbox controls take no cross-origin requests")
        res.writeHead(204, {
          ...cors,
          "access-control-allow-methods": "GET, POST, OPTIONS",
          "access-control-allow-headers": "content-type",
          "access-control-max-age": "600",
          ...(req.headers["access-control-request-private-network"] === "true"
            ? { "access-control-allow-private-network": "true" }
            : {})
        })
        return res.end()
      }
      if (req.method === "GET" && !isControl) return reply(200, get(parts))
      if (req.method === "POST" && parts.length === 1 && parts[0] === "tx") {
        return reply(200, ledger.accept(await readBody(req, MAX_TX_BODY_BYTES)))
      }
      if (req.method === "POST" && isControl && parts.length === 2) {
        if (!/^application\/json\b/.test(req.headers["content-type"] ?? ""))
          throw new HttpError(415, "The sandbox controls take application/json")
        const text = await readBody(req, MAX_CONTROL_BODY_BYTES)
        let body
        try {
          body = text === "" ? {} : JSON.parse(text)
        } catch {
          throw new HttpError(400, "Invalid JSON")
        }
        return reply(200, control(/** @type {string} */ (parts[1]), body))
      }
      throw new HttpError(req.method === "GET" || req.method === "POST" ? 404 : 405, "Not found")
    } catch (error) {
      if (error instanceof Rejection) return reply(400, error.esploraText)
      if (error instanceof HttpError) {
        if (error.status === 413) res.once("finish", () => req.destroy())
        return reply(error.status, error.message)
      }
      throw error
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        res.end("Internal error")
      } else res.destroy()
    })
  })
  guardSlowClients(server, { requestTimeoutMs: 60_000 })
  const esploraUrl = `http://127.0.0.1:${await listenOnLoopback(server, port)}`
  return { esploraUrl, stop: closerOf(server) }
}
