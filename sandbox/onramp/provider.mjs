// "Sandbox Pay": the payment provider behind the sandbox onramp, on a loopback origin of its own (as a real
// provider's page is: the modal opens it, never frames it). `GET /buy` shows the order the API's URL
// generator put in the query, re-quoted here with quote.mjs (only the fiat amount comes from the URL, and
// the buyer may edit it), with a stand-in card form; `POST /api/pay` re-quotes and REALLY delivers the
// asset on the sandbox chain from a treasury dev account, one payment at a time, waiting for the receipt.
// Dev-only: node:http and viem, no framework.
import { randomBytes } from "node:crypto"
import { getAddress } from "viem"
import { PRICES } from "../api/api.mjs"
import { AuthError, listenLoopback, readJsonObject, sendJson } from "../frame/http.mjs"
import { makeDelivery } from "./delivery.mjs"
import { purchaseAssets } from "./options.mjs"
import { checkoutPage, errorPage, SECURITY_HEADERS, sendPage } from "./page.mjs"
import { ONRAMP_DEFAULT_AMOUNT, quoteOnramp } from "./quote.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { SandboxChain, SandboxToken } from "../chain/chain.mjs" */
/**
 * One delivered purchase, as `purchases()` and `GET /api/purchases` list them (oldest first).
 * @typedef {object} OnrampPurchase
 * @property {string} at ISO time, from the `now` clock.
 * @property {string} address
 * @property {string} asset
 * @property {string} symbol
 * @property {string} network
 * @property {number} chainId
 * @property {string} fiat
 * @property {string} amount
 * @property {"card" | "bank_account"} method
 * @property {string | null} country
 * @property {string} purchaseAmount
 * @property {string} units `purchaseAmount` in base units, a decimal string.
 * @property {string} quoteId
 * @property {string} txHash
 */
/**
 * @typedef {object} OnrampProvider
 * @property {string} url `http://127.0.0.1:PORT` (no trailing slash): the page is `/buy?…`.
 * @property {string} treasury The dev account paying out (account {@link TREASURY_ACCOUNT_INDEX}).
 * @property {() => ReadonlyArray<OnrampPurchase>} purchases The last {@link MAX_PURCHASES} purchases, oldest first.
 * @property {() => Promise<void>} close
 */
/**
 * An order's text fields (query or body).
 * @typedef {{ asset?: string, network?: string, fiat?: string, country?: string, method?: string, amount?: string }} OrderFields
 */

/**
 * The dev account the provider pays out from. Not account 7 (the embedded wallet's faucet, "one no other
 * sandbox part sends from"), nor 8 (the pools' provider), nor 0-5 (seeded balances and history): account 6,
 * which nothing else uses.
 */
export const TREASURY_ACCOUNT_INDEX = 6
export const PAY_BODY_LIMIT = 16 * 1024
export const MAX_PURCHASES = 500
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SHORT = /^[A-Za-z0-9_.:-]{1,64}$/

// ---------------------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------------------

/**
 * Starts Sandbox Pay on 127.0.0.1 (`port` 0, the default: a free one). `chains` are the sandbox chains (the
 * first is the one it sells on), `tokens` their ERC-20s (sUSD among them), `accounts` the dev accounts
 * (`sandbox.accounts`: objects with `address`, or addresses), `prices` USD prices by symbol (default the
 * API's PRICES), `now` a clock for the purchase records.
 * @param {object} options
 * @param {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl">>} options.chains
 * @param {ReadonlyArray<SandboxToken>} [options.tokens]
 * @param {ReadonlyArray<{ readonly address: string } | string>} options.accounts The dev accounts (`sandbox.accounts`) or their addresses.
 * @param {Readonly<Record<string, number>>} [options.prices] USD prices by symbol, over the API's PRICES.
 * @param {(() => Date | number) | Date} [options.now]
 * @param {number} [options.port] Default 0: a free port. Always 127.0.0.1.
 * @param {number} [options.treasuryIndex]
 * @returns {Promise<OnrampProvider>}
 */
