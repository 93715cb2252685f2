// The seeding of the first sandbox chain: its two tokens deployed and minted, and a few months of native and
// token transfers at past timestamps. Apart from chain.mjs, which starts the nodes and calls it.
import { readFileSync } from "node:fs"
import { encodeDeployData, encodeFunctionData, getAddress, parseEther, parseUnits, toHex } from "viem"
import { artifactOf } from "./build-contracts.mjs"
import { rpc, send } from "./rpc.mjs"

/** @typedef {`0x${string}`} Hex */

/**
 * @typedef {object} SandboxToken
 * @property {number} chainId
 * @property {`0x${string}`} address
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 */
/**
 * A transfer the seeding made.
 * @typedef {object} SandboxTransfer
 * @property {number} chainId
 * @property {`0x${string}`} hash
 * @property {number} timestamp Block timestamp, seconds.
 * @property {string} asset "ETH" or the token's symbol.
 * @property {`0x${string}` | undefined} token The token contract, undefined for ether.
 * @property {`0x${string}`} from
 * @property {`0x${string}`} to
 * @property {string} value Base units, as a decimal string.
 */

/** The tokens deployed on the first chain: a 6-decimals stablecoin and an 18-decimals token. */
/** @type {ReadonlyArray<{ readonly name: string, readonly symbol: string, readonly decimals: number, readonly mint: string }>} */
export const SANDBOX_TOKENS = Object.freeze([
  Object.freeze({ name: "Sandbox USD", symbol: "sUSD", decimals: 6, mint: "10000" }),
  Object.freeze({ name: "Sandbox Token", symbol: "SBX", decimals: 18, mint: "1000" })
])
/** How many of the first accounts get each token's `mint` amount. */
export const TOKEN_HOLDERS = 5

const artifact = JSON.parse(readFileSync(artifactOf("SandboxToken"), "utf8"))
/** The sandbox token's ABI (ERC-20 and its `mint`), for the sandbox parts that top up a treasury. */
export const SANDBOX_TOKEN_ABI = artifact.abi

/**
 * UTC seconds of `day` at `hour`:00 in the month `monthsAgo` months before `now`'s.
 * @param {Date} now
 * @param {number} monthsAgo
 * @param {number} day
 * @param {number} hour
 */
export const pastDay = (now, monthsAgo, day, hour) =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour) / 1000)

/**
 * {@link send} in a block with the given timestamp.
 * @param {string} url
 * @param {number} timestamp
 * @param {Record<string, unknown>} tx
 */
async function sendAt(url, timestamp, tx) {
  await rpc(url, "evm_setNextBlockTimestamp", [toHex(timestamp)])
  return send(url, tx)
}

/**
 * Seeds the first chain: deploys the tokens, mints them to the first accounts, and makes native and token
 * transfers two months ago and last month. Resolves to the tokens and the transfers made.
 * @param {{ readonly chainId: number, readonly rpcUrl: string }} chain A SandboxChain of chain.mjs.
 * @param {ReadonlyArray<{ readonly address: Hex }>} accounts The SandboxAccounts of chain.mjs.
 * @param {Date} now
 */
export async function seed(chain, accounts, now) {
  const url = chain.rpcUrl
  const [a0, a1, a2, a3, a4, a5] = /** @type {[Hex, Hex, Hex, Hex, Hex, Hex]} */ (
    accounts.slice(0, 6).map((a) => a.address)
  )
  /** @type {Array<SandboxTransfer>} */
  const history = []
  let clock = pastDay(now, 2, 3, 9)
  const tick = () => {
    clock += 61
    return clock
  }

  /** @type {Array<SandboxToken>} */
  const tokens = []
  for (const token of SANDBOX_TOKENS) {
    const data = encodeDeployData({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [token.name, token.symbol, token.decimals]
    })
    const { receipt } = await sendAt(url, tick(), { from: a0, data })
    if (receipt.contractAddress === null) throw new Error(`${token.symbol} deployed nothing`)
    tokens.push(
      Object.freeze({
        chainId: chain.chainId,
        address: getAddress(receipt.contractAddress),
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals
      })
    )
  }
  /**
   * @param {SandboxToken} token
   * @param {string} functionName
   * @param {ReadonlyArray<unknown>} args
   */
  const tokenCall = (token, functionName, args) => ({
    to: token.address,
    data: encodeFunctionData({ abi: artifact.abi, functionName, args })
  })
  for (const [i, token] of tokens.entries()) {
    const amount = parseUnits(SANDBOX_TOKENS[i]?.mint ?? "0", token.decimals)
    for (const holder of accounts.slice(0, TOKEN_HOLDERS)) {
      await sendAt(url, tick(), { from: a0, ...tokenCall(token, "mint", [holder.address, amount]) })
    }
  }

  const [sUSD, SBX] = /** @type {[SandboxToken, SandboxToken]} */ (tokens)
  // `value` is in base units, as a decimal string (JSON-safe).
  /**
   * @param {Hex} from
   * @param {Hex} to
   * @param {string} ether
   */
  const native = (from, to, ether) => ({
    record: { asset: "ETH", token: undefined, from, to, value: parseEther(ether).toString() },
    tx: { from, to, value: toHex(parseEther(ether)) }
  })
  /**
   * @param {SandboxToken} token
   * @param {Hex} from
   * @param {Hex} to
   * @param {string} amount
   */
  const erc20 = (token, from, to, amount) => ({
    record: {
      asset: token.symbol,
      token: token.address,
      from,
      to,
      value: parseUnits(amount, token.decimals).toString()
    },
    tx: { from, ...tokenCall(token, "transfer", [to, parseUnits(amount, token.decimals)]) }
  })
  // Each group is one day; days fall in the month two months ago and in last month.
  const days = [
    {
      at: pastDay(now, 2, 8, 14),
      transfers: [native(a1, a0, "2.5"), erc20(sUSD, a0, a1, "125.5"), erc20(SBX, a2, a0, "40")]
    },
    {
      at: pastDay(now, 2, 21, 10),
      transfers: [native(a0, a2, "1"), erc20(sUSD, a3, a0, "1250")]
    },
    {
      at: pastDay(now, 1, 6, 16),
      transfers: [native(a0, a3, "0.75"), erc20(SBX, a0, a4, "12.5"), erc20(sUSD, a0, a5, "42")]
    },
    {
      at: pastDay(now, 1, 19, 11),
      transfers: [native(a5, a0, "0.1"), erc20(SBX, a1, a0, "3.25")]
    }
  ]
  for (const day of days) {
    clock = Math.max(clock, day.at)
    for (const transfer of day.transfers) {
      const timestamp = tick()
      const { hash } = await sendAt(url, timestamp, transfer.tx)
      history.push(Object.freeze({ chainId: chain.chainId, hash, timestamp, ...transfer.record }))
    }
  }
  // Bring the chain back to the present: later blocks carry real time.
  await rpc(url, "evm_setNextBlockTimestamp", [toHex(Math.max(clock + 1, Math.floor(now.getTime() / 1000)))])
  await rpc(url, "evm_mine", [])
  return { tokens, history }
}
