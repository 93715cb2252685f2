// The sandbox's exchange: a SandboxPool (contracts/SandboxPool.sol) for each pair of ETH, sUSD and SBX on the
// chain that holds the tokens, deployed after the history is seeded, with liquidity from a dev account whose
// balances and history no test pins, so that every address, balance and transfer seeded before stays.
import { readFileSync } from "node:fs"
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  parseUnits,
  zeroAddress
} from "viem"
import { artifactOf } from "./build-contracts.mjs"

/**
 * A SandboxPool the chain was started with (`sandbox.pools`).
 * @typedef {object} SandboxPool
 * @property {number} chainId
 * @property {`0x${string}`} address
 * @property {`0x${string}`} token0 NATIVE_ETH (the zero address) for ether, which is always token0.
 * @property {`0x${string}`} token1
 * @property {string} symbol0 "ETH" or the token's symbol.
 * @property {string} symbol1
 * @property {string} reserve0 The reserves the pool started with, base units as decimal strings (JSON-safe).
 * @property {string} reserve1
 */
/** What the pools (and `sandbox.pools`) name native ether by: the contract's `ETH()`. */
export const NATIVE_ETH = /** @type {`0x${string}`} */ (zeroAddress)
/**
 * The dev account that provides the liquidity. Every account shows up in some test; 8 only as the sender or
 * receiver of a transfer whose difference is checked. The others are spoken for: 0 is the Sandbox Wallet,
 * 1-5 hold the seeded history, 6 is the API test's account without history, 7 the embedded wallet's faucet
 * and 9 (the last) receives the demo's and the browser tests' sends and holds no token.
 */
export const POOL_PROVIDER_INDEX = 8

/**
 * @param {string} first
 * @param {string} second
 */
const pair = (first, second) => Object.freeze(/** @type {[string, string]} */ ([first, second]))

/**
 * The pools, ether first; liquidity in whole units at the sandbox API's prices (ETH $3,000, sUSD $1,
 * SBX $0.25), so a swap's rate agrees with the prices the modal shows.
 */
export const SANDBOX_POOLS = Object.freeze([
  Object.freeze({ symbols: pair("ETH", "sUSD"), liquidity: pair("100", "300000") }),
  Object.freeze({ symbols: pair("ETH", "SBX"), liquidity: pair("100", "1200000") }),
  Object.freeze({ symbols: pair("sUSD", "SBX"), liquidity: pair("250000", "1000000") })
])

const tokenArtifact = JSON.parse(readFileSync(artifactOf("SandboxToken"), "utf8"))
const poolArtifact = JSON.parse(readFileSync(artifactOf("SandboxPool"), "utf8"))

/**
 * Deploys SANDBOX_POOLS on one chain. `tokens` are that chain's SandboxTokens, `minter` the account that
 * deployed them (the only one that may mint), `provider` the liquidity's account; `call(method, params)` is a
 * JSON-RPC call to the chain and `send(tx)` sends from an unlocked account and resolves to the mined
 * receipt (failing on a revert). Resolves to the pools as `sandbox.pools` lists them.
 * @param {object} options
 * @param {number} options.chainId
 * @param {ReadonlyArray<{ readonly address: `0x${string}`, readonly symbol: string, readonly decimals: number }>} options.tokens
 * @param {`0x${string}`} options.minter
 * @param {`0x${string}`} options.provider
 * @param {(method: string, params: ReadonlyArray<unknown>) => Promise<unknown>} options.call
 * @param {(tx: Record<string, unknown>) => Promise<{ readonly contractAddress: string | null }>} options.send
 * @returns {Promise<ReadonlyArray<SandboxPool>>}
 */
export async function deployPools({ chainId, tokens, minter, provider, call, send }) {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]))
  /**
   * @param {string} symbol
   * @param {string} whole
   */
  const asset = (symbol, whole) => {
    const token = bySymbol.get(symbol)
    if (symbol === "ETH") return { symbol, address: NATIVE_ETH, amount: parseUnits(whole, 18) }
    if (token === undefined) throw new Error(`no ${symbol} token on chain ${chainId} for its pool`)
    return { symbol, address: token.address, amount: parseUnits(whole, token.decimals) }
  }
  const assets = SANDBOX_POOLS.map(
    ({ symbols, liquidity }) =>
      /** @type {const} */ ([asset(symbols[0], liquidity[0]), asset(symbols[1], liquidity[1])])
  )
  /**
   * @param {`0x${string}`} to
   * @param {string} functionName
   * @param {ReadonlyArray<unknown>} args
   */
  const tokenCall = (to, functionName, args) => ({
    to,
    data: encodeFunctionData({ abi: tokenArtifact.abi, functionName, args })
  })

  // The provider gets exactly the tokens its pools take, so it holds none afterwards.
  /** @type {Map<`0x${string}`, bigint>} */
  const needed = new Map()
  for (const { address, amount } of assets.flat()) {
    if (address !== NATIVE_ETH) needed.set(address, (needed.get(address) ?? 0n) + amount)
  }
  for (const [address, amount] of needed) {
    await send({ from: minter, ...tokenCall(address, "mint", [provider, amount]) })
  }

  /** @type {Array<SandboxPool>} */
  const pools = []
  for (const [asset0, asset1] of assets) {
    const pulled = [asset0, asset1].filter((asset) => asset.address !== NATIVE_ETH)
    // The constructor pulls the tokens, so the provider approves the address the pool will have: the one
    // its deployment, right after these approvals, creates.
    const nonce = BigInt(/** @type {string} */ (await call("eth_getTransactionCount", [provider, "latest"])))
    const expected = getContractAddress({ from: provider, nonce: nonce + BigInt(pulled.length) })
    for (const { address, amount } of pulled) {
      await send({ from: provider, ...tokenCall(address, "approve", [expected, amount]) })
    }
    const data = encodeDeployData({
      abi: poolArtifact.abi,
      bytecode: poolArtifact.bytecode,
      args: [asset0.address, asset1.address, asset0.amount, asset1.amount]
    })
    const value = asset0.address === NATIVE_ETH ? asset0.amount : 0n
    const receipt = await send({ from: provider, data, value: `0x${value.toString(16)}` })
    if (receipt.contractAddress === null)
      throw new Error(`pool ${asset0.symbol}/${asset1.symbol} deployed nothing`)
    const address = getAddress(receipt.contractAddress)
    if (address !== expected) throw new Error(`pool ${asset0.symbol}/${asset1.symbol} landed at ${address}`)
    pools.push(
      Object.freeze({
        chainId,
        address,
        token0: asset0.address,
        token1: asset1.address,
        symbol0: asset0.symbol,
        symbol1: asset1.symbol,
        reserve0: asset0.amount.toString(),
        reserve1: asset1.amount.toString()
      })
    )
  }
  return pools
}
