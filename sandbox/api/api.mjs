// The sandbox provider API: one loopback HTTP server with the explorer, analytics and Blockchain API
// endpoints of FACTS.md §1 (paths, query params and response shapes), answering from the sandbox chains
// (balances, transfer history, RPC proxy) and from fixtures (wallet listing, images, NFTs, identity, Solana
// balances).
// Tests and the demo flip fault switches (delay, 403, 429, 5xx, malformed body) from node or over HTTP.
// See README.md in this folder. Dev-only: node:http and viem, no other dependency.
// This file is the server: it wires the groups of endpoints (one module each) to their routes and answers a
// request (project id, fault switch, request log, CORS).
import { createServer } from "node:http"
import { sandboxAccounts } from "../chain/chain.mjs"
import { closerOf, listenOnLoopback } from "../shared/loopback.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"
import { apiChainsOf, chainLookup } from "./apiChains.mjs"
import { balanceEntryOf, createBalanceHandler } from "./balances.mjs"
import { createBitcoinHandlers } from "./bitcoin.mjs"
import { createControl } from "./control.mjs"
import { createConvertHandlers } from "./convert.mjs"
import { createExchangeRpc } from "./exchangeRpc.mjs"
import { createExplorerHandlers } from "./explorer.mjs"
import { createFaultSwitch } from "./faults.mjs"
import { createHistoryHandler } from "./history.mjs"
import { BODY_LIMITS, corsHeaders, HttpError, json, message, readJson, send } from "./http.mjs"
import { createIdentityHandlers } from "./identity.mjs"
import { createNamesHandlers } from "./names.mjs"
import { createNftFixture } from "./nfts.mjs"
import { createOnrampHandlers } from "./onramp.mjs"
import { createRecording } from "./recording.mjs"
import { createRequestHandler, route } from "./router.mjs"
import { createRpcProxy } from "./rpcProxy.mjs"
import { createSessionsHandlers } from "./sessions.mjs"
import { createSolanaHandlers } from "./solana.mjs"
import { SANDBOX_WALLET_ID, SANDBOX_WALLET_RDNS, SANDBOX_WC_WALLET_ID } from "./wallets.mjs"

export { SANDBOX_WALLET_ID, SANDBOX_WALLET_RDNS, SANDBOX_WC_WALLET_ID }

/** @import { IncomingMessage } from "node:http" */
/** @import { SandboxChain, SandboxPool, SandboxToken } from "../chain/chain.mjs" */
/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { SandboxBitcoin } from "../bitcoin/chain.mjs" */
/** @import { SandboxExchange } from "../exchange/exchange.mjs" */
/** @import { Faults } from "./faults.mjs" */
/** @import { ApiChain } from "./apiChains.mjs" */
/** @import { Reply, RouteContext } from "./http.mjs" */
/** @import { RecordedEvent, RecordedRequest } from "./recording.mjs" */

