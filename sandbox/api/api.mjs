// The sandbox provider API: one loopback HTTP server with the explorer, analytics and Blockchain API
// endpoints of FACTS.md §1 (paths, query params and response shapes), answering from the sandbox chains
// (balances, transfer history, RPC proxy) and from fixtures (wallet listing, images, NFTs, identity, Solana
// balances).
// Tests and the demo flip fault switches (delay, 403, 429, 5xx, malformed body) from node or over HTTP.
// See README.md in this folder. Dev-only: node:http and viem, no other dependency.
import { createHash } from "node:crypto"
import { createServer } from "node:http"
import { formatUnits, getAddress } from "viem"
import { sandboxAccounts } from "../chain/chain.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"
import { createBitcoinHandlers, isRegtestAddress } from "./bitcoin.mjs"
import { createConvertHandlers } from "./convert.mjs"
import { HOSTILE_CONVERT_MODES, hostileConvertBody } from "./hostileSwap.mjs"
import { iconSvg, nftSvg } from "./images.mjs"
import { createChainIndex, UpstreamError, ZERO_ADDRESS } from "./indexer.mjs"
import { createNamesHandlers } from "./names.mjs"
import { createOnrampHandlers } from "./onramp.mjs"
import { createSessionsHandlers } from "./sessions.mjs"
import { createSolanaHandlers } from "./solana.mjs"
import {
  buildWalletListing,
  initialsOf,
  SANDBOX_WALLET_ID,
  SANDBOX_WALLET_RDNS,
  SANDBOX_WC_WALLET_ID
} from "./wallets.mjs"

export { SANDBOX_WALLET_ID, SANDBOX_WALLET_RDNS, SANDBOX_WC_WALLET_ID }

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */
/** @import { SandboxChain, SandboxPool, SandboxToken } from "../chain/chain.mjs" */
/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { SandboxBitcoin } from "../bitcoin/chain.mjs" */
/** @import { HostileConvertMode } from "./hostileSwap.mjs" */

/** @typedef {403 | 429 | 500 | 503} FaultStatus */
/**
 * The hostile answers the sandbox API can give (THREATS.md T15; the convert ones: issue 28).
 * @typedef {"repeat-pages" | "sentences" | "bidi" | "handler-links" | "redirect" | HostileConvertMode} HostileMode
 */
/**
 * One fault switch. Without `paths` it applies to every provider endpoint (never to `/__sandbox/*`).
 * @typedef {object} FaultRule
 * @property {number} [delayMs] Wait this long before answering (0–120000 ms).
 * @property {FaultStatus} [status] Answer this status with the provider's JSON message instead of the real answer.
 * @property {boolean} [malformed] Answer 200 with the real body cut in half (not valid JSON). Ignored when `status` is set.
 * @property {HostileMode} [hostile] Lie as a malicious API could (see {@link HOSTILE_MODES}).
 * @property {RegExp | string} [paths] Only requests whose path (no query) matches; a string is a regular expression source.
 * @property {number} [times] Apply to this many matching requests, then remove the rule.
 */
/**
 * A rule as reported back (`paths` as its regex source, `times` as what is left).
 * @typedef {object} ActiveFault
 * @property {number} [delayMs]
 * @property {FaultStatus} [status]
 * @property {true} [malformed]
 * @property {HostileMode} [hostile]
 * @property {string} [paths]
 * @property {number} [times]
 */
/**
 * A fault rule as the server keeps it.
 * @typedef {object} ParsedFaultRule
 * @property {number} delayMs
 * @property {FaultStatus | undefined} status
 * @property {boolean} malformed
 * @property {HostileMode | undefined} hostile
 * @property {RegExp | undefined} pattern
 * @property {string | undefined} source
 * @property {number | undefined} remaining
 */
/**
 * @typedef {object} Faults
 * @property {(rules: FaultRule | ReadonlyArray<FaultRule>) => void} set Replaces the rules; the first matching rule applies. Rules that change nothing are dropped.
 * @property {() => void} clear
 * @property {ReadonlyArray<ActiveFault>} active
 */
/**
 * A body posted to `/e` (one event) or `/batch` (one entry per array item).
 * @typedef {object} RecordedEvent
 * @property {"/e" | "/batch"} path
 * @property {number} at ms since epoch
 * @property {string | undefined} origin
 * @property {{ readonly projectId: string | null, readonly st: string | null, readonly sv: string | null }} query
 * @property {unknown} body
 */
/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Readonly<Record<string, string>>} query
 * @property {string | null} origin
 * @property {number} status
 * @property {number} at
 */
/**
 * @typedef {object} SandboxApiOptions
 * @property {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>} chains The running sandbox chains (`startSandboxChains().chains`); `name` is used for asset images.
 * @property {ReadonlyArray<SandboxToken>} [tokens] Known ERC-20s (skip probing); others are found from their Transfer logs.
 * @property {ReadonlyArray<SandboxPool>} [pools] The SandboxPools the convert endpoints swap through (`sandbox.pools`); their tokens must be in `tokens`. Without pools, `/v1/convert/tokens` lists none and every pair has no route.
 * @property {number} [port] Default 0: a free port. Always 127.0.0.1.
 * @property {string | ReadonlyArray<string>} [projectId] The accepted project id(s). Default "sandbox-project".
 * @property {Date} [now] "The present" the NFT fixture is dated from (pass the chains' `now`). Default: now.
 * @property {ReadonlyArray<string>} [allowedOrigins] `GET /projects/v1/origins`; default {@link DEFAULT_ALLOWED_ORIGINS}.
 * @property {boolean} [analyticsEnabled] `GET /getAnalyticsConfig`; default true.
 * @property {number} [historyPageSize] History page size; default 10.
 * @property {Readonly<Record<string, number>>} [prices] USD prices by symbol, merged over {@link PRICES}.
 * @property {string} [walletConnectWalletUrl] The "Sandbox WalletConnect Wallet" listing's `webapp_link`.
 * @property {string} [onrampProviderUrl] The sandbox payment provider's origin (`startOnrampProvider().url`), which `POST /v1/generators/onrampurl` points at; without it the generator answers 503.
 * @property {ReadonlyArray<{ readonly name: string, readonly address: string }>} [names] Names registered from the start (and again after `POST /__sandbox/reset`), to coin type 60, oldest first: `{ name: "taken.reown.id", address }`.
 * @property {Pick<SandboxExchange, "exchanges" | "payUrl" | "status">} [exchange] The sandbox exchange (`startSandboxExchange()`) that `POST /v1/json-rpc` (`reown_getExchanges`, `reown_getExchangePayUrl`, `reown_getExchangeBuyStatus`) answers for; without it the exchange list is empty.
 * @property {Pick<SandboxSolana, "chain" | "rpcUrl" | "mint">} [solana] The local Solana chain (`startSandboxSolana()`): balances and history for `chainId=solana:localnet` are read from it, the RPC proxy forwards to it, and `GET /v1/supported-chains` lists it.
 * @property {Pick<SandboxBitcoin, "chain" | "esploraUrl">} [bitcoin] The local Bitcoin chain (`startSandboxBitcoin()`): balances and history of its regtest addresses (`chainId=bip122:0f9188f13cb7b2c71f2a335e3a4fc328`) are read from its Esplora API.
 */
/**
 * @typedef {object} SandboxApi
 * @property {string} url `http://127.0.0.1:PORT` (no trailing slash): use it as apiUrl, blockchainApiUrl and analyticsUrl.
 * @property {string} projectId The first accepted project id.
 * @property {ReadonlyArray<string>} chains CAIP-2 ids of the served chains.
 * @property {Faults} faults
 * @property {{ readonly events: () => ReadonlyArray<RecordedEvent>, readonly requests: () => ReadonlyArray<RecordedRequest>, readonly clear: () => void }} inspect `requests`: every request but `/__sandbox/*` that arrived since the last reset or clear, oldest first (the last 2000).
 * @property {(origins?: ReadonlyArray<string>) => void} setAllowedOrigins What `GET /projects/v1/origins` answers; `undefined` restores the default.
 * @property {() => Promise<void>} close Stops listening and drops open connections; safe to call more than once.
 */
/**
 * What a handler answers: a status, headers and a body.
 * @typedef {{ status: number, headers: OutgoingHttpHeaders, body: string }} Reply
 */
/**
 * A chain the API serves: its ids and its index (indexer.mjs).
 * @typedef {{ chainId: number, caip: string, name: string, index: ChainIndex }} ApiChain
 */
/**
 * What a route's handler is given.
 * @typedef {object} RouteContext
 * @property {IncomingMessage} req
 * @property {string} method
 * @property {string} path
 * @property {URLSearchParams} query
 * @property {Array<string | undefined>} params The path pattern's groups.
 * @property {string | undefined} origin
 * @property {string} projectId The accepted project id ("" on the routes that need none).
 */
