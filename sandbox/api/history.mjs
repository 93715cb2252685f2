// `GET /v1/account/{address}/history`: an address's transfers, newest first, a page at a time, from the
// sandbox EVM chains' indexes (with the NFT fixture of nfts.mjs merged in) or from the local Solana and
// Bitcoin chains (solana.mjs, bitcoin.mjs). Apart from the balances: its own shapes, order and cursors.
import { formatUnits } from "viem"
import { NATIVE, roundUsd } from "./balances.mjs"
import { isRegtestAddress } from "./bitcoin.mjs"
import { decodeCursor, encodeCursor, sortKey } from "./cursors.mjs"
import { json } from "./http.mjs"
import { ZERO_ADDRESS } from "./indexer.mjs"
import {
  decodeSegment,
  requireAddress,
  requireRegtestAddress,
  requireSolanaAddress,
  requireSolanaChain,
  SOLANA_ADDRESS
} from "./params.mjs"

/** @import { ApiChain, chainLookup } from "./apiChains.mjs" */
/** @import { createBitcoinHandlers } from "./bitcoin.mjs" */
/** @import { RouteContext } from "./http.mjs" */
/** @import { Activity, NativeTransfer, TokenTransfer } from "./indexer.mjs" */
/** @import { createNftFixture } from "./nfts.mjs" */
/** @import { createSolanaHandlers } from "./solana.mjs" */

/**
 * The history handler over the API's chains; `localSolana` and `localBitcoin` read the local chains (absent
 * when not running), `nfts` is the NFT fixture (on `nfts.chain`).
 * @param {object} options
 * @param {ReadonlyArray<ApiChain>} options.chains
 * @param {ReturnType<typeof chainLookup>} options.requireChain
 * @param {number} options.pageSize
 * @param {(symbol: string) => number} options.priceOf
 * @param {(symbol: string, projectId: string) => string} options.tokenIconUrl
 * @param {ReturnType<typeof createSolanaHandlers> | undefined} options.localSolana
 * @param {ReturnType<typeof createBitcoinHandlers> | undefined} options.localBitcoin
 * @param {ReturnType<typeof createNftFixture>} options.nfts
 */
export function createHistoryHandler({
  chains,
  requireChain,
  pageSize,
  priceOf,
  tokenIconUrl,
  localSolana,
  localBitcoin,
  nfts
}) {
  const nftChain = nfts.chain
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
      ...(scope.includes(nftChain) ? nfts.entries(me) : [])
    ].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    const remaining = after === undefined ? all : all.filter((entry) => entry.key < after)
    const page = remaining.slice(0, pageSize)
    const next = remaining.length > pageSize ? encodeCursor(page.at(-1)?.key ?? "") : null
    return json(200, { data: page.map((entry) => entry.tx), next })
  }
  return history
}
