// The provider API's answers for the sandbox's local Bitcoin chain (`options.bitcoin`, the object
// `startSandboxBitcoin()` of ../bitcoin/chain.mjs resolves to): balances and history read over its Esplora
// API, as an indexer would, in the API's balance and history shapes. Amounts are BTC (8 decimals).
import { formatUnits } from "viem"
import { scriptOf } from "../bitcoin/script.mjs"
import { UpstreamError } from "./indexer.mjs"

const BTC = Object.freeze({ name: "Bitcoin", symbol: "BTC", decimals: 8 })
/** How many of an address's newest transactions the history reads (Esplora pages of 25). */
const HISTORY_DEPTH = 200
const PAGE = 25

/** @import { SandboxBitcoin } from "../bitcoin/chain.mjs" */
/** @typedef {{ name: string, symbol: string, decimals: number }} TokenInfo */
/** An Esplora transaction (JSON), read field by field. */
/** @typedef {any} EsploraTx */

/**
 * Whether `address` is a regtest address the local chain knows how to pay (bech32 `bcrt1…`, legacy m/n/2).
 * @param {string} address
 */
export const isRegtestAddress = (address) => scriptOf(address) !== undefined

/**
 * @template B
 * @param {object} options
 * @param {Pick<SandboxBitcoin, "chain" | "esploraUrl">} options.bitcoin
 * @param {(caip: string, token: TokenInfo, amount: bigint, contract: string | undefined, projectId: string) => B} options.balanceEntry
 * @param {(symbol: string) => number} options.priceOf
 * @param {(symbol: string, projectId: string) => string} options.tokenIconUrl
 */
export function createBitcoinHandlers({ bitcoin, balanceEntry, priceOf, tokenIconUrl }) {
  const caip = bitcoin.chain
  /**
   * One Esplora read; its JSON, unchecked.
   * @param {string} path
   * @returns {Promise<any>}
   */
  const read = async (path) => {
    let response
    try {
      response = await fetch(`${bitcoin.esploraUrl}${path}`, { signal: AbortSignal.timeout(30_000) })
    } catch (cause) {
      throw new UpstreamError(`${caip} unavailable`, { cause })
    }
    const text = await response.text()
    if (!response.ok) throw new UpstreamError(`${caip}: ${path}: ${response.status} ${text.slice(0, 200)}`)
    try {
      return JSON.parse(text)
    } catch (cause) {
      throw new UpstreamError(`${caip}: ${path}: not JSON`, { cause })
    }
  }

  /**
   * BTC: what the address's unspent outputs hold (funded minus spent, confirmed and in the mempool).
   * @param {string} address
   * @param {string} projectId
   * @returns {Promise<Array<B>>}
   */
  const balances = async (address, projectId) => {
    const stats = await read(`/address/${address}`)
    const held = (/** @type {any} */ s) => BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum)
    return [
      balanceEntry(caip, BTC, held(stats.chain_stats) + held(stats.mempool_stats), undefined, projectId)
    ]
  }

  /**
   * @param {bigint} sats
   * @param {"in" | "out" | "self"} direction
   * @param {string} projectId
   */
  const transfer = (sats, direction, projectId) => {
    const numeric = formatUnits(sats, BTC.decimals)
    const price = priceOf(BTC.symbol)
    return {
      fungible_info: {
        name: BTC.name,
        symbol: BTC.symbol,
        icon: { url: tokenIconUrl(BTC.symbol, projectId) }
      },
      direction,
      quantity: { numeric },
      value: Math.round(Number(numeric) * price * 1e6) / 1e6,
      price
    }
  }

  /**
   * One history entry for `address`: a send when it funded inputs (what left to others; the fee is not a
   * transfer), else a receive (what its outputs got). A transaction that pays only the address back is a
   * send to itself.
   * @param {string} address
   * @param {EsploraTx} tx
   * @param {string} projectId
   */
  const entryOf = (address, tx, projectId) => {
    /** @type {Array<{ address?: string, value: bigint }>} */
    const outputs = tx.vout.map((/** @type {any} */ o) => ({
      address: o.scriptpubkey_address,
      value: BigInt(o.value)
    }))
    const spent = tx.vin
      .filter((/** @type {any} */ i) => i.prevout?.scriptpubkey_address === address)
      .reduce((/** @type {bigint} */ sum, /** @type {any} */ i) => sum + BigInt(i.prevout.value), 0n)
    const mine = outputs.filter((o) => o.address === address).reduce((sum, o) => sum + o.value, 0n)
    const others = outputs.filter((o) => o.address !== undefined && o.address !== address)
    const toOthers = others.reduce((sum, o) => sum + o.value, 0n)
    const sending = spent > 0n
    const transfers = sending
      ? [toOthers > 0n ? transfer(toOthers, "out", projectId) : transfer(mine, "self", projectId)]
      : [transfer(mine, "in", projectId)]
    const from = tx.vin.find((/** @type {any} */ i) => i.prevout?.scriptpubkey_address !== undefined)
    const time = Number(tx.status.block_time)
    return {
      timestamp: time,
      height: Number(tx.status.block_height),
      tx: {
        id: `${caip}:${tx.txid}`,
        metadata: {
          operationType: sending ? "send" : "receive",
          hash: tx.txid,
          chain: caip,
          minedAt: new Date(time * 1000).toISOString(),
          sentFrom: sending ? address : (from?.prevout.scriptpubkey_address ?? ""),
          sentTo: sending ? (others[0]?.address ?? address) : address,
          status: tx.status.confirmed ? "confirmed" : "pending",
          nonce: Number(tx.status.block_height)
        },
        transfers
      }
    }
  }

  /**
   * The address's transactions on the local chain, newest first: `{ timestamp, height, tx }`.
   * @param {string} address
   * @param {string} projectId
   */
  const history = async (address, projectId) => {
    /** @type {Array<EsploraTx>} */
    const txs = []
    let page = await read(`/address/${address}/txs`)
    while (Array.isArray(page) && page.length > 0 && txs.length < HISTORY_DEPTH) {
      txs.push(...page)
      if (page.length < PAGE) break
      page = await read(`/address/${address}/txs/chain/${page.at(-1).txid}`)
    }
    return txs.slice(0, HISTORY_DEPTH).map((tx) => entryOf(address, tx, projectId))
  }

  return { chain: caip, balances, history }
}