/**
 * @typedef {object} SandboxApiOptions
 * @property {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>} chains The running sandbox chains (`startSandboxChains().chains`); `name` is used for asset images.
 * @property {ReadonlyArray<SandboxToken>} [tokens] Known ERC-20s (skip probing); others are found from their Transfer logs.
 * @property {ReadonlyArray<SandboxPool>} [pools] The SandboxPools the convert endpoints swap through (`sandbox.pools`); their tokens must be in `tokens`. Without pools, `/v1/convert/tokens` lists none and every pair has no route.
 * @property {number} [port] Default 0: a free port. Always 127.0.0.1.
 * @property {string | ReadonlyArray<string>} [projectId] The accepted project id(s). Default "sandbox-project".
 * @property {Date} [now] "The present" the NFT fixture is dated from (pass the chains' `now`). Default: now.
 * @property {ReadonlyArray<string>} [allowedOrigins] `GET /projects/v1/origins`; default `DEFAULT_ALLOWED_ORIGINS` (control.mjs).
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

export const DEFAULT_PROJECT_ID = /** @type {const} */ ("sandbox-project")
/** @type {Readonly<Record<string, number>>} USD prices by symbol; tokens not listed are priced 0. */
export const PRICES = Object.freeze({ ETH: 3000, sUSD: 1, SBX: 0.25, SOL: 150, USDC: 1, sSPL: 1, BTC: 60000 })
export const HISTORY_PAGE_SIZE = 10

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

  const chains = apiChainsOf(options.chains, options.tokens ?? [])
  const requireChain = chainLookup(chains)

  const faults = createFaultSwitch()
  const recording = createRecording()
  let baseUrl = ""

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
  const explorer = createExplorerHandlers({
    chains,
    walletConnectWalletUrl: options.walletConnectWalletUrl,
    solana: options.solana
  })
  const balanceEntry = balanceEntryOf({ priceOf, tokenIconUrl })
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
  const balance = createBalanceHandler({ requireChain, balanceEntry, localSolana, localBitcoin })
  const nfts = createNftFixture({
    chain: /** @type {ApiChain} */ (chains[0]),
    accounts,
    now,
    baseUrl: () => baseUrl
  })
  const history = createHistoryHandler({
    chains,
    requireChain,
    pageSize,
    priceOf,
    tokenIconUrl,
    localSolana,
    localBitcoin,
    nfts
  })
  const { identity, avatarImage } = createIdentityHandlers({ registry, accounts, baseUrl: () => baseUrl })
  const rpcProxy = createRpcProxy({ requireChain, localSolana, solana: options.solana })
  const exchangeRpc = createExchangeRpc(options.exchange)
  const control = createControl({
    allowedOrigins: options.allowedOrigins,
    faults,
    recording,
    registry,
    smartSessions
  })

  // --- routing ---------------------------------------------------------------------------------------------

  const routes = [
    route(["GET"], /^\/getWallets\/?$/, explorer.getWallets),
    route(["GET"], /^\/getWalletImage\/([^/]+)$/, explorer.walletImage),
    route(["GET"], /^\/public\/getAssetImage\/([^/]+)$/, explorer.assetImage),
    route(["GET"], /^\/public\/getCurrencyImage\/([^/]+)$/, explorer.currencyImage),
    route(["GET"], /^\/public\/getTokenImage\/([^/]+)$/, explorer.tokenImage),
    route(["GET"], /^\/projects\/v1\/origins\/?$/, () =>
      json(200, { allowedOrigins: control.allowedOrigins() })
    ),
    route(["GET"], /^\/getAnalyticsConfig\/?$/, () => json(200, { isAnalyticsEnabled: analyticsEnabled })),
    route(["POST"], /^\/(e|batch)\/?$/, recording.recordEvents),
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
    route(["GET"], /^\/media\/nft\/(\d{1,6})\.svg$/, nfts.nftImage, { project: false }),
    route(["GET"], /^\/media\/avatar\/([^/]+)\.svg$/, avatarImage, { project: false }),
    route(["GET", "POST", "DELETE"], /^\/__sandbox\/faults\/?$/, control.controlFaults, {
      project: false,
      control: true
    }),
    route(["GET", "POST"], /^\/__sandbox\/origins\/?$/, control.controlOrigins, {
      project: false,
      control: true
    }),
    route(["GET"], /^\/__sandbox\/events\/?$/, () => json(200, { events: recording.events }), {
      project: false,
      control: true
    }),
    route(["GET"], /^\/__sandbox\/requests\/?$/, () => json(200, { requests: recording.requests }), {
      project: false,
      control: true
    }),
    route(["POST"], /^\/__sandbox\/sessions\/?$/, replyOf(smartSessions.add), {
      project: false,
      control: true
    }),
    route(["POST"], /^\/__sandbox\/reset\/?$/, control.reset, { project: false, control: true })
  ]

  const handle = createRequestHandler({ routes, projectIds, faults, recording })

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

  baseUrl = `http://127.0.0.1:${await listenOnLoopback(server, options.port)}`

  return Object.freeze({
    url: baseUrl,
    projectId: firstProjectId,
    chains: Object.freeze(chains.map((chain) => chain.caip)),
    faults: Object.freeze({
      set: faults.set,
      clear: faults.clear,
      get active() {
        return faults.active
      }
    }),
    inspect: Object.freeze({
      events: () => recording.events.slice(),
      requests: () => recording.requests.slice(),
      clear: recording.clear
    }),
    setAllowedOrigins: control.setAllowedOrigins,
    close: closerOf(server, faults.releaseWaits)
  })
}
