// The provider API's answers for the sandbox's local Solana chain (`options.solana`, the object
// `startSandboxSolana()` of ../solana/chain.mjs resolves to): balances and history read over its JSON-RPC,
// as an indexer would, in the API's balance and history shapes.
import { formatUnits } from "viem"
import { UpstreamError } from "./indexer.mjs"

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
const SOL = Object.freeze({ name: "Solana", symbol: "SOL", decimals: 9 })
/** How many of an address's newest transactions the history reads. */
const HISTORY_DEPTH = 200

/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @typedef {{ name: string, symbol: string, decimals: number }} TokenInfo */

/**
 * `solana`: `{ chain, rpcUrl, mint: { address, name, symbol, decimals } }`; `balanceEntry(caip, token,
 * amount, contract, projectId)` and `transferOf`-like pricing come from the API (`priceOf`, `tokenIconUrl`).
 * @template B
 * @param {object} options
 * @param {Pick<SandboxSolana, "chain" | "rpcUrl" | "mint">} options.solana
 * @param {(caip: string, token: TokenInfo, amount: bigint, contract: string | undefined, projectId: string) => B} options.balanceEntry
 * @param {(symbol: string) => number} options.priceOf
 * @param {(symbol: string, projectId: string) => string} options.tokenIconUrl
 */
