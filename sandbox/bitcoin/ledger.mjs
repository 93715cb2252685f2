// The local chain's state: blocks (one per accepted transaction), the transactions, the UTXO set, who
// spent what, and an index by address. `accept` runs validate.mjs against it and mines the transaction in
// a block of its own; `mint` mines a coinbase (the seed coins and the test faucet). Bounded: past the
// limits (transactions, their bytes, their outputs) every new transaction is refused with
// `sandbox-chain-full` until `reset()`, which also restores the seed.
import { sha256 } from "@noble/hashes/sha2"
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { Rejection, RPC_CODES, rejected } from "./reject.mjs"
import { addressOf } from "./script.mjs"
import { checkTransaction, decodeTransaction, txidOf } from "./validate.mjs"

/** Regtest's genesis block: its hash and time. Block 0 holds nothing spendable. */
export const REGTEST_GENESIS_HASH = "0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206"
const REGTEST_GENESIS_TIME = 1296688602
/** Regtest's proof-of-work limit, as every regtest block header carries it. */
const REGTEST_BITS = 0x207fffff

/** @typedef {{ readonly transactions: number, readonly bytes: number, readonly outputs: number }} Limits */
/**
 * How much the chain holds before it refuses new transactions (each limit can be lowered for tests).
 * @type {Limits}
 */
export const DEFAULT_LIMITS = Object.freeze({
  transactions: 20_000,
  bytes: 64 * 1024 * 1024,
  outputs: 200_000
})

/** @typedef {import("./signatures.mjs").Prevout} Prevout */
/**
 * @typedef {object} Block
 * @property {number} height
 * @property {string} hash
 * @property {string} previous The previous block's hash ("" for genesis).
 * @property {number} time Unix seconds.
 * @property {ReadonlyArray<string>} txids
 */
/**
 * A transaction in the chain.
 * @typedef {object} ChainTx
 * @property {string} txid
 * @property {Uint8Array} bytes
 * @property {number} size
 * @property {number} weight
 * @property {Block} block
 * @property {bigint} fee 0 for a coinbase.
 * @property {ReadonlyArray<Prevout> | undefined} prevouts undefined for a coinbase.
 */
/** @typedef {{ readonly txid: string, readonly vin: number, readonly height: number }} Spend */
/** @typedef {ReturnType<typeof createLedger>} Ledger */

/** @param {Uint8Array} bytes */
const hash256 = (bytes) => sha256(sha256(bytes))
const le32 = (/** @type {number} */ n) => {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n >>> 0, true)
  return out
}

/**
 * A block header's hash over the block's one transaction (its merkle root is that txid). No proof of work:
 * regtest's target accepts almost any header, and nothing here checks it.
 * @param {string} previous
 * @param {string} txid
 * @param {number} time
 */
const blockHashOf = (previous, txid, time) => {
  const header = new Uint8Array(80)
  header.set(le32(0x20000000), 0)
  header.set(hex.decode(previous).reverse(), 4)
  header.set(hex.decode(txid).reverse(), 36)
  header.set(le32(time), 68)
  header.set(le32(REGTEST_BITS), 72)
  return hex.encode(hash256(header).reverse())
}

/**
 * BIP-34's height push at the start of a coinbase's scriptSig (OP_1 to OP_16, else a minimal script number).
 * @param {number} height
 */
const heightPush = (height) => {
  if (height >= 1 && height <= 16) return Uint8Array.of(0x50 + height)
  /** @type {Array<number>} */
  const bytes = []
  for (let n = height; n > 0; n = Math.floor(n / 256)) bytes.push(n % 256)
  if ((bytes.at(-1) ?? 0) & 0x80) bytes.push(0)
  return Uint8Array.of(bytes.length, ...bytes)
}

/**
 * @param {object} [options]
 * @param {() => number} [options.now] Milliseconds since 1970 (block times); default Date.now.
 * @param {Partial<Limits>} [options.limits]
 * @param {bigint} [options.minRelaySatPerVb] Default 1.
 */