/** @import { Activity, ChainIndex, NativeTransfer, TokenTransfer } from "./indexer.mjs" */
/** @import { SandboxExchange } from "../exchange/exchange.mjs" */

export const DEFAULT_PROJECT_ID = /** @type {const} */ ("sandbox-project")
/** @type {Readonly<Record<string, number>>} USD prices by symbol; tokens not listed are priced 0. */
export const PRICES = Object.freeze({ ETH: 3000, sUSD: 1, SBX: 0.25, SOL: 150, USDC: 1, sSPL: 1, BTC: 60000 })
export const HISTORY_PAGE_SIZE = 10
/** What `GET /projects/v1/origins` answers unless told otherwise: the loopback hosts on any port. */
export const DEFAULT_ALLOWED_ORIGINS = Object.freeze(["http://localhost:*", "http://127.0.0.1:*"])
/** The fixture name of account #0 (`GET /v1/identity/{address}`). */
export const SANDBOX_IDENTITY_NAME = /** @type {const} */ ("sandbox.airlock.eth")
/** @type {ReadonlyArray<FaultStatus>} */
export const FAULT_STATUSES = Object.freeze([403, 429, 500, 503])
/**
 * The bodies the fault switch answers with; 403 is the provider's origin refusal (FACTS §1.4).
 * @type {Readonly<Record<FaultStatus, { readonly message: string }>>}
 */
export const FAULT_BODIES = Object.freeze({
  403: { message: "Unauthorized: origin not allowed" },
  429: { message: "Too Many Requests" },
  500: { message: "Internal Server Error" },
  503: { message: "Service Unavailable" }
})
export const INVALID_KEY_MESSAGE = /** @type {const} */ ("Unauthorized: invalid key")

/** Image ids `GET /public/getAssetImage/{id}` knows: the sandbox chains, a few networks, connectors. */
export const assetImageIdOf = (/** @type {number} */ chainId) => `sandbox-chain-${chainId}`
/** @type {Readonly<Record<string, readonly [string, string]>>} */
const STATIC_ASSETS = {
  "692ed6ba-e569-459a-556a-776476829e00": ["ETH", "Ethereum"],
  // Solana's networks in airlock/networks (and the demo's Solana networks).
  "a1b58899-f671-4276-6a5e-56ca5bd59700": ["SOL", "Solana"],
  // Bitcoin's networks in airlock/networks (and the demo's regtest network).
  "0b4838db-0161-4ffe-022d-532bf03dba00": ["BTC", "Bitcoin"],
  "sandbox-walletconnect": ["WC", "WalletConnect"],
  "sandbox-browser-wallet": ["BW", "Browser Wallet"]
}
const TOKEN_SYMBOLS = [
  "ETH",
  "sUSD",
  "SBX",
  "USDC",
  "USDT",
  "DAI",
  "WETH",
  "WBTC",
  "SOL",
  "BTC",
  "POL",
  "BNB",
  "ARB",
  "OP"
]
const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "CNY", "INR", "BRL", "KRW", "MXN", "SGD"]
const NATIVE = Object.freeze({ name: "Ether", symbol: "ETH", decimals: 18 })

// Fixture, not chain data: "Sandbox Collectibles" NFTs the seeded accounts received in past months. anvil
// holds no NFT contract; these entries only exist in the history answers, with generated preview images.
// [account index, token id, months before `now`, day of month, hour (UTC)]
/** @type {ReadonlyArray<readonly [number, number, number, number, number]>} */
const NFT_HOLDINGS = [
  [0, 1, 3, 12, 15],
  [0, 2, 2, 14, 9],
  [0, 3, 1, 3, 18],
  [0, 4, 1, 24, 12],
  [1, 5, 2, 20, 10],
  [2, 6, 1, 9, 16],
  [3, 7, 2, 5, 13],
  [4, 8, 1, 15, 11]
]
export const NFT_COLLECTION_NAME = "Sandbox Collectibles"
const NFT_CONTRACT = getAddress(
  `0x${createHash("sha256").update("airlock-sandbox-collectibles").digest("hex").slice(0, 40)}`
)

// Fixture, not chain data: the sandbox runs no Solana cluster. `GET /v1/account/{address}/balance` for a
// Solana chain answers amounts derived from a hash of the address (the same address always shows the
// same balances): SOL everywhere, plus USDC on mainnet, where its mint lives.
/** The Solana clusters (CAIP-2) the balance fixture serves: mainnet, devnet, testnet. */
export const SOLANA_CHAIN_IDS = Object.freeze([
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"
])
/** USDC's SPL mint on Solana mainnet. */
export const SOLANA_USDC_MINT = /** @type {const} */ ("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
const SOL = Object.freeze({ name: "Solana", symbol: "SOL", decimals: 9 })
const SPL_USDC = Object.freeze({ name: "USD Coin", symbol: "USDC", decimals: 6 })
/** What the proxy forwards to the local Solana chain (`options.solana`): reads, send and simulate. */
const SOLANA_PROXY_METHODS = new Set([
  "getHealth",
  "getVersion",
  "getGenesisHash",
  "getSlot",
  "getBlockHeight",
  "getEpochInfo",
  "getTransactionCount",
  "getLatestBlockhash",
  "isBlockhashValid",
  "getBalance",
  "getAccountInfo",
  "getMultipleAccounts",
  "getTokenAccountsByOwner",
  "getTokenAccountBalance",
  "getTokenSupply",
  "getMinimumBalanceForRentExemption",
  "getFeeForMessage",
  "getRecentPrioritizationFees",
  "getSignatureStatuses",
  "getSignaturesForAddress",
  "getTransaction",
  "sendTransaction",
  "simulateTransaction"
])

const BODY_LIMITS = {
  rpc: 1024 * 1024,
  exchange: 4 * 1024,
  events: 256 * 1024,
  control: 16 * 1024,
  convert: 16 * 1024,
  onramp: 16 * 1024
}
const MAX_RPC_BATCH = 100
const MAX_LIST_ITEMS = 1000
const MAX_RECORDS = 2000
/** JSON-RPC methods the proxy refuses, like a public RPC would: node control, signing with node keys. */
const BLOCKED_RPC =
  /^(anvil_|evm_|hardhat_|debug_|personal_|admin_|miner_|txpool_)|^eth_(sendTransaction|sign|signTransaction|signTypedData(_v\d)?)$/
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const CURSOR_KEY = /^\d{12}\.\d{10}\.\d{10}\.\d{6}$/

/** A request the API refuses: its status and message. */
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

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/**
 * @param {number} status
 * @param {unknown} value
 * @param {OutgoingHttpHeaders} [headers]
 * @returns {Reply}
 */
const json = (status, value, headers = {}) => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(value)
})
/**
 * @param {string} text
 * @returns {Reply}
 */
