// The chains the API serves, each with its index (indexer.mjs), and how a request names one: a CAIP-2
// `chainId`. Apart so that every group of endpoints (and convert.mjs, onramp.mjs) shares one notion of them.

import { HttpError } from "./http.mjs"
import { createChainIndex } from "./indexer.mjs"
import { CAIP2 } from "./params.mjs"

/** @import { SandboxChain, SandboxToken } from "../chain/chain.mjs" */
/** @import { ChainIndex } from "./indexer.mjs" */

/**
 * A chain the API serves: its ids and its index (indexer.mjs).
 * @typedef {{ chainId: number, caip: string, name: string, index: ChainIndex }} ApiChain
 */

/**
 * The API's chains for the running sandbox chains; `tokens` are the known ERC-20s (others are found from their
 * Transfer logs).
 * @param {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>} running
 * @param {ReadonlyArray<SandboxToken>} tokens
 * @returns {Array<ApiChain>}
 */
export const apiChainsOf = (running, tokens) =>
  running.map((chain) => ({
    chainId: chain.chainId,
    caip: `eip155:${chain.chainId}`,
    name: chain.name ?? `Chain ${chain.chainId}`,
    index: createChainIndex({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      knownTokens: tokens.filter((token) => token.chainId === chain.chainId)
    })
  }))

/**
 * The CAIP-2 lookup over `chains` (`requireChain`).
 * @param {ReadonlyArray<ApiChain>} chains
 */
export const chainLookup = (chains) => {
  const chainByCaip = new Map(chains.map((chain) => [chain.caip, chain]))

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
  return requireChain
}