export async function startOnrampProvider({
  chains,
  tokens = [],
  accounts,
  prices,
  now = () => new Date(),
  port = 0,
  treasuryIndex = TREASURY_ACCOUNT_INDEX
}) {
  if (!Array.isArray(chains) || chains.length === 0) throw new TypeError("startOnrampProvider needs chains")
  if (!Array.isArray(accounts) || accounts.length <= treasuryIndex)
    throw new TypeError(`startOnrampProvider needs the dev accounts (at least ${treasuryIndex + 1})`)
  const [chain] = chains
  if (chain === undefined) throw new TypeError("startOnrampProvider needs chains")
  /** @param {{ readonly address: string } | string | undefined} account */
  const addressOf = (account) => getAddress(typeof account === "string" ? account : (account?.address ?? ""))
  const treasury = addressOf(accounts[treasuryIndex])
  const minter = addressOf(accounts[0])
  const priceTable = { ...PRICES, ...prices }
  const assets = purchaseAssets({ chainId: chain.chainId, tokens })
  const clock = () => {
    const value = typeof now === "function" ? now() : now
    return new Date(value instanceof Date ? value.getTime() : value)
  }
  /** @type {Array<OnrampPurchase>} */
  const records = []

  /** @param {OrderFields} fields */
  const quoteOf = (fields) =>
    quoteOnramp({
      chainId: chain.chainId,
      tokens,
      prices: priceTable,
      purchaseCurrency: fields.asset,
      paymentCurrency: fields.fiat,
      amount: fields.amount,
      network: fields.network,
      country: fields.country || undefined,
      paymentMethod: fields.method || undefined
    })

  /**
   * Bounded text fields of an order (query or body); any other shape is a 400.
   * @param {(name: string) => unknown} read
   * @returns {OrderFields}
   */
  const orderFields = (read) => {
    /** @type {OrderFields} */
    const fields = {}
    for (const name of /** @type {const} */ (["asset", "network", "fiat", "country", "method"])) {
      const value = read(name)
      if (value === undefined || value === null || value === "") continue
      if (typeof value !== "string" || !SHORT.test(value)) throw new AuthError(400, `${name} is not valid`)
      fields[name] = value
    }
    const amount = read("amount")
    if (amount !== undefined && amount !== null && amount !== "") {
      if (!(typeof amount === "string" && amount.length <= 32) && typeof amount !== "number")
        throw new AuthError(400, "amount is not valid")
      fields.amount = String(amount)
    }
    return fields
  }

  const { deliver, serialized } = makeDelivery({ chain, treasury, minter })

  // --- handlers --------------------------------------------------------------------------------------------

  let selfOrigin = ""
  /**
   * @param {ServerResponse} res
   * @param {URLSearchParams} query
   */
  const buyPage = (res, query) => {
    const nonce = randomBytes(16).toString("base64")
    const address = query.get("address") ?? ""
    if (!ADDRESS.test(address))
      return sendPage(res, 400, nonce, errorPage(nonce, "This link names no wallet address to buy for."))
    /** @type {OrderFields} */
    let fields
    try {
      fields = orderFields((name) => query.get(name))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return sendPage(res, 400, nonce, errorPage(nonce, `This link is not valid: ${reason}.`))
    }
    const amount = fields.amount ?? ONRAMP_DEFAULT_AMOUNT
    const result = quoteOf({ ...fields, amount })
    if (result.ok) {
      return sendPage(
        res,
        200,
        nonce,
        checkoutPage(nonce, {
          order: { ...result.order, address: getAddress(address.toLowerCase()) },
          quote: result.quote,
          amount
        })
      )
    }
    // Only the amount is the buyer's to fix: with a valid one, is the rest of the order sound?
    const rest = quoteOf({ ...fields, amount: ONRAMP_DEFAULT_AMOUNT })
    if (!rest.ok)
      return sendPage(res, 400, nonce, errorPage(nonce, `This order cannot be taken: ${rest.reason}.`))
    return sendPage(
      res,
      200,
      nonce,
      checkoutPage(nonce, {
        order: { ...rest.order, address: getAddress(address.toLowerCase()) },
        quote: undefined,
        problem: result.reason,
        amount
      })
    )
  }

  /**
   * @param {ServerResponse} res
   * @param {URLSearchParams} query
   */
  const apiQuote = (res, query) => {
    const result = quoteOf(orderFields((name) => query.get(name)))
    if (!result.ok) throw new AuthError(400, result.reason)
    sendJson(res, 200, result.quote, SECURITY_HEADERS)
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const pay = async (req, res) => {
    // Same-origin only: the page's own script. A JSON content type already forces a preflight cross-origin,
    // which this server never grants; the origin check refuses the rest.
    const origin = req.headers.origin
    if (origin !== undefined && origin !== selfOrigin) throw new AuthError(403, "origin not allowed")
    const fetchSite = req.headers["sec-fetch-site"]
    if (fetchSite !== undefined && !/^(same-origin|none)$/.test(String(fetchSite)))
      throw new AuthError(403, "origin not allowed")
    const body = await readJsonObject(req, PAY_BODY_LIMIT)
    if (typeof body.address !== "string" || !ADDRESS.test(body.address))
      throw new AuthError(400, "address must be an address (0x and 40 hex digits)")
    const to = getAddress(body.address.toLowerCase())
    const fields = orderFields((name) => body[name])
    if (fields.amount === undefined) throw new AuthError(400, "amount is required")
    const result = quoteOf(fields)
    if (!result.ok) throw new AuthError(400, result.reason)
    const { order, quote } = result
    const txHash = await serialized(() => deliver(order.asset, to, order.units)).catch((error) => {
      const reason = error instanceof Error ? error.message : error
      throw new AuthError(
        502,
        `Payment taken but delivery failed on the sandbox chain: ${String(reason).slice(0, 200)}`
      )
    })
    records.push(
      Object.freeze({
        at: clock().toISOString(),
        address: to,
        asset: order.asset.id,
        symbol: order.asset.symbol,
        network: order.network,
        chainId: order.chainId,
        fiat: order.fiat,
        amount: order.amount,
        method: order.method,
        country: order.country ?? null,
        purchaseAmount: order.purchaseAmount,
        units: order.units.toString(),
        quoteId: quote.quoteId,
        txHash
      })
    )
    if (records.length > MAX_PURCHASES) records.splice(0, records.length - MAX_PURCHASES)
    sendJson(
      res,
      200,
      { txHash, purchaseAmount: order.purchaseAmount, symbol: order.asset.symbol, quoteId: quote.quoteId },
      SECURITY_HEADERS
    )
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const route = `${req.method} ${url.pathname}`
    try {
      if (route === "GET /buy" || route === "HEAD /buy") return buyPage(res, url.searchParams)
      if (route === "GET /api/quote") return apiQuote(res, url.searchParams)
      if (route === "POST /api/pay") return await pay(req, res)
      if (route === "GET /api/purchases") return sendJson(res, 200, { purchases: records }, SECURITY_HEADERS)
      if (route === "GET /health")
        return sendJson(res, 200, {
          ok: true,
          chainId: chain.chainId,
          treasury,
          assets: assets.map((a) => a.id)
        })
      if (["/buy", "/api/quote", "/api/pay", "/api/purchases", "/health"].includes(url.pathname))
        return sendJson(res, 405, { message: "Method not allowed" }, SECURITY_HEADERS)
      return sendJson(res, 404, { message: "Not found" }, SECURITY_HEADERS)
    } catch (error) {
      if (res.headersSent) return res.destroy()
      if (error instanceof AuthError) {
        if (error.status === 413) res.once("finish", () => req.destroy())
        return sendJson(res, error.status, { message: error.reason }, SECURITY_HEADERS)
      }
      return sendJson(res, 500, { message: "Internal error" }, SECURITY_HEADERS)
    }
  }

  const server = await listenLoopback(port, handle)
  selfOrigin = server.url
  return Object.freeze({
    url: server.url,
    treasury,
    purchases: () => records.slice(),
    close: server.close
  })
}