export function createLedger({ now = Date.now, limits = {}, minRelaySatPerVb = 1n } = {}) {
  const limit = { ...DEFAULT_LIMITS, ...limits }
  const empty = () => ({
    /** @type {Array<Block>} */
    blocks: [{ height: 0, hash: REGTEST_GENESIS_HASH, previous: "", time: REGTEST_GENESIS_TIME, txids: [] }],
    /** @type {Map<string, ChainTx>} */
    txs: new Map(),
    /** @type {Map<string, Prevout & { readonly height: number }>} "txid:vout" of every unspent output. */
    utxos: new Map(),
    /** @type {Map<string, Spend>} "txid:vout" of every spent output. */
    spends: new Map(),
    /** @type {Map<string, Array<string>>} An address's txids, oldest first (funding or spending it). */
    byAddress: new Map(),
    bytes: 0,
    outputs: 0
  })
  let state = empty()

  const tip = () => /** @type {Block} */ (state.blocks.at(-1))

  /**
   * Mines `decoded` (already checked) in a new block and applies it to the UTXO set.
   * @param {import("./validate.mjs").DecodedTx} decoded
   * @param {ReadonlyArray<Prevout> | undefined} prevouts
   * @param {bigint} fee
   */
  const mine = (decoded, prevouts, fee) => {
    const { txid, raw } = decoded
    if (
      state.txs.size + 1 > limit.transactions ||
      state.bytes + decoded.size > limit.bytes ||
      state.outputs + raw.outputs.length > limit.outputs
    )
      throw rejected(
        "sandbox-chain-full",
        `the sandbox chain holds its limit (${limit.transactions} transactions, ${limit.bytes} bytes, ${limit.outputs} outputs); POST /__sandbox/reset starts it over`
      )
    const previous = tip()
    const time = Math.max(previous.time + 1, Math.floor(now() / 1000))
    const height = previous.height + 1
    /** @type {Block} */
    const block = Object.freeze({
      height,
      hash: blockHashOf(previous.hash, txid, time),
      previous: previous.hash,
      time,
      txids: Object.freeze([txid])
    })
    state.blocks.push(block)
    state.txs.set(txid, {
      txid,
      bytes: decoded.bytes,
      size: decoded.size,
      weight: decoded.weight,
      block,
      fee,
      prevouts: prevouts === undefined ? undefined : Object.freeze([...prevouts])
    })
    state.bytes += decoded.size
    state.outputs += raw.outputs.length
    /** @type {Set<string>} */
    const touched = new Set()
    if (prevouts !== undefined)
      raw.inputs.forEach((input, vin) => {
        const key = `${hex.encode(input.txid)}:${input.index}`
        state.utxos.delete(key)
        state.spends.set(key, { txid, vin, height })
        const address = addressOf(/** @type {Prevout} */ (prevouts[vin]).script)
        if (address !== undefined) touched.add(address)
      })
    raw.outputs.forEach((output, vout) => {
      const address = addressOf(output.script)
      // OP_RETURN outputs are provably unspendable: they never enter the UTXO set.
      if (output.script[0] !== 0x6a)
        state.utxos.set(`${txid}:${vout}`, { value: output.amount, script: output.script, height })
      if (address !== undefined) touched.add(address)
    })
    for (const address of touched) {
      const list = state.byAddress.get(address) ?? []
      list.push(txid)
      state.byAddress.set(address, list)
    }
    return txid
  }

  return {
    /**
     * Checks raw transaction hex and, when valid, mines it in a block of its own: answers its txid, or
     * throws a Rejection (Bitcoin Core's code and reject reason).
     * @param {string} rawHex
     * @returns {string}
     */
    accept(rawHex) {
      const decoded = decodeTransaction(rawHex)
      const next = tip()
      const { prevouts, fee } = checkTransaction(decoded, {
        coin: (txid, vout) => state.utxos.get(`${txid}:${vout}`),
        known: (txid) => state.txs.has(txid),
        height: next.height + 1,
        time: Math.max(next.time + 1, Math.floor(now() / 1000)),
        minRelaySatPerVb,
        maxSatPerVb: 10_000n
      })
      return mine(decoded, prevouts, fee)
    },

    /**
     * Mines a coinbase paying `outputs` (output scripts and amounts): the seed coins and the tests'
     * faucet. Answers its txid. Coinbase maturity is not enforced: its coins can be spent at once.
     * @param {ReadonlyArray<{ readonly script: Uint8Array, readonly sats: bigint }>} outputs
     * @param {string} tag Written in the coinbase's scriptSig after the height.
     */
    mint(outputs, tag) {
      if (outputs.length === 0) throw new Rejection(RPC_CODES.VERIFY_REJECTED, "bad-txns-vout-empty")
      const scriptSig = Uint8Array.from([
        ...heightPush(tip().height + 1),
        ...btc.Script.encode([new TextEncoder().encode(tag.slice(0, 60))])
      ])
      const raw = {
        version: 2,
        segwitFlag: false,
        inputs: [
          { txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: scriptSig, sequence: 0xffffffff }
        ],
        outputs: outputs.map((o) => ({ amount: o.sats, script: o.script })),
        witnesses: undefined,
        lockTime: 0
      }
      const bytes = btc.RawTx.encode(raw)
      const decoded = {
        txid: txidOf(raw),
        bytes,
        size: bytes.length,
        weight: bytes.length * 4,
        vsize: bytes.length,
        raw: btc.RawTx.decode(bytes)
      }
      return mine(decoded, undefined, 0n)
    },

    /** Drops every block after genesis. */
    clear() {
      state = empty()
    },

    tip,
    /** @param {number} height */
    blockAt: (height) => state.blocks[height],
    /** @param {string} hash */
    blockByHash: (hash) => state.blocks.find((b) => b.hash === hash),
    /** @param {string} txid */
    tx: (txid) => state.txs.get(txid),
    /**
     * Who spent output `vout` of `txid`, if anyone.
     * @param {string} txid
     * @param {number} vout
     */
    spendOf: (txid, vout) => state.spends.get(`${txid}:${vout}`),
    /**
     * @param {string} txid
     * @param {number} vout
     */
    utxo: (txid, vout) => state.utxos.get(`${txid}:${vout}`),
    /**
     * The address's transactions, oldest first.
     * @param {string} address
     * @returns {ReadonlyArray<string>}
     */
    txidsOf: (address) => state.byAddress.get(address) ?? [],
    /** How much the chain holds, against its limits. */
    usage: () => ({
      transactions: state.txs.size,
      bytes: state.bytes,
      outputs: state.outputs,
      utxos: state.utxos.size,
      limits: limit
    })
  }
}
