// `GET /v1/account/{address}/balance`: an address's balances on a sandbox EVM chain (read from its index),
// on the local Solana or Bitcoin chain (solana.mjs, bitcoin.mjs) or on a public Solana cluster (the fixture
// of solanaFixture.mjs), each item priced in USD. Apart from the history, which shares only the pricing.
import { formatUnits } from "viem"
import { json } from "./http.mjs"
import {
  requireAddress,
  requireRegtestAddress,
  requireSolanaAddress,
  requireSolanaChain,
  requireUsd
} from "./params.mjs"
import { solanaBalances } from "./solanaFixture.mjs"

/** @import { chainLookup } from "./apiChains.mjs" */
/** @import { createBitcoinHandlers } from "./bitcoin.mjs" */
/** @import { RouteContext } from "./http.mjs" */
/** @import { createSolanaHandlers } from "./solana.mjs" */

export const NATIVE = Object.freeze({ name: "Ether", symbol: "ETH", decimals: 18 })
export const roundUsd = (/** @type {number} */ value) => Math.round(value * 1e6) / 1e6

/**
 * The `balances` item maker over the API's prices and token images.
 * @param {object} options
 * @param {(symbol: string) => number} options.priceOf
 * @param {(symbol: string, projectId: string) => string} options.tokenIconUrl
 */
export const balanceEntryOf = ({ priceOf, tokenIconUrl }) => {
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
  return balanceEntry
}

/**
 * The balance handler; `localSolana` and `localBitcoin` read the local chains (absent when not running).
 * @param {object} options
 * @param {ReturnType<typeof chainLookup>} options.requireChain
 * @param {ReturnType<typeof balanceEntryOf>} options.balanceEntry
 * @param {ReturnType<typeof createSolanaHandlers> | undefined} options.localSolana
 * @param {ReturnType<typeof createBitcoinHandlers> | undefined} options.localBitcoin
 */
export const createBalanceHandler =
  ({ requireChain, balanceEntry, localSolana, localBitcoin }) =>
  /** @param {RouteContext} context */
  async ({ params, query, projectId }) => {
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
      return json(200, { balances: solanaBalances(address, caip, projectId, balanceEntry) })
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
