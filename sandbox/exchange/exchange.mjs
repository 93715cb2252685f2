// "Sandbox Exchange": the exchange a visitor pays from (`modal.pay`'s "Pay from an exchange"), on a loopback
// origin of its own, as a real exchange's page is (the modal links to it, never frames it). The sandbox API's
// JSON-RPC (`reown_getExchanges`, `reown_getExchangePayUrl`, `reown_getExchangeBuyStatus`) lists it, opens a
// deposit session here and reads the session's status. `GET /deposit?session=…` shows what the session pays
// (amount, asset, recipient, network) with a form; `POST /deposit` REALLY sends the amount on the sandbox chain
// from the exchange's treasury, waits for the receipt and marks the session done with its hash. Sessions live
// in a bounded store. EVM only: the first sandbox chain's ETH and ERC-20s. Dev-only: node:http and viem.
import { randomBytes } from "node:crypto"
import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  keccak256,
  parseEther,
  toBytes,
  toHex
} from "viem"
import { privateKeyToAddress } from "viem/accounts"
import { rpc } from "../chain/rpc.mjs"
import { SANDBOX_TOKEN_ABI } from "../chain/seed.mjs"
import { AuthError, escapeHtml, listenLoopback, page, readForm, sendHtml } from "../frame/http.mjs"
import { BoundedStore } from "../shared/boundedStore.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { Hex } from "viem" */
/** @import { SandboxChain, SandboxToken } from "../chain/chain.mjs" */

/** The one exchange the sandbox lists. */
export const EXCHANGE_ID = "sandbox-exchange"
export const EXCHANGE_NAME = "Sandbox Exchange"
/**
 * The treasury's key: none of anvil's dev accounts (each already has a sender or a role in the sandbox), but
 * a key of its own, derived from a fixed phrase, that anvil lets send by impersonation.
 */
const TREASURY_KEY = keccak256(toBytes("airlock-sandbox-exchange-treasury"))
export const EXCHANGE_TREASURY = privateKeyToAddress(TREASURY_KEY)
const SESSION_TTL_MS = 30 * 60_000
const MAX_SESSIONS = 500
const SESSIONS_PER_CLIENT = 50
const FORM_LIMIT = 1024
const RECEIPT_TIMEOUT_MS = 30_000
const ETH_REFILL = parseEther("10000")
/** What a session may pay at most, in the asset's units: a sandbox stand-in, not a bank. */
const MAX_AMOUNT = 1_000_000
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SESSION = /^[A-Za-z0-9_-]{16,50}$/
const DECIMAL = /^\d{1,12}(\.\d{1,18})?$/

/**
 * @typedef {object} ExchangeAsset
 * @property {string} id CAIP-19.
 * @property {string} symbol
 * @property {number} decimals
 * @property {`0x${string}` | undefined} token The ERC-20's contract; `undefined` for ETH.
 */
/**
 * @typedef {object} ExchangeSession
 * @property {ExchangeAsset} asset
 * @property {bigint} units
 * @property {string} amount The decimal amount asked for.
 * @property {`0x${string}`} recipient
 * @property {"UNKNOWN" | "IN_PROGRESS" | "SUCCESS" | "FAILED"} status
 * @property {string | undefined} txHash
 */
/**
 * @typedef {object} SandboxExchange
 * @property {string} url `http://127.0.0.1:PORT` (no trailing slash).
 * @property {(asset: unknown) => ReadonlyArray<{ id: string, name: string, imageUrl: string }>} exchanges The exchanges that pay `asset` (CAIP-19).
 * @property {(request: { exchangeId: unknown, asset: unknown, amount: unknown, recipient: unknown }, client: string) => { url: string, sessionId: string }} payUrl Opens a deposit session; throws AuthError on a bad request.
 * @property {(request: { exchangeId: unknown, sessionId: unknown }) => { status: ExchangeSession["status"], txHash?: string }} status
 * @property {() => Promise<void>} close
 */

/**
 * Starts the exchange on 127.0.0.1 (`port` 0: a free one), paying on the first of `chains` in its ETH and
 * `tokens`; `accounts[0]` (the tokens' minter) tops the treasury's tokens up.
 * @param {object} options
 * @param {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl">>} options.chains
 * @param {ReadonlyArray<SandboxToken>} options.tokens
 * @param {ReadonlyArray<{ readonly address: string }>} options.accounts
 * @param {() => number} [options.now]
 * @param {number} [options.port]
 * @returns {Promise<SandboxExchange>}
 */
