// The RPC proxy (`POST /v1?chainId=…`): JSON-RPC, single or batch, forwarded to a sandbox chain's node or to
// the local Solana chain, refusing what a public RPC refuses (node control, signing with node keys) the way
// it would. Apart from the read endpoints: it answers in JSON-RPC, not in the API's shapes.
import { BODY_LIMITS, json, readBody } from "./http.mjs"
import { UpstreamError } from "./indexer.mjs"

/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { ApiChain, chainLookup } from "./apiChains.mjs" */
/** @import { Reply, RouteContext } from "./http.mjs" */
/** @import { createSolanaHandlers } from "./solana.mjs" */

/** What the proxy forwards to the local Solana chain (`options.solana`): reads, send and simulate. */
const SOLANA_PROXY_METHODS = new Set([
  "getHealth",
  "getVersion",
  "getGenesisHash",
  "getSlot",
  "getBlockHeight",
  "getEpochInfo",
  "getTransactionCount",
  "getLatestBlockhash",
  "isBlockhashValid",
  "getBalance",
  "getAccountInfo",
  "getMultipleAccounts",
  "getTokenAccountsByOwner",
  "getTokenAccountBalance",
  "getTokenSupply",
  "getMinimumBalanceForRentExemption",
  "getFeeForMessage",
  "getRecentPrioritizationFees",
  "getSignatureStatuses",
  "getSignaturesForAddress",
  "getTransaction",
  "sendTransaction",
  "simulateTransaction"
])

const MAX_RPC_BATCH = 100
/** JSON-RPC methods the proxy refuses, like a public RPC would: node control, signing with node keys. */
const BLOCKED_RPC =
  /^(anvil_|evm_|hardhat_|debug_|personal_|admin_|miner_|txpool_)|^eth_(sendTransaction|sign|signTransaction|signTypedData(_v\d)?)$/

/**
 * The proxy over the API's chains; `localSolana` (with `solana`, its RPC) is the local Solana chain, absent
 * when not running.
 * @param {object} options
 * @param {ReturnType<typeof chainLookup>} options.requireChain
 * @param {ReturnType<typeof createSolanaHandlers> | undefined} options.localSolana
 * @param {Pick<SandboxSolana, "rpcUrl"> | undefined} options.solana
 */
export function createRpcProxy({ requireChain, localSolana, solana }) {
  /**
   * @param {unknown} id
   * @param {number} code
   * @param {string} text
   */
  const rpcError = (id, code, text) => ({ jsonrpc: "2.0", id: id ?? null, error: { code, message: text } })
  /**
   * A local answer for a request the proxy does not forward, or undefined to forward it.
   * @param {any} request One JSON-RPC request off the wire, checked here.
   * @param {{ solana: boolean }} target
   */
  const screen = (request, target) => {
    if (
      request === null ||
      typeof request !== "object" ||
      Array.isArray(request) ||
      typeof request.method !== "string"
    )
      return rpcError(request?.id, -32600, "Invalid request")
    if (target.solana)
      return SOLANA_PROXY_METHODS.has(request.method)
        ? undefined
        : rpcError(request.id, -32601, `Method ${request.method.slice(0, 64)} is not served by this RPC`)
    if (request.method === "eth_accounts") return { jsonrpc: "2.0", id: request.id ?? null, result: [] }
    if (BLOCKED_RPC.test(request.method))
      return rpcError(request.id, -32601, `Method ${request.method.slice(0, 64)} is not served by this RPC`)
    return undefined
  }

  /**
   * @param {RouteContext} context
   * @returns {Promise<Reply>}
   */
  const rpcProxy = async ({ req, query }) => {
    const rawChain = query.get("chainId")
    // The local Solana chain: its reads, send and simulate (no airdrop, like no anvil_* on the EVM chains).
    const target =
      localSolana !== undefined && solana !== undefined && rawChain === localSolana.chain
        ? { solana: true, rpcUrl: solana.rpcUrl, name: localSolana.chain }
        : undefined
    /** @param {ApiChain} chain */
    const upstreamOf = (chain) => ({
      solana: false,
      rpcUrl: chain.index.rpcUrl,
      name: `chain ${chain.chainId}`
    })
    const upstream = target ?? upstreamOf(requireChain(rawChain, { required: true }))
    const text = await readBody(req, BODY_LIMITS.rpc)
    /** @type {unknown} */
    let payload
    try {
      payload = JSON.parse(text)
    } catch {
      return json(400, rpcError(null, -32700, "Parse error"))
    }
    const single = !Array.isArray(payload)
    /** @type {Array<any>} */
    const calls = Array.isArray(payload) ? payload : [payload]
    if (!single && (calls.length === 0 || calls.length > MAX_RPC_BATCH))
      return json(400, rpcError(null, -32600, `A batch holds 1 to ${MAX_RPC_BATCH} requests`))
    const local = calls.map((call) => screen(call, upstream))
    const forward = calls.filter((_, i) => local[i] === undefined)
    if (forward.length === 0) return json(200, single ? local[0] : local)
    let status = 0
    let answer = ""
    try {
      const response = await fetch(upstream.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(single ? forward[0] : forward),
        signal: AbortSignal.timeout(30_000)
      })
      status = response.status
      answer = await response.text()
    } catch (cause) {
      throw new UpstreamError(`${upstream.name} unavailable`, { cause })
    }
    if (single)
      return { status, headers: { "content-type": "application/json; charset=utf-8" }, body: answer }
    /** @type {unknown} */
    let answers
    try {
      answers = JSON.parse(answer)
    } catch {
      throw new UpstreamError(`${upstream.name} answered a batch with non-JSON`)
    }
    if (!Array.isArray(answers))
      return { status, headers: { "content-type": "application/json" }, body: answer }
    const upstreamAnswers = answers
    let next = 0
    return json(
      200,
      calls.map(
        (call, i) =>
          local[i] ?? upstreamAnswers[next++] ?? rpcError(call.id, -32603, "No answer from the node")
      )
    )
  }
  return rpcProxy
}
