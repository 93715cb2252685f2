// The assets and pools the convert endpoints know, indexed once at start: ether on each chain and the known
// ERC-20s by CAIP-10 address, and each SandboxPool under both orders of its pair. Apart from convert.mjs,
// whose handlers look tokens and routes up here and read the pools' reserves from the chain.
import { getAddress } from "viem"
import { NATIVE_ETH } from "../chain/pools.mjs"

/** How the API names native ether in a CAIP-10 address: the usual native-token sentinel. */
export const NATIVE_TOKEN_ADDRESS = /** @type {const} */ ("0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee")
const NATIVE = Object.freeze({ name: "Ether", symbol: "ETH", decimals: 18 })

/** @import { SandboxPool, SandboxToken } from "../chain/chain.mjs" */
/**
 * A token the endpoints know: ether on each chain, or a known ERC-20.
 * @typedef {object} Asset
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 * @property {number} chainId
 * @property {boolean} native
 * @property {`0x${string}`} address The pools' name for it (the zero address for ether).
 * @property {string} caip CAIP-10, as on the wire.
 */
/** @typedef {{ chainId: number, address: `0x${string}`, token0: Asset, token1: Asset }} Pool */

/** An asset's key in the index: `chainId:lowercase wire address`. */
export const assetKey = (/** @type {number} */ chainId, /** @type {string} */ address) =>
  `${chainId}:${address.toLowerCase()}`

/**
 * The index of `chains` (the API's chains: `chainId`, `caip`), `pools` (the `sandbox.pools`) and `tokens`
 * (the known ERC-20s, every pool token among them); a pool on a chain not served, or with a token not
 * known, is a TypeError.
 * @template {{ readonly chainId: number, readonly caip: string }} C
 * @param {object} options
 * @param {ReadonlyArray<C>} options.chains
 * @param {ReadonlyArray<SandboxPool>} options.pools
 * @param {ReadonlyArray<SandboxToken>} options.tokens
 */
export function indexAssets({ chains, pools, tokens }) {
  /** @type {Map<number, C>} */
  const chainById = new Map(chains.map((chain) => [chain.chainId, chain]))
  // Every asset by `chainId:lowercase wire address`: ether on each chain, then the known tokens.
  /** @type {Map<string, Asset>} */
  const assets = new Map()
  for (const chain of chains) {
    assets.set(assetKey(chain.chainId, NATIVE_TOKEN_ADDRESS), {
      ...NATIVE,
      chainId: chain.chainId,
      native: true,
      address: NATIVE_ETH,
      caip: `${chain.caip}:${NATIVE_TOKEN_ADDRESS}`
    })
  }
  for (const token of tokens) {
    if (!chainById.has(token.chainId)) continue
    const address = getAddress(token.address)
    assets.set(assetKey(token.chainId, address), {
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      chainId: token.chainId,
      native: false,
      address,
      caip: `eip155:${token.chainId}:${address}`
    })
  }
  const assetOnChain = (/** @type {number} */ chainId, /** @type {string} */ address) =>
    assets.get(assetKey(chainId, address === NATIVE_ETH ? NATIVE_TOKEN_ADDRESS : address))

  // Each pool under both orders of its pair; the tokens a chain's pools swap, ether first.
  /** @type {Map<string, Pool>} */
  const poolByPair = new Map()
  /** @type {Map<number, Array<Asset>>} */
  const swappable = new Map()
  for (const pool of pools) {
    if (!chainById.has(pool.chainId))
      throw new TypeError(`options.pools: chain ${pool.chainId} is not served`)
    /** @param {`0x${string}`} address */
    const assetOf = (address) => {
      const asset = assetOnChain(pool.chainId, address)
      if (asset === undefined)
        throw new TypeError(
          `options.pools: token ${address} of pool ${pool.address} is not in options.tokens`
        )
      return asset
    }
    const [a, b] = [assetOf(pool.token0), assetOf(pool.token1)]
    const entry = { chainId: pool.chainId, address: getAddress(pool.address), token0: a, token1: b }
    poolByPair.set(`${a.caip}|${b.caip}`, entry)
    poolByPair.set(`${b.caip}|${a.caip}`, entry)
    const list = swappable.get(pool.chainId) ?? []
    for (const asset of [a, b]) if (!list.includes(asset)) list.push(asset)
    swappable.set(pool.chainId, list)
  }
  for (const list of swappable.values()) list.sort((x, y) => Number(y.native) - Number(x.native))
  return { chainById, assets, poolByPair, swappable }
}
