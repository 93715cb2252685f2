// The Blockchain API's convert (swap) and fungible price endpoints (FACTS.md §1.5) over the sandbox's
// SandboxPools (../chain/pools.mjs): quotes are poolMath over the reserves read from the chain at request
// time, and the built transactions are the pool's own calls, so a swap sent as built pays what was quoted.
// Tokens are CAIP-10 (`eip155:31337:0x…`); ether is NATIVE_TOKEN_ADDRESS on the wire, as in the real API,
// while the pools name it by the zero address.
import { readFileSync } from "node:fs"
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, maxUint256 } from "viem"
import { getAmountOut, minimumReceived } from "../chain/poolMath.mjs"
import { assetKey, indexAssets, NATIVE_TOKEN_ADDRESS } from "./convertAssets.mjs"
import { UpstreamError } from "./indexer.mjs"

/** Gas limits of the built transactions: fixed, above what the pool uses, because a swap cannot be
 * estimated before its approval is mined. */
export const APPROVE_GAS = 100_000
export const SWAP_GAS = 250_000
/** A built swap's deadline: 20 minutes after the later of the clock and the chain's last block. */
export const SWAP_DEADLINE_SECONDS = 1200
export const MAX_PRICE_ADDRESSES = 100

const poolAbi = JSON.parse(
  readFileSync(new URL("../chain/contracts/SandboxPool.json", import.meta.url), "utf8")
).abi
const CAIP10 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE_UNITS = /^\d{1,78}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** @import { IncomingMessage } from "node:http" */
/** @import { PublicClient } from "viem" */
/** @import { SandboxPool, SandboxToken } from "../chain/chain.mjs" */
/** @import { ApiChain } from "./apiChains.mjs" */
/** @import { RouteContext } from "./http.mjs" */
/** @import { Asset, Pool } from "./convertAssets.mjs" */

/**
 * The convert handlers for api.mjs's router. `chains` are the API's chains (`chainId`, `caip`,
 * `index.rpcUrl`), `pools` the `sandbox.pools`, `tokens` the known ERC-20s (every pool token among them);
 * `fail(status, message)` makes the router's error, `readJson(req)` reads a bounded JSON body.
 * @param {object} options
 * @param {ReadonlyArray<ApiChain>} options.chains
 * @param {ReadonlyArray<SandboxPool>} options.pools
 * @param {ReadonlyArray<SandboxToken>} options.tokens
 * @param {(symbol: string) => number} options.priceOf
 * @param {(symbol: string, projectId: string) => string} options.tokenIconUrl
 * @param {ReadonlySet<string>} options.projectIds
 * @param {(status: number, message: string) => Error} options.fail
 * @param {(req: IncomingMessage) => Promise<any>} options.readJson The body's JSON, unchecked.
 */
