// The Blockchain API's convert (swap) and fungible price endpoints (FACTS.md §1.5) over the sandbox's
// SandboxPools (../chain/pools.mjs): quotes are poolMath over the reserves read from the chain at request
// time, and the built transactions are the pool's own calls, so a swap sent as built pays what was quoted.
// Tokens are CAIP-10 (`eip155:31337:0x…`); ether is NATIVE_TOKEN_ADDRESS on the wire, as in the real API,
// while the pools name it by the zero address.
import { readFileSync } from "node:fs"
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, maxUint256 } from "viem"
import { getAmountOut, minimumReceived } from "../chain/poolMath.mjs"
import { NATIVE_ETH } from "../chain/pools.mjs"
import { UpstreamError } from "./indexer.mjs"

/** How the API names native ether in a CAIP-10 address: the usual native-token sentinel. */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
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
const NATIVE = Object.freeze({ name: "Ether", symbol: "ETH", decimals: 18 })
const CAIP10 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE_UNITS = /^\d{1,78}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * The convert handlers for api.mjs's router. `chains` are the API's chains (`chainId`, `caip`,
 * `index.rpcUrl`), `pools` the `sandbox.pools`, `tokens` the known ERC-20s (every pool token among them);
 * `fail(status, message)` makes the router's error, `readJson(req)` reads a bounded JSON body.
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
  const chainById = new Map(chains.map((chain) => [chain.chainId, chain]))
  const clients = new Map()
  const clientOf = (chain) => {
    if (!clients.has(chain.chainId))
      clients.set(
        chain.chainId,
        createPublicClient({ transport: http(chain.index.rpcUrl, { retryCount: 0 }) })
      )
    return clients.get(chain.chainId)
  }
  const onChain = async (chain, read) => {
    try {
      return await read(clientOf(chain))
    } catch (cause) {
      throw new UpstreamError(`chain ${chain.chainId} unavailable`, { cause })
    }
  }

  // Every asset by `chainId:lowercase wire address`: ether on each chain, then the known tokens.
  const assets = new Map()
  const assetKey = (chainId, address) => `${chainId}:${address.toLowerCase()}`
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
  const assetOnChain = (chainId, address) =>
    assets.get(assetKey(chainId, address === NATIVE_ETH ? NATIVE_TOKEN_ADDRESS : address))

  // Each pool under both orders of its pair; the tokens a chain's pools swap, ether first.
  const poolByPair = new Map()
  const swappable = new Map()
  for (const pool of pools) {
    if (!chainById.has(pool.chainId))
      throw new TypeError(`options.pools: chain ${pool.chainId} is not served`)
    const [a, b] = [pool.token0, pool.token1].map((address) => {
      const asset = assetOnChain(pool.chainId, address)
      if (asset === undefined)
        throw new TypeError(
          `options.pools: token ${address} of pool ${pool.address} is not in options.tokens`
        )
      return asset
    })
    const entry = { chainId: pool.chainId, address: getAddress(pool.address), token0: a, token1: b }
    poolByPair.set(`${a.caip}|${b.caip}`, entry)
    poolByPair.set(`${b.caip}|${a.caip}`, entry)
    const list = swappable.get(pool.chainId) ?? []
    for (const asset of [a, b]) if (!list.includes(asset)) list.push(asset)
    swappable.set(pool.chainId, list)
  }
  for (const list of swappable.values()) list.sort((x, y) => Number(y.native) - Number(x.native))

  // --- input ---------------------------------------------------------------------------------------------

  const text = (value, name) => {
    if (typeof value !== "string" || value === "") throw fail(400, `${name} is required`)
    return value
  }
  /** A CAIP-10 token on a served chain; an unknown token is `undefined` (no route, no price). */
  const tokenParam = (value, name) => {
    const match = CAIP10.exec(text(value, name))
    if (match === null) throw fail(400, `${name} must be a CAIP-10 address such as eip155:31337:0x…`)
    return assets.get(assetKey(Number(match[1]), match[2]))
  }
  /** The account, as a plain address or CAIP-10 on `chainId`. */
  const userParam = (value, chainId) => {
    const raw = text(value, "userAddress")
    const match = CAIP10.exec(raw)
    if (match !== null && Number(match[1]) !== chainId)
      throw fail(400, `userAddress is not on eip155:${chainId}`)
    const address = match?.[2] ?? raw
    if (!ADDRESS.test(address)) throw fail(400, "userAddress must be an address (0x and 40 hex digits)")
    return getAddress(address.toLowerCase())
  }
  const amountParam = (value) => {
    if (typeof value !== "string" || !BASE_UNITS.test(value))
      throw fail(400, "amount must be an integer string in base units")
    const amount = BigInt(value)
    if (amount === 0n || amount > maxUint256) throw fail(400, "amount must be from 1 to 2^256 - 1")
    return amount
  }
  const chainParam = (value) => {
    if (!CAIP2.test(text(value, "chainId")))
      throw fail(400, "Invalid chainId: expected a CAIP-2 id such as eip155:31337")
    return chains.find((chain) => chain.caip === value)
  }
  const poolOf = (from, to) => {
    const pool = from && to ? poolByPair.get(`${from.caip}|${to.caip}`) : undefined
    if (pool === undefined) throw fail(400, "No route for this pair")
    return pool
  }

  // --- chain reads -----------------------------------------------------------------------------------------

  /** What `amountIn` of `from` buys in `pool` now; 400 when the pool cannot fill it. */
  const quoteOf = async (pool, from, amountIn) => {
    const [reserve0, reserve1] = await onChain(chainById.get(pool.chainId), (client) =>
      client.readContract({ address: pool.address, abi: poolAbi, functionName: "getReserves" })
    )
    const [reserveIn, reserveOut] = from === pool.token0 ? [reserve0, reserve1] : [reserve1, reserve0]
    // The contract multiplies in uint256: an input that overflows there cannot be swapped either.
    if (reserveIn + amountIn > maxUint256 || amountIn * 10_000n * reserveOut > maxUint256)
      throw fail(400, "Insufficient liquidity")
    const amountOut = reserveIn > 0n && reserveOut > 0n ? getAmountOut(amountIn, reserveIn, reserveOut) : 0n
    if (amountOut === 0n || amountOut >= reserveOut) throw fail(400, "Insufficient liquidity")
    return amountOut
  }
  const gasPriceOf = (chain) => onChain(chain, (client) => client.getGasPrice())
  /** The later of the clock and the chain's last block: anvil's time may run ahead of or behind the host's. */
  const nowOn = async (chain) => {
    const block = await onChain(chain, (client) => client.getBlock({ blockTag: "latest" }))
    return BigInt(Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp)))
  }

  // --- handlers ------------------------------------------------------------------------------------------

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

  const quotes = async ({ query }) => {
    const from = tokenParam(query.get("from"), "from")
    const to = tokenParam(query.get("to"), "to")
    const amount = amountParam(query.get("amount"))
    const gasPrice = query.get("gasPrice")
    if (gasPrice !== null && gasPrice !== "" && !BASE_UNITS.test(gasPrice))
      throw fail(400, "gasPrice must be an integer string in wei")
    const pool = poolOf(from, to)
    userParam(query.get("userAddress"), pool.chainId)
    const toAmount = await quoteOf(pool, from, amount)
    return {
      quotes: [
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: from.caip,
          toAmount: toAmount.toString(),
          toAccount: to.caip
        }
      ]
    }
  }

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
    const pool = poolOf(token, to)
    const value = await onChain(chainById.get(token.chainId), (client) =>
      client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [user, pool.address]
      })
    )
    return { allowance: value.toString() }
  }

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

  const buildApprove = async ({ query }) => {
    const from = tokenParam(query.get("from"), "from")
    const to = tokenParam(query.get("to"), "to")
    const pool = poolOf(from, to)
    const user = userParam(query.get("userAddress"), pool.chainId)
    if (from.native) throw fail(400, "Ether needs no approval")
    const chain = chainById.get(pool.chainId)
    return {
      tx: {
        from: `${chain.caip}:${user}`,
        to: from.caip,
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
  const checkBodyProject = (body) => {
    if (body.projectId !== undefined && !projectIds.has(body.projectId))
      throw fail(403, "Unauthorized: invalid key")
  }
  const objectBody = async (req) => {
    const body = await readJson(req)
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw fail(400, "Expected a JSON object")
    checkBodyProject(body)
    return body
  }

  const buildTransaction = async ({ req }) => {
    const body = await objectBody(req)
    const from = tokenParam(body.from, "from")
    const to = tokenParam(body.to, "to")
    const amount = amountParam(body.amount)
    const slippage = body.eip155?.slippage
    if (typeof slippage !== "number" || !Number.isFinite(slippage) || slippage < 0 || slippage > 100)
      throw fail(400, "eip155.slippage must be a percentage from 0 to 100")
    const pool = poolOf(from, to)
    const user = userParam(body.userAddress, pool.chainId)
    const chain = chainById.get(pool.chainId)
    const quoted = await quoteOf(pool, from, amount)
    const minOut = minimumReceived(quoted, Math.round(slippage * 100))
    const deadline = (await nowOn(chain)) + BigInt(SWAP_DEADLINE_SECONDS)
    const call = from.native
      ? { functionName: "swapExactETHForTokens", args: [minOut, user, deadline] }
      : to.native
        ? { functionName: "swapExactTokensForETH", args: [amount, minOut, user, deadline] }
        : { functionName: "swapExactTokensForTokens", args: [from.address, amount, minOut, user, deadline] }
    return {
      tx: {
        from: `${chain.caip}:${user}`,
        to: `${chain.caip}:${pool.address}`,
        data: encodeFunctionData({ abi: poolAbi, ...call }),
        amount: from.native ? amount.toString() : "0",
        eip155: { gas: String(SWAP_GAS), gasPrice: (await gasPriceOf(chain)).toString() }
      }
    }
  }

  const fungiblePrice = async ({ req, projectId }) => {
    const body = await objectBody(req)
    if (typeof body.currency !== "string" || body.currency.toLowerCase() !== "usd")
      throw fail(400, "currency must be usd")
    const { addresses } = body
    if (!Array.isArray(addresses) || addresses.length > MAX_PRICE_ADDRESSES)
      throw fail(400, `addresses is a list of at most ${MAX_PRICE_ADDRESSES} CAIP-10 addresses`)
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
