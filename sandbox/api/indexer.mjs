// Reads the sandbox chains for the Blockchain API: live balances (eth_getBalance, ERC-20 balanceOf) and an
// index of transfers built from the blocks (native value transfers from block transactions, ERC-20 Transfer
// logs from eth_getLogs). The index grows incrementally and starts over when the chain was rewound
// (anvil snapshots, resets), so it always describes the chain as it is now.
import { decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress } from "viem"

/** @typedef {`0x${string}`} Hex */
/**
 * One answer of a JSON-RPC batch: the node's result (JSON, unchecked), or its error.
 * @typedef {{ result?: any, error?: { code: number, message: string } }} RpcAnswer
 */
/** @typedef {[method: string, params: ReadonlyArray<unknown>]} RpcCall */
/**
 * An ERC-20 the index knows.
 * @typedef {{ address: Hex, name: string, symbol: string, decimals: number }} IndexedToken
 */
/** @typedef {{ token: IndexedToken, from: Hex, to: Hex, value: bigint, logIndex: number }} TokenTransfer */
/** @typedef {{ from: Hex, to: Hex, value: bigint }} NativeTransfer */
/**
 * A transaction that moved value, as indexed.
 * @typedef {object} IndexedTransaction
 * @property {number} chainId
 * @property {Hex} hash
 * @property {number} blockNumber
 * @property {number} txIndex
 * @property {number} timestamp
 * @property {Hex} from
 * @property {Hex | null} to
 * @property {number} nonce
 * @property {"pending" | "confirmed" | "failed"} status
 * @property {NativeTransfer | undefined} native
 * @property {Array<TokenTransfer>} transfers
 */
/**
 * A transaction's value moves that involve one address.
 * @typedef {{ record: IndexedTransaction, native: NativeTransfer | undefined, transfers: Array<TokenTransfer> }} Activity
 */
/** @typedef {ReturnType<typeof createChainIndex>} ChainIndex */

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
export const ZERO_ADDRESS = /** @type {const} */ ("0x0000000000000000000000000000000000000000")
/** Blocks fetched per round trip while indexing. */
const BLOCK_CHUNK = 100
/** Calls per JSON-RPC batch request. */
const BATCH_LIMIT = 100
const RPC_TIMEOUT_MS = 10_000

/** The chain node did not answer, or answered nonsense: the API answers 502. */
export class UpstreamError extends Error {
  /**
   * @param {string} message
   * @param {ErrorOptions} [options]
   */
  constructor(message, options) {
    super(message, options)
    this.name = "UpstreamError"
  }
}

let nextRpcId = 0

/**
 * A JSON-RPC batch against one node. Resolves to one `{ result }` or `{ error }` per call, in order;
 * rejects with {@link UpstreamError} when the node cannot be reached or does not answer JSON-RPC.
 * @param {string} url
 * @param {ReadonlyArray<RpcCall>} calls
 * @returns {Promise<Array<RpcAnswer>>}
 */
export async function rpcBatch(url, calls) {
  /** @type {Array<RpcAnswer>} */
  const out = []
  for (let start = 0; start < calls.length; start += BATCH_LIMIT) {
    const chunk = calls.slice(start, start + BATCH_LIMIT)
    const ids = chunk.map(() => ++nextRpcId)
    const payload = chunk.map(([method, params], i) => ({ jsonrpc: "2.0", id: ids[i], method, params }))
    /** @type {unknown} */
    let body
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS)
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      body = await response.json()
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : cause
      throw new UpstreamError(`chain node ${url} unavailable: ${reason}`, { cause })
    }
    if (!Array.isArray(body)) throw new UpstreamError(`chain node ${url} did not answer a batch`)
    /** @type {Map<unknown, { error?: RpcAnswer["error"], result?: unknown }>} */
    const byId = new Map(
      body.filter((item) => item !== null && typeof item === "object").map((i) => [i.id, i])
    )
    for (const id of ids) {
      const item = byId.get(id)
      out.push(
        item === undefined
          ? { error: { code: -32603, message: "no answer" } }
          : item.error !== undefined
            ? { error: item.error }
            : { result: item.result }
      )
    }
  }
  return out
}

/**
 * One call; rejects with {@link UpstreamError} on a JSON-RPC error too.
 * @param {string} url
 * @param {string} method
 * @param {ReadonlyArray<unknown>} [params]
 * @returns {Promise<any>} The node's result (JSON, unchecked).
 */
export async function rpcCall(url, method, params = []) {
  const [answer = {}] = await rpcBatch(url, [[method, params]])
  if (answer.error !== undefined) throw new UpstreamError(`${method}: ${answer.error.message}`)
  return answer.result
}

const hex = (/** @type {number} */ n) => `0x${n.toString(16)}`
const addressFromTopic = (/** @type {unknown} */ topic) =>
  typeof topic === "string" && /^0x[0-9a-fA-F]{64}$/.test(topic)
    ? getAddress(`0x${topic.slice(26)}`)
    : undefined

