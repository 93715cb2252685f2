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

/** What the pools (and `sandbox.pools`) name native ether by: the contract's `ETH()`. */
export const NATIVE_ETH = zeroAddress
/**
 * The dev account that provides the liquidity. Every account shows up in some test; 8 only as the sender or
 * receiver of a transfer whose difference is checked. The others are spoken for: 0 is the Sandbox Wallet,
 * 1-5 hold the seeded history, 6 is the API test's account without history, 7 the embedded wallet's faucet
 * and 9 (the last) receives the demo's and the browser tests' sends and holds no token.
 */
export const POOL_PROVIDER_INDEX = 8
/**
 * The pools, ether first; liquidity in whole units at the sandbox API's prices (ETH $3,000, sUSD $1,
 * SBX $0.25), so a swap's rate agrees with the prices the modal shows.
 */
export const SANDBOX_POOLS = Object.freeze([
  Object.freeze({ symbols: Object.freeze(["ETH", "sUSD"]), liquidity: Object.freeze(["100", "300000"]) }),
  Object.freeze({ symbols: Object.freeze(["ETH", "SBX"]), liquidity: Object.freeze(["100", "1200000"]) }),
  Object.freeze({ symbols: Object.freeze(["sUSD", "SBX"]), liquidity: Object.freeze(["250000", "1000000"]) })
])

const tokenArtifact = JSON.parse(readFileSync(artifactOf("SandboxToken"), "utf8"))
const poolArtifact = JSON.parse(readFileSync(artifactOf("SandboxPool"), "utf8"))

/**
 * Deploys SANDBOX_POOLS on one chain. `tokens` are that chain's SandboxTokens, `minter` the account that
 * deployed them (the only one that may mint), `provider` the liquidity's account; `call(method, params)` is a
 * JSON-RPC call to the chain and `send(tx)` sends from an unlocked account and resolves to the mined
 * receipt (failing on a revert). Resolves to the pools as `sandbox.pools` lists them.
 */
export async function deployPools({ chainId, tokens, minter, provider, call, send }) {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]))
  const assets = SANDBOX_POOLS.map(({ symbols, liquidity }) =>
    symbols.map((symbol, i) => {
      const token = bySymbol.get(symbol)
      if (symbol === "ETH") return { symbol, address: NATIVE_ETH, amount: parseUnits(liquidity[i], 18) }
      if (token === undefined) throw new Error(`no ${symbol} token on chain ${chainId} for its pool`)
      return { symbol, address: token.address, amount: parseUnits(liquidity[i], token.decimals) }
    })
  )
  const tokenCall = (to, functionName, args) => ({
    to,
    data: encodeFunctionData({ abi: tokenArtifact.abi, functionName, args })
  })

  // The provider gets exactly the tokens its pools take, so it holds none afterwards.
  const needed = new Map()
  for (const { address, amount } of assets.flat()) {
    if (address !== NATIVE_ETH) needed.set(address, (needed.get(address) ?? 0n) + amount)
  }
  for (const [address, amount] of needed) {
    await send({ from: minter, ...tokenCall(address, "mint", [provider, amount]) })
  }

  const pools = []
  for (const [asset0, asset1] of assets) {
    const pulled = [asset0, asset1].filter((asset) => asset.address !== NATIVE_ETH)
    // The constructor pulls the tokens, so the provider approves the address the pool will have: the one
    // its deployment, right after these approvals, creates.
    const nonce = BigInt(await call("eth_getTransactionCount", [provider, "latest"]))
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