export function createConvertHandlers({
  chains,
  pools,
  tokens,
  priceOf,
  tokenIconUrl,
  projectIds,
  fail,
  readJson
}) {
  const { chainById, assets, poolByPair, swappable } = indexAssets({ chains, pools, tokens })
  /** @type {Map<number, PublicClient>} */
  const clients = new Map()
  /** @param {ApiChain} chain */
  const clientOf = (chain) => {
    const known = clients.get(chain.chainId)
    if (known !== undefined) return known
    const client = createPublicClient({ transport: http(chain.index.rpcUrl, { retryCount: 0 }) })
    clients.set(chain.chainId, client)
    return client
  }
  /**
   * @template T
   * @param {ApiChain} chain
   * @param {(client: PublicClient) => Promise<T>} read
   * @returns {Promise<T>}
   */
  const onChain = async (chain, read) => {
    try {
      return await read(clientOf(chain))
    } catch (cause) {
      throw new UpstreamError(`chain ${chain.chainId} unavailable`, { cause })
    }
  }

  // --- input ---------------------------------------------------------------------------------------------

  const text = (/** @type {unknown} */ value, /** @type {string} */ name) => {
    if (typeof value !== "string" || value === "") throw fail(400, `${name} is required`)
    return value
  }
  /**
   * A CAIP-10 token on a served chain; an unknown token is `undefined` (no route, no price).
   * @param {unknown} value
   * @param {string} name
   */
  const tokenParam = (value, name) => {
    const match = CAIP10.exec(text(value, name))
    if (match === null) throw fail(400, `${name} must be a CAIP-10 address such as eip155:31337:0x…`)
    return assets.get(assetKey(Number(match[1]), match[2] ?? ""))
  }
  /**
   * The account, as a plain address or CAIP-10 on `chainId`.
   * @param {unknown} value
   * @param {number} chainId
   */
  const userParam = (value, chainId) => {
    const raw = text(value, "userAddress")
    const match = CAIP10.exec(raw)
    if (match !== null && Number(match[1]) !== chainId)
      throw fail(400, `userAddress is not on eip155:${chainId}`)
    const address = match?.[2] ?? raw
    if (!ADDRESS.test(address)) throw fail(400, "userAddress must be an address (0x and 40 hex digits)")
    return getAddress(address.toLowerCase())
  }
  const amountParam = (/** @type {unknown} */ value) => {
    if (typeof value !== "string" || !BASE_UNITS.test(value))
      throw fail(400, "amount must be an integer string in base units")
    const amount = BigInt(value)
    if (amount === 0n || amount > maxUint256) throw fail(400, "amount must be from 1 to 2^256 - 1")
    return amount
  }
  const chainParam = (/** @type {unknown} */ value) => {
    if (!CAIP2.test(text(value, "chainId")))
      throw fail(400, "Invalid chainId: expected a CAIP-2 id such as eip155:31337")
    return chains.find((chain) => chain.caip === value)
  }
  /**
   * The pool that swaps `from` into `to`, with both; 400 when there is none.
   * @param {Asset | undefined} from
   * @param {Asset | undefined} to
   */
  const routeOf = (from, to) => {
    const pool = from && to ? poolByPair.get(`${from.caip}|${to.caip}`) : undefined
    if (pool === undefined || from === undefined || to === undefined)
      throw fail(400, "No route for this pair")
    return { pool, from, to, chain: chainOf(pool) }
  }
  /** @param {Pool} pool */
  const chainOf = (pool) => {
    const chain = chainById.get(pool.chainId)
    if (chain === undefined) throw fail(400, "No route for this pair")
    return chain
  }

  // --- chain reads -----------------------------------------------------------------------------------------

  /**
   * What `amountIn` of `from` buys in `pool` now; 400 when the pool cannot fill it.
   * @param {Pool} pool
   * @param {Asset} from
   * @param {bigint} amountIn
   */
  const quoteOf = async (pool, from, amountIn) => {
    const [reserve0, reserve1] = /** @type {readonly [bigint, bigint]} */ (
      await onChain(chainOf(pool), (client) =>
        client.readContract({ address: pool.address, abi: poolAbi, functionName: "getReserves" })
      )
    )
    const [reserveIn, reserveOut] = from === pool.token0 ? [reserve0, reserve1] : [reserve1, reserve0]
    // The contract multiplies in uint256: an input that overflows there cannot be swapped either.
    if (reserveIn + amountIn > maxUint256 || amountIn * 10_000n * reserveOut > maxUint256)
      throw fail(400, "Insufficient liquidity")
    const amountOut = reserveIn > 0n && reserveOut > 0n ? getAmountOut(amountIn, reserveIn, reserveOut) : 0n
    if (amountOut === 0n || amountOut >= reserveOut) throw fail(400, "Insufficient liquidity")
    return amountOut
  }
  const gasPriceOf = (/** @type {ApiChain} */ chain) => onChain(chain, (client) => client.getGasPrice())
  /**
   * The later of the clock and the chain's last block: anvil's time may run ahead of or behind the host's.
   * @param {ApiChain} chain
   */
  const nowOn = async (chain) => {
    const block = await onChain(chain, (client) => client.getBlock({ blockTag: "latest" }))
    return BigInt(Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)))
  }

  // --- handlers ------------------------------------------------------------------------------------------

  /** @param {RouteContext} context */
  const convertTokens = ({ query, projectId }) => {
    const chain = chainParam(query.get("chainId"))
    const list = chain === undefined ? [] : (swappable.get(chain.chainId) ?? [])
    return {
      tokens: list.map((asset) => ({
        name: asset.name,
        symbol: asset.symbol,
        address: asset.caip,
        decimals: asset.decimals,
        logoUri: tokenIconUrl(asset.symbol, projectId)
      }))
    }
  }

  /** @param {RouteContext} context */
  const quotes = async ({ query }) => {
    const from = tokenParam(query.get("from"), "from")
    const to = tokenParam(query.get("to"), "to")
    const amount = amountParam(query.get("amount"))
    const gasPrice = query.get("gasPrice")
    if (gasPrice !== null && gasPrice !== "" && !BASE_UNITS.test(gasPrice))
      throw fail(400, "gasPrice must be an integer string in wei")
    const route = routeOf(from, to)
    userParam(query.get("userAddress"), route.pool.chainId)
    const toAmount = await quoteOf(route.pool, route.from, amount)
    return {
      quotes: [
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: route.from.caip,
          toAmount: toAmount.toString(),
          toAccount: route.to.caip
        }
      ]
    }
  }

  /** @param {RouteContext} context */
  const allowance = async ({ query }) => {
    const token = tokenParam(query.get("tokenAddress"), "tokenAddress")
    if (token === undefined) throw fail(400, "Unknown token")
    const user = userParam(query.get("userAddress"), token.chainId)
    if (token.native) return { allowance: maxUint256.toString() }
    // The spender is the pool that swaps the token into `to`; without `to`, its pool with ether.
    const rawTo = query.get("to")
    const to =
      rawTo === null || rawTo === ""
        ? assets.get(assetKey(token.chainId, NATIVE_TOKEN_ADDRESS))
        : tokenParam(rawTo, "to")
    const { pool } = routeOf(token, to)
    const value = await onChain(chainOf(pool), (client) =>
      client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [user, pool.address]
      })
    )
    return { allowance: value.toString() }
  }

  /** @param {RouteContext} context */
  const gasPrice = async ({ query }) => {
    const chain = chainParam(query.get("chainId"))
    if (chain === undefined) throw fail(400, `Unsupported chainId ${query.get("chainId")}`)
    const standard = await gasPriceOf(chain)
    return {
      standard: standard.toString(),
      fast: ((standard * 125n) / 100n).toString(),
      instant: ((standard * 3n) / 2n).toString()
    }
  }

  /** @param {RouteContext} context */
  const buildApprove = async ({ query }) => {
    const from = tokenParam(query.get("from"), "from")
    const to = tokenParam(query.get("to"), "to")
    const route = routeOf(from, to)
    const { pool, chain } = route
    const user = userParam(query.get("userAddress"), pool.chainId)
    if (route.from.native) throw fail(400, "Ether needs no approval")
    return {
      tx: {
        from: `${chain.caip}:${user}`,
        to: route.from.caip,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [pool.address, maxUint256]
        }),
        value: "0",
        eip155: { gas: APPROVE_GAS, gasPrice: (await gasPriceOf(chain)).toString() }
      }
    }
  }

  /** The body's projectId, when sent, must be an accepted one too. */
  /** @param {Record<string, unknown>} body */
  const checkBodyProject = (body) => {
    if (
      body.projectId !== undefined &&
      !(typeof body.projectId === "string" && projectIds.has(body.projectId))
    )
      throw fail(403, "Unauthorized: invalid key")
  }
  /**
   * The request's JSON object (its fields unchecked).
   * @param {IncomingMessage} req
   * @returns {Promise<Record<string, any>>}
   */
  const objectBody = async (req) => {
    const body = await readJson(req)
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw fail(400, "Expected a JSON object")
    checkBodyProject(body)
    return body
  }

  /** @param {RouteContext} context */
  const buildTransaction = async ({ req }) => {
    const body = await objectBody(req)
    const from = tokenParam(body.from, "from")
    const to = tokenParam(body.to, "to")
    const amount = amountParam(body.amount)
    const slippage = body.eip155?.slippage
    if (typeof slippage !== "number" || !Number.isFinite(slippage) || slippage < 0 || slippage > 100)
      throw fail(400, "eip155.slippage must be a percentage from 0 to 100")
    const route = routeOf(from, to)
    const { pool, chain } = route
    const user = userParam(body.userAddress, pool.chainId)
    const quoted = await quoteOf(pool, route.from, amount)
    const minOut = minimumReceived(quoted, Math.round(slippage * 100))
    const deadline = (await nowOn(chain)) + BigInt(SWAP_DEADLINE_SECONDS)
    const call = route.from.native
      ? { functionName: "swapExactETHForTokens", args: [minOut, user, deadline] }
      : route.to.native
        ? { functionName: "swapExactTokensForETH", args: [amount, minOut, user, deadline] }
        : {
            functionName: "swapExactTokensForTokens",
            args: [route.from.address, amount, minOut, user, deadline]
          }
    return {
      tx: {
        from: `${chain.caip}:${user}`,
        to: `${chain.caip}:${pool.address}`,
        data: encodeFunctionData({ abi: poolAbi, ...call }),
        amount: route.from.native ? amount.toString() : "0",
        eip155: { gas: String(SWAP_GAS), gasPrice: (await gasPriceOf(chain)).toString() }
      }
    }
  }

  /** @param {RouteContext} context */
  const fungiblePrice = async ({ req, projectId }) => {
    const body = await objectBody(req)
    if (typeof body.currency !== "string" || body.currency.toLowerCase() !== "usd")
      throw fail(400, "currency must be usd")
    const { addresses } = body
    if (!Array.isArray(addresses) || addresses.length > MAX_PRICE_ADDRESSES)
      throw fail(400, `addresses is a list of at most ${MAX_PRICE_ADDRESSES} CAIP-10 addresses`)
    /** @type {Set<Asset>} */
    const known = new Set()
    for (const raw of addresses) {
      const asset = tokenParam(raw, "addresses[]")
      if (asset !== undefined) known.add(asset)
    }
    return {
      fungibles: [...known].map((asset) => ({
        address: asset.caip,
        name: asset.name,
        symbol: asset.symbol,
        iconUrl: tokenIconUrl(asset.symbol, projectId),
        price: priceOf(asset.symbol)
      }))
    }
  }

  return { convertTokens, quotes, allowance, gasPrice, buildApprove, buildTransaction, fungiblePrice }
}
