// The explorer endpoints: the wallet listing (`GET /getWallets`, filtered and paged) and the images the
// modal shows beside it (wallets, networks and connectors, currencies, tokens). Apart from the Blockchain API
// endpoints: they answer from fixtures (wallets.mjs, images.mjs), never from the chains.
import { HttpError, json, message, svg } from "./http.mjs"
import { iconSvg } from "./images.mjs"
import { decodeSegment, intParam, listParam } from "./params.mjs"
import { buildWalletListing, initialsOf } from "./wallets.mjs"

/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { ApiChain } from "./apiChains.mjs" */
/** @import { RouteContext } from "./http.mjs" */

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

/**
 * The explorer handlers over the API's chains; `walletConnectWalletUrl` is the "Sandbox WalletConnect Wallet"
 * listing's `webapp_link`, `solana` the local Solana chain (its mint's symbol has a token image).
 * @param {object} options
 * @param {ReadonlyArray<ApiChain>} options.chains
 * @param {string | undefined} options.walletConnectWalletUrl
 * @param {Pick<SandboxSolana, "mint"> | undefined} options.solana
 */
export function createExplorerHandlers({ chains, walletConnectWalletUrl, solana }) {
  const listing = buildWalletListing({
    chains: chains.map((chain) => chain.caip),
    walletConnectWalletUrl
  })
  const walletByImage = new Map(listing.map((wallet) => [wallet.image_id, wallet]))
  /** @type {Map<string, readonly [string, string]>} */
  const assets = new Map(Object.entries(STATIC_ASSETS))
  for (const chain of chains) assets.set(assetImageIdOf(chain.chainId), [initialsOf(chain.name), chain.name])

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
      ...(solana === undefined ? [] : [solana.mint.symbol])
    ]
    const symbol = symbols.find((s) => s.toLowerCase() === wanted)
    if (symbol === undefined) return message(404, "Image not found")
    return svg(iconSvg({ key: `token:${symbol}`, label: symbol, title: symbol, shape: "circle" }))
  }

  return { getWallets, walletImage, assetImage, currencyImage, tokenImage }
}