export function createSolanaHandlers({ solana, balanceEntry, priceOf, tokenIconUrl }) {
  const caip = solana.chain
  let id = 0
  /**
   * One JSON-RPC call to the chain; its result is JSON, unchecked.
   * @param {string} method
   * @param {ReadonlyArray<unknown>} params
   * @returns {Promise<any>}
   */
  const call = async (method, params) => {
    /** @type {any} */
    let body
    try {
      const response = await fetch(solana.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
        signal: AbortSignal.timeout(30_000)
      })
      body = await response.json()
    } catch (cause) {
      throw new UpstreamError(`${caip} unavailable`, { cause })
    }
    if (body?.error !== undefined) throw new UpstreamError(`${caip}: ${method}: ${body.error.message}`)
    return body.result
  }
  /**
   * The token's name, symbol and decimals: the sandbox's mint, else a generic SPL token.
   * @param {string} mint
   * @param {number} decimals
   * @returns {TokenInfo}
   */
  const tokenOf = (mint, decimals) =>
    mint === solana.mint.address
      ? { name: solana.mint.name, symbol: solana.mint.symbol, decimals: solana.mint.decimals }
      : { name: `SPL token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4), decimals }

  /**
   * SOL (always) and every SPL token the address holds a non-zero amount of.
   * @param {string} address
   * @param {string} projectId
   * @returns {Promise<Array<B>>}
   */
  const balances = async (address, projectId) => {
    const [lamports, accounts] = await Promise.all([
      call("getBalance", [address, { commitment: "confirmed" }]),
      call("getTokenAccountsByOwner", [address, { programId: TOKEN_PROGRAM }, { encoding: "jsonParsed" }])
    ])
    /** @type {Map<string, { amount: bigint, decimals: number }>} */
    const held = new Map()
    for (const { account } of accounts.value) {
      const info = account.data?.parsed?.info
      if (info === undefined) continue
      const previous = held.get(info.mint)
      held.set(info.mint, {
        amount: (previous?.amount ?? 0n) + BigInt(info.tokenAmount.amount),
        decimals: info.tokenAmount.decimals
      })
    }
    return [
      balanceEntry(caip, SOL, BigInt(lamports.value), undefined, projectId),
      ...[...held]
        .filter(([, { amount }]) => amount > 0n)
        .map(([mint, { amount, decimals }]) =>
          balanceEntry(caip, tokenOf(mint, decimals), amount, mint, projectId)
        )
    ]
  }

  /**
   * @param {TokenInfo} token
   * @param {bigint} delta
   * @param {string} projectId
   */
  const transfer = (token, delta, projectId) => {
    const numeric = formatUnits(delta < 0n ? -delta : delta, token.decimals)
    const price = priceOf(token.symbol)
    return {
      fungible_info: {
        name: token.name,
        symbol: token.symbol,
        icon: { url: tokenIconUrl(token.symbol, projectId) }
      },
      direction: delta < 0n ? "out" : "in",
      quantity: { numeric },
      value: Math.round(Number(numeric) * price * 1e6) / 1e6,
      price
    }
  }

  /**
   * One history entry for `address` from a `getTransaction` answer (json encoding), or undefined when the
   * transaction moved nothing of the address's. SOL moves are the balance changes without the fee.
   * @param {string} address
   * @param {string} signature
   * @param {any} tx The `getTransaction` answer (JSON).
   * @param {string} projectId
   */
  const entryOf = (address, signature, tx, projectId) => {
    /** @type {Array<string>} */
    const keys = tx.transaction.message.accountKeys.map((/** @type {string | { pubkey: string }} */ k) =>
      typeof k === "string" ? k : k.pubkey
    )
    const meta = tx.meta
    const feePayer = keys[0]
    const solDelta = (/** @type {number} */ i) =>
      BigInt(meta.postBalances[i]) - BigInt(meta.preBalances[i]) + (i === 0 ? BigInt(meta.fee) : 0n)
    /** @type {Map<string, { owner: string, mint: string, decimals: number, delta: bigint }>} */
    const tokenDeltas = new Map()
    /**
     * @param {ReadonlyArray<any> | undefined} list
     * @param {bigint} sign
     */
    const addToken = (list, sign) => {
      for (const b of list ?? []) {
        const key = `${b.owner}|${b.mint}`
        const entry = tokenDeltas.get(key) ?? {
          owner: b.owner,
          mint: b.mint,
          decimals: b.uiTokenAmount.decimals,
          delta: 0n
        }
        entry.delta += sign * BigInt(b.uiTokenAmount.amount)
        tokenDeltas.set(key, entry)
      }
    }
    addToken(meta.preTokenBalances, -1n)
    addToken(meta.postTokenBalances, 1n)
    const mine = keys.indexOf(address)
    /** @type {Array<ReturnType<typeof transfer>>} */
    const transfers = []
    /** @type {Array<string>} */
    const counterparties = []
    if (mine !== -1) {
      const delta = solDelta(mine)
      if (delta !== 0n) {
        transfers.push(transfer(SOL, delta, projectId))
        const other = keys.findIndex(
          (_, i) => i !== mine && (delta < 0n ? solDelta(i) > 0n : solDelta(i) < 0n)
        )
        const counterparty = keys[other]
        if (counterparty !== undefined) counterparties.push(counterparty)
      }
    }
    for (const entry of tokenDeltas.values()) {
      if (entry.owner !== address || entry.delta === 0n) continue
      transfers.push(transfer(tokenOf(entry.mint, entry.decimals), entry.delta, projectId))
      const other = [...tokenDeltas.values()].find(
        (e) =>
          e.owner !== address && e.mint === entry.mint && (entry.delta < 0n ? e.delta > 0n : e.delta < 0n)
      )
      if (other !== undefined) counterparties.push(other.owner)
    }
    if (transfers.length === 0 && feePayer !== address) return undefined
    const directions = transfers.map((t) => t.direction)
    const operationType =
      directions.length === 0
        ? "execute"
        : directions.every((d) => d === "in")
          ? "receive"
          : directions.every((d) => d === "out")
            ? "send"
            : "trade"
    const counterparty = counterparties[0] ?? ""
    const incoming = operationType === "receive"
    return {
      timestamp: Number(tx.blockTime),
      slot: Number(tx.slot),
      tx: {
        id: `${caip}:${signature}`,
        metadata: {
          operationType,
          hash: signature,
          chain: caip,
          minedAt: new Date(Number(tx.blockTime) * 1000).toISOString(),
          sentFrom: incoming ? counterparty || feePayer : address,
          sentTo: incoming ? address : counterparty,
          status: meta.err === null ? "confirmed" : "failed",
          nonce: Number(tx.slot)
        },
        transfers
      }
    }
  }

  /**
   * The address's transactions on the local chain, newest first: `{ timestamp, slot, tx }`.
   * @param {string} address
   * @param {string} projectId
   */
  const history = async (address, projectId) => {
    /** @type {Array<{ signature: string }>} */
    const signatures = await call("getSignaturesForAddress", [address, { limit: HISTORY_DEPTH }])
    const answers = await Promise.all(
      signatures.map((s) =>
        call("getTransaction", [s.signature, { encoding: "json", maxSupportedTransactionVersion: 0 }])
      )
    )
    return answers.flatMap((tx, i) => {
      if (tx === null) return []
      const entry = entryOf(address, signatures[i]?.signature ?? "", tx, projectId)
      return entry === undefined ? [] : [entry]
    })
  }

  return { chain: caip, balances, history }
}