const svg = (text) => ({
  status: 200,
  headers: {
    "content-type": "image/svg+xml",
    // An SVG opened on its own must not run anything.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  },
  body: text
})
const message = (/** @type {number} */ status, /** @type {string} */ text) => json(status, { message: text })

/**
 * A fault's `malformed` answer: 200 with the real body cut in half (never valid JSON for an object).
 * @param {Reply} reply
 * @returns {Reply}
 */
const garble = (reply) => {
  const body = String(reply.body ?? "")
  const cut = body.length > 1 ? body.slice(0, Math.floor(body.length / 2)) : '{"data":['
  return { status: 200, headers: reply.headers, body: cut }
}

// ---------------------------------------------------------------------------------------------------------
// Input parsing (every failure is a 400 with a JSON message)
// ---------------------------------------------------------------------------------------------------------

/** @param {string | undefined} segment */
const decodeSegment = (segment) => {
  try {
    return decodeURIComponent(segment ?? "")
  } catch {
    throw new HttpError(400, "Malformed path segment")
  }
}

/**
 * @template {number | undefined} F
 * @param {URLSearchParams} query
 * @param {string} name
 * @param {{ min: number, max: number, fallback: F, clamp?: boolean }} bounds
 * @returns {number | F}
 */
const intParam = (query, name, { min, max, fallback, clamp = false }) => {
  const raw = query.get(name)
  if (raw === null || raw === "") return fallback
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(400, `${name} must be a positive integer`)
  const value = Number(raw)
  if (value < min) throw new HttpError(400, `${name} must be at least ${min}`)
  if (value > max) {
    if (clamp) return max
    throw new HttpError(400, `${name} must be at most ${max}`)
  }
  return value
}

/**
 * @param {URLSearchParams} query
 * @param {string} name
 */
const listParam = (query, name) => {
  const raw = query.get(name)
  if (raw === null) return undefined
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
  if (items.length > MAX_LIST_ITEMS) throw new HttpError(400, `${name} lists at most ${MAX_LIST_ITEMS} items`)
  return items
}

/** @param {string | undefined} segment */
const requireAddress = (segment) => {
  const address = decodeSegment(segment)
  if (!ADDRESS.test(address)) throw new HttpError(400, `Invalid address: expected 0x and 40 hex digits`)
  return getAddress(address.toLowerCase())
}

/**
 * Base58 is case-sensitive: the address is kept as sent.
 * @param {string | undefined} segment
 */
const requireSolanaAddress = (segment) => {
  const address = decodeSegment(segment)
  if (!SOLANA_ADDRESS.test(address))
    throw new HttpError(400, "Invalid address: expected a Solana address, 32 to 44 base58 characters")
  return address
}

/** @param {string} raw */
const requireSolanaChain = (raw) => {
  if (SOLANA_CHAIN_IDS.includes(raw)) return raw
  if (!CAIP2.test(raw)) throw new HttpError(400, "Invalid chainId: expected a CAIP-2 id such as eip155:31337")
  throw new HttpError(400, `Unsupported chainId ${raw}`)
}

/** @param {URLSearchParams} query */
const requireUsd = (query) => {
  const currency = query.get("currency") ?? "usd"
  if (currency.toLowerCase() !== "usd") throw new HttpError(400, `Unsupported currency ${currency}`)
}

/**
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string>}
 */
const readBody = (req, limit) =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"])
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError(413, `Request body larger than ${limit} bytes`))
      return
    }
    /** @type {Array<Buffer>} */
    const chunks = []
    let size = 0
    let done = false
    req.on("data", (/** @type {Buffer} */ chunk) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        done = true
        reject(new HttpError(413, `Request body larger than ${limit} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => {
      if (done) return
      done = true
      try {
        resolve(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)))
      } catch {
        reject(new HttpError(400, "Request body is not UTF-8"))
      }
    })
    req.on("error", (error) => {
      if (done) return
      done = true
      reject(error)
    })
  })

/**
 * The request's body as JSON (unchecked: each handler checks what it reads).
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<any>}
 */
const readJson = async (req, limit) => {
  const text = await readBody(req, limit)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, "Request body is not JSON")
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fault switches
// ---------------------------------------------------------------------------------------------------------

const RULE_KEYS = new Set(["delayMs", "status", "malformed", "hostile", "paths", "times"])

/**
 * Hostile answers a real but malicious API could give, for the tests of THREATS.md T15:
 * - `repeat-pages`: `/getWallets` answers page 1 for every page, claiming `count` 1 000 000;
 * - `sentences`: text where data belongs, to be shown as if the modal said it: `/getWallets`'s `count`
 *   and every identity's `name` are a phishing sentence;
 * - `bidi`: balances and history whose token symbols start with a right-to-left override (`"\u202eDSU"`
 *   displays as "USD") and whose USD values are 1e308;
 * - `handler-links`: every listed wallet's `desktop_link` and `mobile_link` are links to OS and application
 *   protocol handlers (`HANDLER_LINKS`), as if the wallet had registered those schemes;
 * - `redirect`: a 302 to the same path on `REDIRECT_ORIGIN`, a host the page never chose;
 * - `swap-to-attacker` and `approve-attacker`: built swaps and approvals that pay `ATTACKER_ADDRESS`
 *   (hostileSwap.mjs).
 */
/** @type {ReadonlyArray<HostileMode>} */
export const HOSTILE_MODES = [
  "repeat-pages",
  "sentences",
  "bidi",
  "handler-links",
  "redirect",
  ...HOSTILE_CONVERT_MODES
]

/** Where `redirect` sends the page. */
export const REDIRECT_ORIGIN = /** @type {const} */ ("https://redirected.example")

/** What `handler-links` lists as wallets' native links: Windows, Windows search, an editor, iOS installs. */
export const HANDLER_LINKS = [
  "ms-msdt://pcwdiagnostic/",
  "search-ms://query/",
  "vscode://vscode.git/clone/",
  "itms-services://download-manifest/"
]

/** What `sentences` puts where data belongs. */
export const PHISHING_SENTENCE =
  "Your wallet is compromised. Go to https://evil.example/recover to restore it"

/** `"USD"` as `"\u202eDSU"`: reads "USD" where the override is obeyed. */
const overridden = (/** @type {unknown} */ symbol) =>
  typeof symbol === "string" ? `\u202e${[...symbol].reverse().join("")}` : symbol

/**
 * A reply changed as `mode` says.
 * @param {HostileMode} mode
 * @param {string} path
 * @param {Reply} reply
 * @returns {Reply}
 */
const hostileReply = (mode, path, reply) => {
  if (mode === "redirect")
    return { status: 302, headers: { location: `${REDIRECT_ORIGIN}${path}` }, body: "" }
  if (reply.status !== 200) return reply
  const wallets = /^\/getWallets\/?$/.test(path)
  const body = () => JSON.parse(String(reply.body))
  if (mode === "swap-to-attacker" || mode === "approve-attacker") {
    const lie = hostileConvertBody(mode, path, body)
    return lie === undefined ? reply : json(200, lie)
  }
  if (mode === "repeat-pages" && wallets) return json(200, { ...body(), count: 1_000_000 })
  if (mode === "sentences" && wallets) return json(200, { ...body(), count: PHISHING_SENTENCE })
  if (mode === "sentences" && /^\/v1\/identity\//.test(path))
    return json(200, { ...body(), name: PHISHING_SENTENCE })
  if (mode === "handler-links" && wallets) {
    const { data, ...rest } = body()
    const linkAt = (/** @type {number} */ n) => HANDLER_LINKS[n % HANDLER_LINKS.length]
    return json(200, {
      ...rest,
      data: data.map((/** @type {object} */ wallet, /** @type {number} */ n) => ({
        ...wallet,
        desktop_link: linkAt(n),
        mobile_link: linkAt(n + 1)
      }))
    })
  }
  if (mode === "bidi" && /^\/v1\/account\/[^/]+\/balance\/?$/.test(path)) {
    const { balances, ...rest } = body()
    return json(200, {
      ...rest,
      balances: balances.map((/** @type {{ symbol: unknown }} */ b) => ({
        ...b,
        symbol: overridden(b.symbol),
        value: 1e308
      }))
    })
  }
  if (mode === "bidi" && /^\/v1\/account\/[^/]+\/history\/?$/.test(path)) {
    const { data, ...rest } = body()
    /** @param {{ fungible_info?: { symbol: unknown } }} transfer */
    const hostileTransfer = (transfer) =>
      transfer.fungible_info === undefined
        ? transfer
        : {
            ...transfer,
            fungible_info: { ...transfer.fungible_info, symbol: overridden(transfer.fungible_info.symbol) }
          }
    return json(200, {
      ...rest,
      data: data.map((/** @type {{ transfers?: Array<{ fungible_info?: { symbol: unknown } }> }} */ t) => ({
        ...t,
        transfers: (t.transfers ?? []).map(hostileTransfer)
      }))
    })
  }
  return reply
}

/**
 * Validates fault rules (an object or a list); throws a TypeError naming the problem.
 * @param {unknown} input
 * @returns {Array<ParsedFaultRule>}
 */
export function parseFaultRules(input) {
  if (input === null || input === undefined) return []
  const list = Array.isArray(input) ? input : [input]
  if (list.length > 20) throw new TypeError("at most 20 fault rules")
  /** @type {Array<ParsedFaultRule>} */
  const rules = []
  for (const /** @type {unknown} */ rule of list) {
    if (typeof rule !== "object" || rule === null || Array.isArray(rule))
      throw new TypeError("a fault rule is an object")
    for (const key of Object.keys(rule)) {
      if (!RULE_KEYS.has(key)) throw new TypeError(`unknown fault setting "${key}"`)
    }
    const { delayMs, status, malformed, hostile, paths, times } = /** @type {Record<string, any>} */ (rule)
    if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0 && delayMs <= 120_000))
      throw new TypeError("delayMs is a number of milliseconds from 0 to 120000")
    if (status !== undefined && !FAULT_STATUSES.includes(status))
      throw new TypeError(`status is one of ${FAULT_STATUSES.join(", ")}`)
    if (malformed !== undefined && typeof malformed !== "boolean")
      throw new TypeError("malformed is a boolean")
    if (hostile !== undefined && !HOSTILE_MODES.includes(hostile))
      throw new TypeError(`hostile is one of ${HOSTILE_MODES.join(", ")}`)
    if (times !== undefined && !(Number.isInteger(times) && times > 0))
      throw new TypeError("times is a positive integer")
    /** @type {RegExp | undefined} */
    let pattern
    if (paths instanceof RegExp) {
      // g and y make test() stateful.
      pattern = new RegExp(paths.source, paths.flags.replace(/[gy]/g, ""))
    } else if (typeof paths === "string" && paths.length <= 500) {
      try {
        pattern = new RegExp(paths)
      } catch {
        throw new TypeError(`paths is not a valid regular expression: ${paths}`)
      }
    } else if (paths !== undefined) {
      throw new TypeError("paths is a RegExp or a regular expression source string")
    }
    // A rule that changes nothing is dropped, so `set({})` clears.
    if ((delayMs ?? 0) === 0 && status === undefined && malformed !== true && hostile === undefined) continue
    rules.push({
      delayMs: delayMs ?? 0,
      status,
      malformed: malformed === true,
      hostile,
      pattern,
      source: typeof paths === "string" ? paths : pattern?.source,
      remaining: times
    })
  }
  return rules
}

/**
 * @param {ParsedFaultRule} rule
 * @returns {ActiveFault}
 */
const describeRule = (rule) => ({
  ...(rule.delayMs > 0 ? { delayMs: rule.delayMs } : {}),
  ...(rule.status === undefined ? {} : { status: rule.status }),
  ...(rule.malformed ? { malformed: true } : {}),
  ...(rule.hostile === undefined ? {} : { hostile: rule.hostile }),
  ...(rule.source === undefined ? {} : { paths: rule.source }),
  ...(rule.remaining === undefined ? {} : { times: rule.remaining })
})

// ---------------------------------------------------------------------------------------------------------
// History helpers
// ---------------------------------------------------------------------------------------------------------

const pad = (/** @type {number} */ n, /** @type {number} */ width) => String(n).padStart(width, "0")
/**
 * @param {number} timestamp
 * @param {number} chainId
 * @param {number} block
 * @param {number} index
 */
const sortKey = (timestamp, chainId, block, index) =>
  `${pad(timestamp, 12)}.${pad(chainId, 10)}.${pad(block, 10)}.${pad(index, 6)}`
const encodeCursor = (/** @type {string} */ key) => Buffer.from(key, "utf8").toString("base64url")
const decodeCursor = (/** @type {string} */ cursor) => {
  const key = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : ""
  if (!CURSOR_KEY.test(key)) throw new HttpError(400, "Invalid cursor")
  return key
}
const roundUsd = (/** @type {number} */ value) => Math.round(value * 1e6) / 1e6
/**
 * UTC seconds of `day` at `hour`:00 in the month `monthsAgo` months before `now`'s.
 * @param {Date} now
 * @param {number} monthsAgo
 * @param {number} day
 * @param {number} hour
 */
const pastDay = (now, monthsAgo, day, hour) =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour) / 1000)

// ---------------------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------------------

/** @param {any} options What a caller passed, checked here (a JavaScript caller may pass anything). */
const assertOptions = (options) => {
  if (options === null || typeof options !== "object") throw new TypeError("startSandboxApi needs options")
  const { chains } = options
  if (!Array.isArray(chains) || chains.length === 0) throw new TypeError("options.chains: at least one chain")
  for (const chain of chains) {
    if (!Number.isSafeInteger(chain?.chainId) || chain.chainId <= 0)
      throw new TypeError(`options.chains: bad chainId ${chain?.chainId}`)
    if (typeof chain.rpcUrl !== "string" || !/^https?:\/\//.test(chain.rpcUrl))
      throw new TypeError(`options.chains: bad rpcUrl for chain ${chain.chainId}`)
  }
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(`options.port: bad port ${port}`)
  const solana = options.solana
  if (
    solana !== undefined &&
    !(
      typeof solana?.chain === "string" &&
      solana.chain.startsWith("solana:") &&
      typeof solana.rpcUrl === "string" &&
      /^https?:\/\//.test(solana.rpcUrl) &&
      typeof solana.mint?.address === "string"
    )
  )
    throw new TypeError("options.solana: expected the object startSandboxSolana() resolves to")
  const bitcoin = options.bitcoin
  if (
    bitcoin !== undefined &&
    !(
      typeof bitcoin?.chain === "string" &&
      bitcoin.chain.startsWith("bip122:") &&
      /^https?:\/\//.test(bitcoin?.esploraUrl)
    )
  )
    throw new TypeError("options.bitcoin: expected the object startSandboxBitcoin() resolves to")
  const onramp = options.onrampProviderUrl
  if (onramp !== undefined && !(typeof onramp === "string" && /^https?:\/\/[^/?#\s]+\/?$/.test(onramp)))
    throw new TypeError(`options.onrampProviderUrl: not an http(s) origin: ${onramp}`)
}

/**
 * Starts the sandbox provider API on 127.0.0.1 (`port` 0, the default, picks a free one) against running
 * sandbox chains. Resolves once it listens.
 * @param {SandboxApiOptions} options
 * @returns {Promise<SandboxApi>}
 */
export async function startSandboxApi(options) {
  assertOptions(options)
  /** @type {Set<string>} */
  const projectIds = new Set([options.projectId ?? DEFAULT_PROJECT_ID].flat())
  const now = options.now instanceof Date ? options.now : new Date(options.now ?? Date.now())
  const pageSize = options.historyPageSize ?? HISTORY_PAGE_SIZE
  /** @type {Record<string, number>} */
  const prices = { ...PRICES, ...options.prices }
  const analyticsEnabled = options.analyticsEnabled ?? true
  const accounts = sandboxAccounts()

  /** @type {Array<ApiChain>} */
  const chains = options.chains.map((chain) => ({
    chainId: chain.chainId,
    caip: `eip155:${chain.chainId}`,
    name: chain.name ?? `Chain ${chain.chainId}`,
    index: createChainIndex({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      knownTokens: (options.tokens ?? []).filter((token) => token.chainId === chain.chainId)
    })
  }))
  const chainByCaip = new Map(chains.map((chain) => [chain.caip, chain]))
  const nftChain = /** @type {ApiChain} */ (chains[0])

  const listing = buildWalletListing({
    chains: chains.map((chain) => chain.caip),
    walletConnectWalletUrl: options.walletConnectWalletUrl
  })
  const walletByImage = new Map(listing.map((wallet) => [wallet.image_id, wallet]))
  /** @type {Map<string, readonly [string, string]>} */
  const assets = new Map(Object.entries(STATIC_ASSETS))
  for (const chain of chains) assets.set(assetImageIdOf(chain.chainId), [initialsOf(chain.name), chain.name])

  let allowedOrigins = [...(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS)]
  /** @type {Array<ParsedFaultRule>} */
  let rules = []
  /** @type {Array<RecordedEvent>} */
  const events = []
  /** @type {Array<RecordedRequest>} */
  const requests = []
  /**
   * Counts the clearings of the request log. A request is recorded when answered, so one held by a delay
   * fault across a reset would land in the next test's log: only the requests that arrived since the last
   * clearing are recorded.
   */
  let logEpoch = 0
  const clearRequests = () => {
    requests.length = 0
    logEpoch += 1
  }
  /** @type {Set<() => void>} */
  const pendingWaits = new Set()
  let baseUrl = ""

  /**
   * @template T
   * @param {Array<T>} list
   * @param {T} item
   */
  const push = (list, item) => {
    list.push(item)
    if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS)
  }
  const priceOf = (/** @type {string} */ symbol) => prices[symbol] ?? 0
  const tokenIconUrl = (/** @type {string} */ symbol, /** @type {string} */ projectId) =>
    `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(projectId)}`

  const onramp = createOnrampHandlers({
    chains,
    tokens: options.tokens ?? [],
    priceOf,
    providerUrl: options.onrampProviderUrl,
    projectIds,
    fail: (/** @type {number} */ status, /** @type {string} */ text) => new HttpError(status, text),
    readJson: (/** @type {IncomingMessage} */ req) => readJson(req, BODY_LIMITS.onramp)
  })
  const convert = createConvertHandlers({
    chains,
    pools: options.pools ?? [],
    tokens: options.tokens ?? [],
    priceOf,
    tokenIconUrl,
    projectIds,
    fail: (/** @type {number} */ status, /** @type {string} */ text) => new HttpError(status, text),
    readJson: (/** @type {IncomingMessage} */ req) => readJson(req, BODY_LIMITS.convert)
  })
  /**
   * A handler answering a 200 body.
   * @param {(context: RouteContext) => unknown} handler
   * @returns {(context: RouteContext) => Promise<Reply>}
   */
  const answer = (handler) => async (context) => json(200, await handler(context))
  // Names and smart sessions answer `{ status, body }` (their refusals are the API's `reasons` bodies).
  /**
   * @param {(context: RouteContext) => Promise<{ status: number, body: unknown }>} handler
   * @returns {(context: RouteContext) => Promise<Reply>}
   */
  const replyOf = (handler) => async (context) => {
    const { status, body } = await handler(context)
    return json(status, body)
  }
  const firstProjectId = [...projectIds][0] ?? DEFAULT_PROJECT_ID
  const registry = createNamesHandlers({
    chains,
    seed: options.names ?? [],
    readJson: (/** @type {IncomingMessage} */ req) => readJson(req, BODY_LIMITS.control)
  })
  const smartSessions = createSessionsHandlers({
    chains,
    readJson: (/** @type {IncomingMessage} */ req) => readJson(req, BODY_LIMITS.control),
    defaultProject: () => ({
      id: firstProjectId,
      name: "Sandbox dApp",
      url: "http://localhost",
      iconUrl: `${baseUrl}/public/getAssetImage/sandbox-walletconnect?projectId=${encodeURIComponent(firstProjectId)}`
    })
  })

  /**
   * @overload
   * @param {string | null} raw
   * @param {{ required: true }} options
   * @returns {ApiChain}
   */
  /**
   * @overload
   * @param {string | null} raw
   * @param {{ required: false }} options
   * @returns {ApiChain | undefined}
   */
  /**
   * The served chain a CAIP-2 query names; absent only when not `required`.
   * @param {string | null} raw
   * @param {{ required: boolean }} options
   * @returns {ApiChain | undefined}
   */
  function requireChain(raw, { required }) {
    if (raw === null || raw === "") {
      if (required) throw new HttpError(400, "chainId is required (CAIP-2, e.g. eip155:31337)")
      return undefined
    }
    const match = CAIP2.exec(raw)
    if (match === null || (match[1] === "eip155" && !/^\d+$/.test(match[2] ?? "")))
      throw new HttpError(400, `Invalid chainId: expected a CAIP-2 id such as eip155:31337`)
    const chain = chainByCaip.get(raw)
    if (chain === undefined) throw new HttpError(400, `Unsupported chainId ${raw}`)
    return chain
  }

  // --- explorer ------------------------------------------------------------------------------------------

  /** @param {RouteContext} context */
  const getWallets = ({ query }) => {
    const page = intParam(query, "page", { min: 1, max: 100_000, fallback: 1 })
    const entries = intParam(query, "entries", { min: 1, max: 100, fallback: 40, clamp: true })
    const search = (query.get("search") ?? "").trim().toLowerCase()
    if (search.length > 200) throw new HttpError(400, "search is at most 200 characters")
    const badge = query.get("badge_type") ?? query.get("badge")
    if (badge !== null && badge !== "" && badge !== "none" && badge !== "certified")
      throw new HttpError(400, "badge_type is none or certified")
    const include = listParam(query, "include")
    const exclude = listParam(query, "exclude")
    const chainsFilter = listParam(query, "chains")
    const names = listParam(query, "names")?.map((name) => name.toLowerCase())
    const rdns = listParam(query, "rdns")
    let list = listing
    if (include !== undefined) {
      const ids = new Set(include)
      list = list.filter((wallet) => ids.has(wallet.id))
    }
    if (exclude !== undefined) {
      const ids = new Set(exclude)
      list = list.filter((wallet) => !ids.has(wallet.id))
    }
    if (search !== "") list = list.filter((wallet) => wallet.name.toLowerCase().includes(search))
    if (chainsFilter !== undefined) {
      const wanted = new Set(chainsFilter)
      list = list.filter((wallet) => wallet.chains?.some((chain) => wanted.has(chain)))
    }
    if (badge === "certified") list = list.filter((wallet) => wallet.badge_type === "certified")
    if (names !== undefined || rdns !== undefined) {
      list = list.filter(
        (wallet) =>
          names?.includes(wallet.name.toLowerCase()) || (wallet.rdns !== null && rdns?.includes(wallet.rdns))
      )
    }
    const start = (page - 1) * entries
    return json(200, { count: list.length, data: list.slice(start, start + entries) })
  }

  /** @param {RouteContext} context */
  const walletImage = ({ params }) => {
    const wallet = walletByImage.get(decodeSegment(params[0]))
    if (wallet === undefined) return message(404, "Image not found")
    return svg(iconSvg({ key: wallet.image_id, label: initialsOf(wallet.name), title: wallet.name }))
  }
  /** @param {RouteContext} context */
  const assetImage = ({ params }) => {
    const id = decodeSegment(params[0])
    const asset = assets.get(id)
    if (asset === undefined) return message(404, "Image not found")
    return svg(iconSvg({ key: id, label: asset[0], title: asset[1], shape: "circle" }))
  }
  /** @param {RouteContext} context */
  const currencyImage = ({ params }) => {
    const code = decodeSegment(params[0]).toUpperCase()
    if (!CURRENCIES.includes(code)) return message(404, "Image not found")
    return svg(iconSvg({ key: `currency:${code}`, label: code, title: code, shape: "circle" }))
  }
  /** @param {RouteContext} context */
  const tokenImage = ({ params }) => {
    const wanted = decodeSegment(params[0]).toLowerCase()
    const symbols = [
      ...TOKEN_SYMBOLS,
      ...chains.flatMap((chain) => chain.index.tokens().map((t) => t.symbol)),
      ...(options.solana === undefined ? [] : [options.solana.mint.symbol])
    ]
    const symbol = symbols.find((s) => s.toLowerCase() === wanted)
    if (symbol === undefined) return message(404, "Image not found")
    return svg(iconSvg({ key: `token:${symbol}`, label: symbol, title: symbol, shape: "circle" }))
  }

  /** @param {RouteContext} context */
  const recordEvents = async ({ req, query, origin, path }) => {
    const body = await readJson(req, BODY_LIMITS.events)
    if (path === "/batch" && !Array.isArray(body)) throw new HttpError(400, "Expected a JSON array of events")
    for (const event of path === "/batch" ? body : [body]) {
      push(events, {
        path: path === "/batch" ? "/batch" : "/e",
        at: Date.now(),
        origin,
        query: { projectId: query.get("projectId"), st: query.get("st"), sv: query.get("sv") },
        body: event
      })
    }
    return json(200, {})
  }

  // --- Blockchain API ------------------------------------------------------------------------------------

  /**
   * One `balances` item: `contract` (the token's address on the chain) is absent for the native coin.
   * @param {string} caip
   * @param {{ name: string, symbol: string, decimals: number }} token
   * @param {bigint} amount
   * @param {string | undefined} contract
   * @param {string} projectId
   */
  const balanceEntry = (caip, token, amount, contract, projectId) => {
    const numeric = formatUnits(amount, token.decimals)
    const price = priceOf(token.symbol)
    return {
      name: token.name,
      symbol: token.symbol,
      chainId: caip,
      ...(contract === undefined ? {} : { address: `${caip}:${contract}` }),
      value: roundUsd(Number(numeric) * price),
      price,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: tokenIconUrl(token.symbol, projectId)
    }
  }

  /**
   * The Solana balance fixture (see SOLANA_CHAIN_IDS): under 1000 SOL, under 10000 USDC.
   * @param {string} address
   * @param {string} caip
   * @param {string} projectId
   */
  const solanaBalances = (address, caip, projectId) => {
    const digest = createHash("sha256").update(`airlock-sandbox-solana:${address}`).digest()
    const lamports = digest.readBigUInt64BE(0) % 1_000_000_000_000n
    const usdc = digest.readBigUInt64BE(8) % 10_000_000_000n
    return [
      balanceEntry(caip, SOL, lamports, undefined, projectId),
      ...(caip === SOLANA_CHAIN_IDS[0]
        ? [balanceEntry(caip, SPL_USDC, usdc, SOLANA_USDC_MINT, projectId)]
        : [])
    ]
  }

  /** The local Solana chain's balances and history (`options.solana`), read over its RPC. */
  const localSolana =
    options.solana === undefined
      ? undefined
      : createSolanaHandlers({ solana: options.solana, balanceEntry, priceOf, tokenIconUrl })
  /** The local Bitcoin chain's balances and history (`options.bitcoin`), read over its Esplora API. */
  const localBitcoin =
    options.bitcoin === undefined
      ? undefined
      : createBitcoinHandlers({ bitcoin: options.bitcoin, balanceEntry, priceOf, tokenIconUrl })
  /** @param {string | undefined} segment */
  const requireRegtestAddress = (segment) => {
    const address = decodeSegment(segment)
    if (!isRegtestAddress(address))
      throw new HttpError(400, "Invalid address: expected a regtest Bitcoin address")
    return address
  }
  /**
   * A page of a local chain's history entries (newest first) after the query's cursor.
   * @param {ReadonlyArray<{ timestamp: number, height: number, tx: unknown }>} entries
   * @param {URLSearchParams} query
   */
  const localPage = (entries, query) => {
    const cursor = query.get("cursor")
    const after = cursor === null || cursor === "" ? undefined : decodeCursor(cursor)
    const all = entries
      .map((entry) => ({ key: sortKey(entry.timestamp, 0, entry.height, 0), tx: entry.tx }))
      .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    const remaining = after === undefined ? all : all.filter((entry) => entry.key < after)
    const page = remaining.slice(0, pageSize)
    const next = remaining.length > pageSize ? encodeCursor(page.at(-1)?.key ?? "") : null
    return json(200, { data: page.map((entry) => entry.tx), next })
  }

  /** @param {RouteContext} context */
  const balance = async ({ params, query, projectId }) => {
    const rawChain = query.get("chainId")
    if (localBitcoin !== undefined && rawChain === localBitcoin.chain) {
      const address = requireRegtestAddress(params[0])
      requireUsd(query)
      return json(200, { balances: await localBitcoin.balances(address, projectId) })
    }
    if (localSolana !== undefined && rawChain === localSolana.chain) {
      const address = requireSolanaAddress(params[0])
      requireUsd(query)
      return json(200, { balances: await localSolana.balances(address, projectId) })
    }
    if (rawChain?.startsWith("solana:")) {
      const caip = requireSolanaChain(rawChain)
      const address = requireSolanaAddress(params[0])
      requireUsd(query)
      return json(200, { balances: solanaBalances(address, caip, projectId) })
    }
    const address = requireAddress(params[0])
    const chain = requireChain(rawChain, { required: true })
    requireUsd(query)
    const held = await chain.index.balancesOf(address)
    return json(200, {
      balances: [
        balanceEntry(chain.caip, NATIVE, held.native, undefined, projectId),
        ...held.tokens.map(({ token, balance }) =>
          balanceEntry(chain.caip, token, balance, token.address, projectId)
        )
      ]
    })
  }

  /**
   * @param {{ name: string, symbol: string, decimals: number }} token
   * @param {NativeTransfer | TokenTransfer} transfer
   * @param {string} me
   * @param {string} projectId
   */
  const transferOf = (token, transfer, me, projectId) => {
    const out = transfer.from.toLowerCase() === me
    const inbound = transfer.to.toLowerCase() === me
    const numeric = formatUnits(transfer.value, token.decimals)
    const price = priceOf(token.symbol)
    return {
      fungible_info: {
        name: token.name,
        symbol: token.symbol,
        icon: { url: tokenIconUrl(token.symbol, projectId) }
      },
      direction: out && inbound ? "self" : out ? "out" : "in",
      quantity: { numeric },
      value: roundUsd(Number(numeric) * price),
      price
    }
  }

  /**
   * @param {ReadonlyArray<NativeTransfer | TokenTransfer>} moves
   * @param {string} me
   */
  const operationOf = (moves, me) => {
    const dirs = moves.map((m) =>
      m.from.toLowerCase() === me ? (m.to.toLowerCase() === me ? "self" : "out") : "in"
    )
    if (dirs.every((d) => d === "in")) return moves.every((m) => m.from === ZERO_ADDRESS) ? "mint" : "receive"
    if (dirs.every((d) => d === "out")) return moves.every((m) => m.to === ZERO_ADDRESS) ? "burn" : "send"
    if (dirs.every((d) => d === "self")) return "send"
    return "trade"
  }

  /**
   * @param {ApiChain} chain
   * @param {Activity} activity
   * @param {string} me
   * @param {string} projectId
   */
  const chainEntry = (chain, { record, native, transfers }, me, projectId) => {
    const moves = [...(native === undefined ? [] : [native]), ...transfers]
    return {
      key: sortKey(record.timestamp, chain.chainId, record.blockNumber, record.txIndex),
      tx: {
        id: `${chain.caip}:${record.hash}`,
        metadata: {
          operationType: operationOf(moves, me),
          hash: record.hash,
          chain: chain.caip,
          minedAt: new Date(record.timestamp * 1000).toISOString(),
          sentFrom: record.from,
          sentTo: record.to ?? "",
          status: record.status,
          nonce: record.nonce
        },
        transfers: [
          ...(native === undefined ? [] : [transferOf(NATIVE, native, me, projectId)]),
          ...transfers.map((transfer) => transferOf(transfer.token, transfer, me, projectId))
        ]
      }
    }
  }

  /**
   * The NFT fixture's entries for `address` (see NFT_HOLDINGS).
   * @param {string} me
   */
  const nftEntries = (me) =>
    NFT_HOLDINGS.filter(([account]) => accounts[account]?.address.toLowerCase() === me).map(
      ([account, tokenId, monthsAgo, day, hour]) => {
        const timestamp = pastDay(now, monthsAgo, day, hour)
        const preview = { url: `${baseUrl}/media/nft/${tokenId}.svg`, content_type: "image/svg+xml" }
        return {
          key: sortKey(timestamp, nftChain.chainId, 0, tokenId),
          tx: {
            id: `${nftChain.caip}:nft:${NFT_CONTRACT}:${tokenId}`,
            metadata: {
              operationType: "receive",
              hash: `0x${createHash("sha256").update(`airlock-sandbox-nft:${tokenId}`).digest("hex")}`,
              chain: nftChain.caip,
              minedAt: new Date(timestamp * 1000).toISOString(),
              sentFrom: NFT_CONTRACT,
              sentTo: accounts[account]?.address,
              status: "confirmed",
              nonce: tokenId
            },
            transfers: [
              {
                nft_info: {
                  name: `${NFT_COLLECTION_NAME} #${tokenId}`,
                  content: { preview, detail: preview },
                  flags: { is_spam: false }
                },
                direction: "in",
                quantity: { numeric: "1" }
              }
            ]
          }
        }
      }
    )

  /** @param {RouteContext} context */
  const history = async ({ params, query, projectId }) => {
    const bitcoinChain = query.get("chainId")
    if (
      localBitcoin !== undefined &&
      (bitcoinChain === localBitcoin.chain ||
        ((bitcoinChain === null || bitcoinChain === "") && isRegtestAddress(decodeSegment(params[0]))))
    ) {
      // The local Bitcoin chain's transactions, read from its Esplora API.
      const address = requireRegtestAddress(params[0])
      return localPage(await localBitcoin.history(address, projectId), query)
    }
    if (SOLANA_ADDRESS.test(decodeSegment(params[0]))) {
      const only = query.get("chainId")
      if (localSolana !== undefined && (only === null || only === "" || only === localSolana.chain)) {
        // The local Solana chain's transactions, read from it.
        const address = requireSolanaAddress(params[0])
        const cursor = query.get("cursor")
        const after = cursor === null || cursor === "" ? undefined : decodeCursor(cursor)
        const all = (await localSolana.history(address, projectId))
          .map((entry) => ({ key: sortKey(entry.timestamp, 0, entry.slot, 0), tx: entry.tx }))
          .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
        const remaining = after === undefined ? all : all.filter((entry) => entry.key < after)
        const page = remaining.slice(0, pageSize)
        const next = remaining.length > pageSize ? encodeCursor(page.at(-1)?.key ?? "") : null
        return json(200, { data: page.map((entry) => entry.tx), next })
      }
      // Otherwise history is EVM only (SPEC §9): a Solana account has none on the public Solana clusters.
      if (only !== null && only !== "") requireSolanaChain(only)
      const cursor = query.get("cursor")
      if (cursor !== null && cursor !== "") decodeCursor(cursor)
      return json(200, { data: [], next: null })
    }
    const address = requireAddress(params[0])
    const me = address.toLowerCase()
    const only = requireChain(query.get("chainId"), { required: false })
    const cursor = query.get("cursor")
    const after = cursor === null || cursor === "" ? undefined : decodeCursor(cursor)
    const scope = only === undefined ? chains : [only]
    await Promise.all(scope.map((chain) => chain.index.sync()))
    const all = [
      ...scope.flatMap((chain) =>
        chain.index.activityOf(address).map((a) => chainEntry(chain, a, me, projectId))
      ),
      ...(scope.includes(nftChain) ? nftEntries(me) : [])
    ].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    const remaining = after === undefined ? all : all.filter((entry) => entry.key < after)
    const page = remaining.slice(0, pageSize)
    const next = remaining.length > pageSize ? encodeCursor(page.at(-1)?.key ?? "") : null
    return json(200, { data: page.map((entry) => entry.tx), next })
  }

  /** @param {RouteContext} context */
  const identity = ({ params }) => {
    const address = requireAddress(params[0])
    // A registered name (the newest is the primary) before the fixture.
    const registered = registry.primaryNameOf(address)
    if (registered !== undefined) return json(200, { name: registered, avatar: null })
    return address === accounts[0]?.address
      ? json(200, {
          name: SANDBOX_IDENTITY_NAME,
          avatar: `${baseUrl}/media/avatar/${SANDBOX_IDENTITY_NAME}.svg`
        })
      : json(200, { name: null, avatar: null })
  }

  /**
   * @param {unknown} id
   * @param {number} code
   * @param {string} text
   */
  const rpcError = (id, code, text) => ({ jsonrpc: "2.0", id: id ?? null, error: { code, message: text } })
  /**
   * A local answer for a request the proxy does not forward, or undefined to forward it.
   * @param {any} request One JSON-RPC request off the wire, checked here.
   * @param {{ solana: boolean }} target
   */
  const screen = (request, target) => {
    if (
      request === null ||
      typeof request !== "object" ||
      Array.isArray(request) ||
      typeof request.method !== "string"
    )
      return rpcError(request?.id, -32600, "Invalid request")
    if (target.solana)
      return SOLANA_PROXY_METHODS.has(request.method)
        ? undefined
        : rpcError(request.id, -32601, `Method ${request.method.slice(0, 64)} is not served by this RPC`)
    if (request.method === "eth_accounts") return { jsonrpc: "2.0", id: request.id ?? null, result: [] }
    if (BLOCKED_RPC.test(request.method))
      return rpcError(request.id, -32601, `Method ${request.method.slice(0, 64)} is not served by this RPC`)
    return undefined
  }
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
    const exchange = options.exchange
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

  /**
   * @param {RouteContext} context
   * @returns {Promise<Reply>}
   */
  const rpcProxy = async ({ req, query }) => {
    const rawChain = query.get("chainId")
    // The local Solana chain: its reads, send and simulate (no airdrop, like no anvil_* on the EVM chains).
    const target =
      localSolana !== undefined && options.solana !== undefined && rawChain === localSolana.chain
        ? { solana: true, rpcUrl: options.solana.rpcUrl, name: localSolana.chain }
        : undefined
    /** @param {ApiChain} chain */
    const upstreamOf = (chain) => ({
      solana: false,
      rpcUrl: chain.index.rpcUrl,
      name: `chain ${chain.chainId}`
    })
    const upstream = target ?? upstreamOf(requireChain(rawChain, { required: true }))
    const text = await readBody(req, BODY_LIMITS.rpc)
    /** @type {unknown} */
    let payload
    try {
      payload = JSON.parse(text)
    } catch {
      return json(400, rpcError(null, -32700, "Parse error"))
    }
    const single = !Array.isArray(payload)
    /** @type {Array<any>} */
    const calls = Array.isArray(payload) ? payload : [payload]
    if (!single && (calls.length === 0 || calls.length > MAX_RPC_BATCH))
      return json(400, rpcError(null, -32600, `A batch holds 1 to ${MAX_RPC_BATCH} requests`))
    const local = calls.map((call) => screen(call, upstream))
    const forward = calls.filter((_, i) => local[i] === undefined)
    if (forward.length === 0) return json(200, single ? local[0] : local)
    let status = 0
    let answer = ""
    try {
      const response = await fetch(upstream.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(single ? forward[0] : forward),
        signal: AbortSignal.timeout(30_000)
      })
      status = response.status
      answer = await response.text()
    } catch (cause) {
      throw new UpstreamError(`${upstream.name} unavailable`, { cause })
    }
    if (single)
      return { status, headers: { "content-type": "application/json; charset=utf-8" }, body: answer }
    /** @type {unknown} */
    let answers
    try {
      answers = JSON.parse(answer)
    } catch {
      throw new UpstreamError(`${upstream.name} answered a batch with non-JSON`)
    }
    if (!Array.isArray(answers))
      return { status, headers: { "content-type": "application/json" }, body: answer }
    const upstreamAnswers = answers
    let next = 0
    return json(
      200,
      calls.map(
        (call, i) =>
          local[i] ?? upstreamAnswers[next++] ?? rpcError(call.id, -32603, "No answer from the node")
      )
    )
  }

  // --- media (stand-ins for third-party hosts: no project id) ------------------------------------------------

  /** @param {RouteContext} context */
  const nftImage = ({ params }) => {
    const tokenId = Number(params[0])
    if (!NFT_HOLDINGS.some(([, id]) => id === tokenId)) return message(404, "Not found")
    const name = `${NFT_COLLECTION_NAME} #${tokenId}`
    return svg(nftSvg({ key: `nft:${tokenId}`, title: name, label: name }))
  }
  /** @param {RouteContext} context */
  const avatarImage = ({ params }) => {
    if (decodeSegment(params[0]) !== SANDBOX_IDENTITY_NAME) return message(404, "Not found")
    return svg(
      iconSvg({
        key: `avatar:${SANDBOX_IDENTITY_NAME}`,
        label: "SA",
        title: SANDBOX_IDENTITY_NAME,
        shape: "circle"
      })
    )
  }

  // --- control (/__sandbox): no project id, no faults ------------------------------------------------------

  const setRules = (/** @type {unknown} */ input) => {
    rules = parseFaultRules(input)
  }
  /** @param {RouteContext} context */
  const controlFaults = async ({ req, method }) => {
    if (method === "DELETE") rules = []
    else if (method === "POST") {
      const body = await readJson(req, BODY_LIMITS.control)
      try {
        setRules(body)
      } catch (error) {
        throw new HttpError(400, error instanceof Error ? error.message : String(error))
      }
    }
    return json(200, { faults: rules.map(describeRule) })
  }
  /** @param {RouteContext} context */
  const controlOrigins = async ({ req, method }) => {
    if (method === "POST") {
      const body = await readJson(req, BODY_LIMITS.control)
      const list = body?.allowedOrigins
      if (list === null || list === undefined)
        allowedOrigins = [...(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS)]
      else if (
        Array.isArray(list) &&
        list.length <= 100 &&
        list.every((/** @type {unknown} */ o) => typeof o === "string" && o.length <= 300)
      )
        allowedOrigins = [...list]
      else
        throw new HttpError(400, "allowedOrigins is a list of at most 100 strings, or null for the default")
    }
    return json(200, { allowedOrigins })
  }
  const reset = () => {
    rules = []
    events.length = 0
    clearRequests()
    allowedOrigins = [...(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS)]
    registry.reset()
    smartSessions.reset()
    return json(200, {})
  }

  // --- routing ---------------------------------------------------------------------------------------------

  /**
   * @param {ReadonlyArray<string>} methods
   * @param {RegExp} pattern
   * @param {(context: RouteContext) => Reply | Promise<Reply>} handler
   * @param {{ project?: boolean, control?: boolean }} [flags]
   */
  const route = (methods, pattern, handler, { project = true, control = false } = {}) => ({
    methods,
    pattern,
    handler,
    project,
    control
  })
  const routes = [
    route(["GET"], /^\/getWallets\/?$/, getWallets),
    route(["GET"], /^\/getWalletImage\/([^/]+)$/, walletImage),
    route(["GET"], /^\/public\/getAssetImage\/([^/]+)$/, assetImage),
    route(["GET"], /^\/public\/getCurrencyImage\/([^/]+)$/, currencyImage),
    route(["GET"], /^\/public\/getTokenImage\/([^/]+)$/, tokenImage),
    route(["GET"], /^\/projects\/v1\/origins\/?$/, () => json(200, { allowedOrigins })),
    route(["GET"], /^\/getAnalyticsConfig\/?$/, () => json(200, { isAnalyticsEnabled: analyticsEnabled })),
    route(["POST"], /^\/(e|batch)\/?$/, recordEvents),
    route(["GET"], /^\/v1\/supported-chains\/?$/, () =>
      json(200, {
        http: [
          ...chains.map((chain) => chain.caip),
          ...(localSolana === undefined ? [] : [localSolana.chain])
        ],
        ws: []
      })
    ),
    route(["GET"], /^\/v1\/account\/([^/]+)\/balance\/?$/, balance),
    route(["GET"], /^\/v1\/account\/([^/]+)\/history\/?$/, history),
    route(["GET"], /^\/v1\/identity\/([^/]+)\/?$/, identity),
    route(["POST"], /^\/v1\/profile\/account\/?$/, replyOf(registry.register)),
    route(["GET"], /^\/v1\/profile\/account\/([^/]+)\/?$/, replyOf(registry.lookup)),
    route(["GET"], /^\/v1\/profile\/reverse\/([^/]+)\/?$/, replyOf(registry.reverse)),
    route(["GET"], /^\/v1\/profile\/suggestions\/([^/]+)\/?$/, replyOf(registry.suggestions)),
    route(["GET"], /^\/v1\/sessions\/([^/]+)\/?$/, replyOf(smartSessions.list)),
    route(["POST"], /^\/v1\/sessions\/([^/]+)\/revoke\/?$/, replyOf(smartSessions.revoke)),
    route(["GET"], /^\/v1\/convert\/tokens\/?$/, answer(convert.convertTokens)),
    route(["GET"], /^\/v1\/convert\/quotes\/?$/, answer(convert.quotes)),
    route(["GET"], /^\/v1\/convert\/allowance\/?$/, answer(convert.allowance)),
    route(["GET"], /^\/v1\/convert\/gas-price\/?$/, answer(convert.gasPrice)),
    route(["GET"], /^\/v1\/convert\/build-approve\/?$/, answer(convert.buildApprove)),
    route(["POST"], /^\/v1\/convert\/build-transaction\/?$/, answer(convert.buildTransaction)),
    route(["POST"], /^\/v1\/fungible\/price\/?$/, answer(convert.fungiblePrice)),
    route(["GET"], /^\/v1\/onramp\/options\/?$/, answer(onramp.options)),
    route(["POST"], /^\/v1\/onramp\/quote\/?$/, answer(onramp.quote)),
    route(["POST"], /^\/v1\/generators\/onrampurl\/?$/, answer(onramp.generateUrl)),
    route(["POST"], /^\/v1\/?$/, rpcProxy),
    route(["POST"], /^\/v1\/json-rpc\/?$/, exchangeRpc),
    route(["GET"], /^\/media\/nft\/(\d{1,6})\.svg$/, nftImage, { project: false }),
    route(["GET"], /^\/media\/avatar\/([^/]+)\.svg$/, avatarImage, { project: false }),
    route(["GET", "POST", "DELETE"], /^\/__sandbox\/faults\/?$/, controlFaults, {
      project: false,
      control: true
    }),
    route(["GET", "POST"], /^\/__sandbox\/origins\/?$/, controlOrigins, { project: false, control: true }),
    route(["GET"], /^\/__sandbox\/events\/?$/, () => json(200, { events }), {
      project: false,
      control: true
    }),
    route(["GET"], /^\/__sandbox\/requests\/?$/, () => json(200, { requests }), {
      project: false,
      control: true
    }),
    route(["POST"], /^\/__sandbox\/sessions\/?$/, replyOf(smartSessions.add), {
      project: false,
      control: true
    }),
    route(["POST"], /^\/__sandbox\/reset\/?$/, reset, { project: false, control: true })
  ]

  /**
   * @param {string | undefined} origin
   * @returns {OutgoingHttpHeaders}
   */
  const corsHeaders = (origin) =>
    origin !== undefined && LOOPBACK_ORIGIN.test(origin)
      ? {
          "access-control-allow-origin": origin,
          "access-control-expose-headers": "retry-after",
          vary: "Origin"
        }
      : { vary: "Origin" }

  /**
   * @param {ServerResponse} res
   * @param {Reply} reply
   * @param {OutgoingHttpHeaders} [extra]
   */
  const send = (res, reply, extra) => {
    if (res.headersSent || res.destroyed) return
    const body = Buffer.from(reply.body ?? "", "utf8")
    res.writeHead(reply.status, {
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "cross-origin",
      ...reply.headers,
      ...extra,
      "content-length": String(body.length)
    })
    res.end(body)
  }

  /**
   * Waits `ms`, or less if the client goes away or the server closes.
   * @param {number} ms
   * @param {ServerResponse} res
   * @returns {Promise<void>}
   */
  const wait = (ms, res) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        pendingWaits.delete(done)
        res.off("close", done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      pendingWaits.add(done)
      res.once("close", done)
    })

  const matchFault = (/** @type {string} */ path) => {
    const rule = rules.find((r) => r.pattern === undefined || r.pattern.test(path))
    if (rule === undefined) return undefined
    if (rule.remaining !== undefined && --rule.remaining <= 0) rules = rules.filter((r) => r !== rule)
    return rule
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    /** @type {URL} */
    let url
    try {
      const raw = req.url ?? ""
      url = raw.startsWith("/") ? new URL(`http://127.0.0.1${raw}`) : new URL(raw)
    } catch {
      return send(res, message(400, "Malformed request target"))
    }
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined
    const cors = corsHeaders(origin)
    const path = url.pathname
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET")
    const log = !path.startsWith("/__sandbox/")
    const arrivedIn = logEpoch
    const finish = (/** @type {Reply} */ reply) => {
      if (log && arrivedIn === logEpoch) {
        push(requests, {
          method: req.method ?? "GET",
          path,
          query: Object.fromEntries(url.searchParams),
          origin: origin ?? null,
          status: reply.status,
          at: Date.now()
        })
      }
      send(res, reply, cors)
    }

    if (method === "OPTIONS") {
      if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin))
        return finish(message(403, "Origin not allowed"))
      return finish({
        status: 204,
        headers: {
          allow: "GET, HEAD, POST, OPTIONS",
          "access-control-allow-methods": "GET, HEAD, POST, DELETE, OPTIONS",
          "access-control-allow-headers": "content-type, accept, x-project-id, x-sdk-type, x-sdk-version",
          "access-control-max-age": "600",
          ...(req.headers["access-control-request-private-network"] === "true"
            ? { "access-control-allow-private-network": "true" }
            : {})
        },
        body: ""
      })
    }

    /** @type {RegExpExecArray | undefined} */
    let match
    /** @type {(typeof routes)[number] | undefined} */
    let found
    /** @type {Set<string>} */
    const allowed = new Set()
    for (const candidate of routes) {
      const m = candidate.pattern.exec(path)
      if (m === null) continue
      if (candidate.methods.includes(method)) {
        found = candidate
        match = m
        break
      }
      for (const verb of candidate.methods) allowed.add(verb)
    }
    if (found === undefined || match === undefined) {
      if (allowed.size === 0) return finish(message(404, "Not found"))
      const reply = message(405, "Method not allowed")
      reply.headers.allow = [...allowed].join(", ")
      return finish(reply)
    }

    const fault = found.control ? undefined : matchFault(path)
    if (fault !== undefined && fault.delayMs > 0) {
      await wait(fault.delayMs, res)
      if (res.destroyed) return
    }
    if (fault?.status !== undefined) {
      return finish(
        json(fault.status, FAULT_BODIES[fault.status], fault.status === 429 ? { "retry-after": "1" } : {})
      )
    }

    // A hostile listing answers the first page whatever page was asked.
    if (fault?.hostile === "repeat-pages" && /^\/getWallets\/?$/.test(path)) url.searchParams.set("page", "1")
    /** @type {Reply} */
    let reply
    try {
      const projectId = url.searchParams.get("projectId")
      if (found.project && (projectId === null || !projectIds.has(projectId)))
        reply = message(403, INVALID_KEY_MESSAGE)
      else
        reply = await found.handler({
          req,
          method,
          path,
          query: url.searchParams,
          params: match.slice(1),
          origin,
          projectId: projectId ?? ""
        })
    } catch (error) {
      if (error instanceof HttpError) {
        reply = message(error.status, error.message)
        // Unread body: do not keep the connection for whatever else the client sends.
        if (error.status === 413) {
          reply.headers.connection = "close"
          res.once("finish", () => req.destroy())
        }
      } else if (error instanceof UpstreamError) reply = message(502, error.message)
      else reply = message(500, "Internal error")
    }
    const shaped = fault?.hostile === undefined ? reply : hostileReply(fault.hostile, path, reply)
    finish(fault?.malformed ? garble(shaped) : shaped)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent && !res.destroyed)
        send(
          res,
          message(500, "Internal error"),
          corsHeaders(typeof req.headers.origin === "string" ? req.headers.origin : undefined)
        )
      else res.destroy()
    })
  })
  guardSlowClients(server, { requestTimeoutMs: 60_000 })

  await new Promise((/** @type {(value?: undefined) => void} */ resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : options.port}`

  /** @type {Promise<void> | undefined} */
  let closing
  return Object.freeze({
    url: baseUrl,
    projectId: firstProjectId,
    chains: Object.freeze(chains.map((chain) => chain.caip)),
    faults: Object.freeze({
      set: setRules,
      clear: () => {
        rules = []
      },
      get active() {
        return rules.map(describeRule)
      }
    }),
    inspect: Object.freeze({
      events: () => events.slice(),
      requests: () => requests.slice(),
      clear: () => {
        events.length = 0
        clearRequests()
      }
    }),
    setAllowedOrigins: (/** @type {ReadonlyArray<string> | undefined} */ list) => {
      allowedOrigins = [...(list ?? options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS)]
    },
    close: () => {
      closing ??= new Promise((resolve) => {
        server.close(() => resolve())
        for (const done of [...pendingWaits]) done()
        server.closeAllConnections()
      })
      return closing
    }
  })
}