/**
 * @param {"decimals" | "symbol" | "name" | "balanceOf"} functionName
 * @param {RpcAnswer | undefined} answer
 */
const decodeCall = (functionName, answer) => {
  if (
    answer === undefined ||
    answer.error !== undefined ||
    typeof answer.result !== "string" ||
    answer.result === "0x"
  )
    return undefined
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: /** @type {Hex} */ (answer.result) })
  } catch {
    return undefined
  }
}

/**
 * The index of one chain. `knownTokens` skip probing; any other contract emitting `Transfer(address,address,
 * uint256)` is probed once for `decimals`, `symbol` and `name` and counted as an ERC-20 when they answer.
 * @param {{ chainId: number, rpcUrl: string, knownTokens?: ReadonlyArray<{ address: string, name: string, symbol: string, decimals: number }> }} options
 */
export function createChainIndex({ chainId, rpcUrl, knownTokens = [] }) {
  /** @type {Map<string, IndexedToken | null>} lower-case address → token metadata, or null for "not an ERC-20". */
  const tokens = new Map()
  for (const token of knownTokens) {
    tokens.set(token.address.toLowerCase(), {
      address: getAddress(token.address),
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals
    })
  }
  /** @returns {{ indexedTo: number, lastHash: string | undefined, records: Map<string, IndexedTransaction> }} */
  const fresh = () => ({ indexedTo: -1, lastHash: undefined, records: new Map() })
  let state = fresh()
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve()

  /** @param {ReadonlyArray<string>} addresses */
  const probeTokens = async (addresses) => {
    const unknown = [...new Set(addresses.map((a) => a.toLowerCase()))].filter((a) => !tokens.has(a))
    if (unknown.length === 0) return
    const calls = unknown.flatMap((address) =>
      /** @type {const} */ (["decimals", "symbol", "name"]).map(
        (functionName) =>
          /** @type {RpcCall} */ ([
            "eth_call",
            [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, "latest"]
          ])
      )
    )
    const answers = await rpcBatch(rpcUrl, calls)
    unknown.forEach((address, i) => {
      const decimals = decodeCall("decimals", answers[i * 3])
      const symbol = decodeCall("symbol", answers[i * 3 + 1])
      const name = decodeCall("name", answers[i * 3 + 2])
      tokens.set(
        address,
        typeof decimals === "number" && decimals <= 77
          ? {
              address: getAddress(address),
              symbol: typeof symbol === "string" && symbol !== "" ? symbol.slice(0, 32) : "UNKNOWN",
              name: typeof name === "string" && name !== "" ? name.slice(0, 64) : "Unknown token",
              decimals
            }
          : null
      )
    })
  }

  /**
   * @param {number} from
   * @param {number} to
   */
  const indexRange = async (from, to) => {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const blockAnswers = await rpcBatch(
      rpcUrl,
      numbers.map((n) => /** @type {RpcCall} */ (["eth_getBlockByNumber", [hex(n), true]]))
    )
    const blocks = blockAnswers.map((answer, i) => {
      if (answer.error !== undefined || answer.result === null || typeof answer.result !== "object")
        throw new UpstreamError(`block ${numbers[i]} of chain ${chainId} unavailable`)
      return answer.result
    })
    const logs = await rpcCall(rpcUrl, "eth_getLogs", [
      { fromBlock: hex(from), toBlock: hex(to), topics: [TRANSFER_TOPIC] }
    ])
    /** @type {Map<number, number>} */
    const timestamps = new Map()
    /** @type {Map<string, any>} hash → the node's transaction (JSON, unchecked) */
    const txByHash = new Map()
    /** @type {Array<any>} */
    const valueTxs = []
    for (const block of blocks) {
      timestamps.set(Number(block.number), Number(block.timestamp))
      for (const tx of Array.isArray(block.transactions) ? block.transactions : []) {
        if (tx === null || typeof tx !== "object") continue
        txByHash.set(tx.hash, tx)
        if (typeof tx.to === "string" && BigInt(tx.value ?? 0) > 0n) valueTxs.push(tx)
      }
    }
    const receipts = await rpcBatch(
      rpcUrl,
      valueTxs.map((tx) => /** @type {RpcCall} */ (["eth_getTransactionReceipt", [tx.hash]]))
    )
    /** @type {Array<any>} */
    const transferLogs = (Array.isArray(logs) ? logs : []).filter(
      (log) =>
        log?.removed !== true &&
        Array.isArray(log?.topics) &&
        log.topics.length === 3 &&
        typeof log.data === "string" &&
        /^0x[0-9a-fA-F]{64}$/.test(log.data) &&
        txByHash.has(log.transactionHash)
    )
    await probeTokens(transferLogs.map((log) => log.address))

    /**
     * @param {any} tx
     * @param {IndexedTransaction["status"]} status
     * @returns {IndexedTransaction}
     */
    const recordOf = (tx, status) => {
      let record = state.records.get(tx.hash)
      if (record === undefined) {
        const blockNumber = Number(tx.blockNumber)
        record = {
          chainId,
          hash: tx.hash,
          blockNumber,
          txIndex: Number(tx.transactionIndex ?? 0),
          timestamp: timestamps.get(blockNumber) ?? 0,
          from: getAddress(tx.from),
          to: typeof tx.to === "string" ? getAddress(tx.to) : null,
          nonce: Number(tx.nonce ?? 0),
          status,
          native: undefined,
          transfers: []
        }
        state.records.set(tx.hash, record)
      }
      return record
    }
    valueTxs.forEach((tx, i) => {
      const receipt = receipts[i]?.result
      const status =
        receipt === null || receipt === undefined
          ? "pending"
          : receipt.status === "0x1"
            ? "confirmed"
            : "failed"
      const record = recordOf(tx, status)
      record.native = { from: getAddress(tx.from), to: getAddress(tx.to), value: BigInt(tx.value) }
    })
    for (const log of transferLogs) {
      const token = tokens.get(log.address.toLowerCase())
      const from = addressFromTopic(log.topics[1])
      const to = addressFromTopic(log.topics[2])
      if (token == null || from === undefined || to === undefined) continue
      // Logs exist only for transactions that succeeded.
      const record = recordOf(txByHash.get(log.transactionHash), "confirmed")
      record.transfers.push({ token, from, to, value: BigInt(log.data), logIndex: Number(log.logIndex ?? 0) })
    }
    state.indexedTo = to
    state.lastHash = blocks.at(-1)?.hash
  }

  const syncNow = async () => {
    const latest = Number(await rpcCall(rpcUrl, "eth_blockNumber"))
    if (!Number.isSafeInteger(latest) || latest < 0) throw new UpstreamError("bad block number")
    if (state.indexedTo >= 0) {
      const tip =
        latest < state.indexedTo
          ? null
          : await rpcCall(rpcUrl, "eth_getBlockByNumber", [hex(state.indexedTo), false])
      // Rewound (evm_revert, anvil_reset): what was indexed may no longer exist. The chain is small.
      if (tip?.hash !== state.lastHash) state = fresh()
    }
    for (let from = state.indexedTo + 1; from <= latest; from += BLOCK_CHUNK) {
      await indexRange(from, Math.min(latest, from + BLOCK_CHUNK - 1))
    }
  }

  /**
   * Brings the index up to the chain's head; calls run one after another.
   * @returns {Promise<void>}
   */
  const sync = () => {
    const run = queue.then(syncNow)
    queue = run.catch(() => undefined)
    return run
  }

  return {
    chainId,
    rpcUrl,
    sync,
    /** The ERC-20 tokens known on this chain (given, or seen in Transfer logs). */
    tokens: () => [...tokens.values()].filter((token) => token !== null),
    /**
     * Transactions moving value to or from `address`, each with only the transfers that involve it:
     * `{ record, native?, transfers }`. Call `sync()` first.
     * @param {string} address
     * @returns {Array<Activity>}
     */
    activityOf: (address) => {
      const me = address.toLowerCase()
      const involves = (/** @type {{ from: string, to: string }} */ t) =>
        t.from.toLowerCase() === me || t.to.toLowerCase() === me
      /** @type {Array<Activity>} */
      const out = []
      for (const record of state.records.values()) {
        const native = record.native !== undefined && involves(record.native) ? record.native : undefined
        const transfers = record.transfers.filter(involves).sort((a, b) => a.logIndex - b.logIndex)
        if (native !== undefined || transfers.length > 0) out.push({ record, native, transfers })
      }
      return out
    },
    /**
     * Native and ERC-20 balances of `address` right now; zero token balances are left out.
     * @param {Hex} address
     * @returns {Promise<{ native: bigint, tokens: Array<{ token: IndexedToken, balance: bigint }> }>}
     */
    balancesOf: async (address) => {
      await sync()
      const known = [...tokens.values()].filter((token) => token !== null)
      const answers = await rpcBatch(rpcUrl, [
        ["eth_getBalance", [address, "latest"]],
        ...known.map(
          (token) =>
            /** @type {RpcCall} */ ([
              "eth_call",
              [
                {
                  to: token.address,
                  data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address] })
                },
                "latest"
              ]
            ])
        )
      ])
      const [nativeAnswer = {}, ...tokenAnswers] = answers
      if (nativeAnswer.error !== undefined || typeof nativeAnswer.result !== "string")
        throw new UpstreamError(`eth_getBalance failed on chain ${chainId}`)
      /** @type {Array<{ token: IndexedToken, balance: bigint }>} */
      const held = []
      known.forEach((token, i) => {
        const balance = decodeCall("balanceOf", tokenAnswers[i])
        if (typeof balance === "bigint" && balance > 0n) held.push({ token, balance })
      })
      return { native: BigInt(nativeAnswer.result), tokens: held }
    }
  }
}