export async function startSandboxExchange({ chains, tokens, accounts, now = Date.now, port = 0 }) {
  const [chain] = chains
  const minter = accounts[0]?.address
  if (chain === undefined || minter === undefined)
    throw new TypeError("startSandboxExchange needs a chain and accounts")
  /** @type {ReadonlyArray<ExchangeAsset>} */
  const assets = [
    { id: `eip155:${chain.chainId}/slip44:60`, symbol: "ETH", decimals: 18, token: undefined },
    ...tokens
      .filter((token) => token.chainId === chain.chainId)
      .map((token) => ({
        id: `eip155:${chain.chainId}/erc20:${getAddress(token.address)}`,
        symbol: token.symbol,
        decimals: token.decimals,
        token: getAddress(token.address)
      }))
  ]
  /** The asset a CAIP-19 id names, its address in any case. */
  const assetOf = (/** @type {unknown} */ id) =>
    typeof id === "string" && id.length <= 120
      ? assets.find((asset) => asset.id.toLowerCase() === id.toLowerCase())
      : undefined
  /** @type {BoundedStore<ExchangeSession>} */
  const sessions = new BoundedStore({
    what: "exchange sessions",
    ttlMs: SESSION_TTL_MS,
    max: MAX_SESSIONS,
    perClient: SESSIONS_PER_CLIENT,
    now
  })

  // --- chain -----------------------------------------------------------------------------------------------

  const call = (/** @type {string} */ method, /** @type {ReadonlyArray<unknown>} */ params) =>
    rpc(chain.rpcUrl, method, params)
  const mined = async (/** @type {Hex} */ hash) => {
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS
    for (;;) {
      const receipt = /** @type {{ status: string } | null} */ (
        await call("eth_getTransactionReceipt", [hash])
      )
      if (receipt !== null) {
        if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`)
        return hash
      }
      if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const send = async (/** @type {Record<string, string>} */ tx) =>
    mined(/** @type {Hex} */ (await call("eth_sendTransaction", [tx])))

  /** Sends `session`'s amount from the treasury (anvil impersonates it), topped up first when short. */
  const pay = async (/** @type {ExchangeSession} */ session) => {
    const balance = BigInt(
      /** @type {string} */ (await call("eth_getBalance", [EXCHANGE_TREASURY, "latest"]))
    )
    const { token } = session.asset
    if (balance < session.units + parseEther("1"))
      await call("anvil_setBalance", [EXCHANGE_TREASURY, toHex(balance + session.units + ETH_REFILL)])
    if (token !== undefined) {
      const held = BigInt(
        /** @type {string} */ (
          await call("eth_call", [
            {
              to: token,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "balanceOf",
                args: [EXCHANGE_TREASURY]
              })
            },
            "latest"
          ])
        )
      )
      if (held < session.units)
        await send({
          from: minter,
          to: token,
          data: encodeFunctionData({
            abi: SANDBOX_TOKEN_ABI,
            functionName: "mint",
            args: [EXCHANGE_TREASURY, session.units * 10n]
          })
        })
    }
    await call("anvil_impersonateAccount", [EXCHANGE_TREASURY])
    try {
      return await send(
        token === undefined
          ? { from: EXCHANGE_TREASURY, to: session.recipient, value: toHex(session.units) }
          : {
              from: EXCHANGE_TREASURY,
              to: token,
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: "transfer",
                args: [session.recipient, session.units]
              })
            }
      )
    } finally {
      await call("anvil_stopImpersonatingAccount", [EXCHANGE_TREASURY])
    }
  }
  // One payment at a time: the treasury's nonces stay in order.
  let tail = Promise.resolve()
  const serialized = (/** @type {() => Promise<Hex>} */ task) => {
    const run = tail.then(task, task)
    tail = run.then(
      () => undefined,
      () => undefined
    )
    return run
  }

  // --- the API's side --------------------------------------------------------------------------------------

  /** @type {SandboxExchange["exchanges"]} */
  const exchanges = (asset) =>
    assetOf(asset) === undefined
      ? []
      : [{ id: EXCHANGE_ID, name: EXCHANGE_NAME, imageUrl: `${self.url}/logo.svg` }]

  /** @type {SandboxExchange["payUrl"]} */
  const payUrl = ({ exchangeId, asset: assetId, amount, recipient }, client) => {
    if (exchangeId !== EXCHANGE_ID) throw new AuthError(400, "unknown exchangeId")
    const asset = assetOf(assetId)
    if (asset === undefined) throw new AuthError(400, "asset is not one this exchange pays")
    const text = typeof amount === "number" ? String(amount) : amount
    if (typeof text !== "string" || !DECIMAL.test(text) || Number(text) <= 0 || Number(text) > MAX_AMOUNT)
      throw new AuthError(400, "amount must be a decimal number above zero")
    const [whole = "0", fraction = ""] = text.split(".")
    if (fraction.length > asset.decimals) throw new AuthError(400, "amount has more decimals than the asset")
    // A CAIP-10 account on the exchange's chain.
    const prefix = `eip155:${chain.chainId}:`
    const address =
      typeof recipient === "string" && recipient.startsWith(prefix) ? recipient.slice(prefix.length) : ""
    if (!ADDRESS.test(address))
      throw new AuthError(400, `recipient must be a CAIP-10 account on ${prefix.slice(0, -1)}`)
    const sessionId = randomBytes(18).toString("base64url")
    const refusal = sessions.put(
      sessionId,
      {
        asset,
        units:
          BigInt(whole) * 10n ** BigInt(asset.decimals) + BigInt(fraction.padEnd(asset.decimals, "0") || "0"),
        amount: text,
        recipient: getAddress(address.toLowerCase()),
        status: "UNKNOWN",
        txHash: undefined
      },
      client
    )
    if (refusal !== undefined) throw new AuthError(refusal.status, refusal.reason)
    return { url: `${self.url}/deposit?session=${sessionId}`, sessionId }
  }

  /** @type {SandboxExchange["status"]} */
  const status = ({ exchangeId, sessionId }) => {
    if (exchangeId !== EXCHANGE_ID) throw new AuthError(400, "unknown exchangeId")
    const session =
      typeof sessionId === "string" && SESSION.test(sessionId) ? sessions.get(sessionId) : undefined
    if (session === undefined) throw new AuthError(404, "no such session")
    return session.txHash === undefined
      ? { status: session.status }
      : { status: session.status, txHash: session.txHash }
  }

  // --- the page --------------------------------------------------------------------------------------------

  const depositPage = (/** @type {string} */ sessionId, /** @type {ExchangeSession} */ session) =>
    page(
      `${EXCHANGE_NAME}: deposit`,
      `<h1>${escapeHtml(EXCHANGE_NAME)}</h1>` +
        `<article><dl><dt>Amount</dt><dd data-testid="amount">${escapeHtml(`${formatUnits(session.units, session.asset.decimals)} ${session.asset.symbol}`)}</dd>` +
        `<dt>To</dt><dd><code data-testid="recipient">${escapeHtml(session.recipient)}</code></dd>` +
        `<dt>Network</dt><dd>eip155:${escapeHtml(chain.chainId)}</dd></dl></article>` +
        (session.status === "SUCCESS"
          ? `<p role="status">Sent. Transaction <code data-testid="tx">${escapeHtml(session.txHash)}</code></p>`
          : `<form method="post" action="/deposit"><input type="hidden" name="session" value="${escapeHtml(sessionId)}">` +
            `<button type="submit">Send ${escapeHtml(`${session.amount} ${session.asset.symbol}`)} from my balance</button></form>` +
            (session.status === "FAILED" ? `<p role="alert">The transfer failed. Try again.</p>` : ""))
    )

  const sessionFrom = (/** @type {string | null | undefined} */ id) => {
    const session = typeof id === "string" && SESSION.test(id) ? sessions.get(id) : undefined
    if (session === undefined) throw new AuthError(404, "This deposit session does not exist or has expired.")
    return session
  }

  const deposit = async (/** @type {IncomingMessage} */ req, /** @type {ServerResponse} */ res) => {
    const sessionId = (await readForm(req, FORM_LIMIT)).get("session")
    const session = sessionFrom(sessionId)
    if (session.status === "UNKNOWN" || session.status === "FAILED") {
      session.status = "IN_PROGRESS"
      try {
        session.txHash = await serialized(() => pay(session))
        session.status = "SUCCESS"
      } catch {
        session.status = "FAILED"
      }
    }
    sendHtml(
      res,
      session.status === "FAILED" ? 502 : 200,
      depositPage(/** @type {string} */ (sessionId), session)
    )
  }

  const LOGO =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#0b8a6b"/><path d="M12 26l8-12 8 12z" fill="#fff"/></svg>'

  const handle = async (/** @type {IncomingMessage} */ req, /** @type {ServerResponse} */ res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const route = `${req.method} ${url.pathname}`
    try {
      if (route === "GET /deposit") {
        const id = url.searchParams.get("session")
        return sendHtml(res, 200, depositPage(/** @type {string} */ (id), sessionFrom(id)))
      }
      if (route === "POST /deposit") return await deposit(req, res)
      if (route === "GET /logo.svg") {
        res.writeHead(200, {
          "content-type": "image/svg+xml",
          "cache-control": "max-age=3600",
          "access-control-allow-origin": "*"
        })
        return res.end(LOGO)
      }
      throw new AuthError(404, "not found")
    } catch (error) {
      const status = error instanceof AuthError ? error.status : 500
      const text = error instanceof AuthError ? error.reason : "internal error"
      return sendHtml(res, status, page(EXCHANGE_NAME, `<p role="alert">${escapeHtml(text)}</p>`))
    }
  }

  const server = await listenLoopback(port, handle)
  const self = { url: server.url }
  return { url: server.url, exchanges, payUrl, status, close: server.close }
}
