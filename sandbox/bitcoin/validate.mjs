// What the local chain checks before it accepts a raw transaction, in Bitcoin Core's order and words:
// decoding, the context-free consensus checks (CheckTransaction), standardness (IsStandardTx), finality,
// the inputs against the UTXO set, amounts and fees, and every input's signature (signatures.mjs). Pure:
// the chain's state comes in as a `ChainView`.
import { sha256 } from "@noble/hashes/sha2"
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { RawOldTx } from "@scure/btc-signer/script.js"
import { Rejection, RPC_CODES, rejected } from "./reject.mjs"
import { dustThresholdOf, formatBtc, isPushOnly, standardTypeOf } from "./script.mjs"
import { verifyInput } from "./signatures.mjs"

/** Consensus: 21 million BTC. */
export const MAX_MONEY = 2_100_000_000_000_000n
/** Policy: Bitcoin Core's MAX_STANDARD_TX_WEIGHT (100 000 vbytes). */
export const MAX_STANDARD_TX_WEIGHT = 400_000
/** Consensus: a transaction's stripped size may not pass the block's 1 MB. */
const MAX_BLOCK_BASE_SIZE = 1_000_000
/** Policy: the largest standard scriptSig. */
const MAX_STANDARD_SCRIPTSIG_SIZE = 1650
/** Policy: Core's smallest standard transaction (a 64-byte one could pass for a merkle node). */
const MIN_STANDARD_TX_NONWITNESS_SIZE = 65
/** Locktimes from here on are Unix times, below it block heights. */
const LOCKTIME_THRESHOLD = 500_000_000
const FINAL_SEQUENCE = 0xffffffff
const COINBASE_TXID = "0".repeat(64)

/** @typedef {import("./signatures.mjs").Prevout} Prevout */
/**
 * A raw transaction, decoded.
 * @typedef {object} DecodedTx
 * @property {string} txid
 * @property {Uint8Array} bytes As sent (with its witnesses).
 * @property {number} size Bytes with witnesses.
 * @property {number} weight
 * @property {number} vsize
 * @property {ReturnType<typeof btc.RawTx.decode>} raw
 */
/**
 * What the checks need of the chain.
 * @typedef {object} ChainView
 * @property {(txid: string, vout: number) => Prevout | undefined} coin An unspent output, or undefined.
 * @property {(txid: string) => boolean} known Whether the chain holds this transaction.
 * @property {number} height The height of the block that would hold the transaction.
 * @property {number} time Unix seconds of that block.
 * @property {bigint} minRelaySatPerVb Core's -minrelaytxfee (1 sat/vB).
 * @property {bigint} maxSatPerVb sendrawtransaction's maxfeerate (Core's default 0.10 BTC/kvB).
 */

/** @param {ReturnType<typeof btc.RawTx.decode>} raw The serialization without witnesses. */
const strip = (raw) => btc.RawTx.encode({ ...raw, segwitFlag: false, witnesses: undefined })

/** @param {Uint8Array} bytes */
const hash256 = (bytes) => sha256(sha256(bytes))

/**
 * The txid of a transaction: the double SHA-256 of its serialization without witnesses, byte-reversed.
 * @param {ReturnType<typeof btc.RawTx.decode>} raw
 */
export const txidOf = (raw) => hex.encode(hash256(strip(raw)).reverse())

/** @scure/btc-signer parses any script here: standardness is checked by this module, with Core's words. */
const LENIENT = Object.freeze({
  allowUnknownOutputs: true,
  allowUnknownInputs: true,
  disableScriptCheck: true
})

/**
 * Decodes raw transaction hex (what `POST /tx` receives), or throws Core's `TX decode failed` (-22).
 * Only the canonical encoding is accepted: re-encoding must give back the same bytes.
 * @param {string} text
 * @returns {DecodedTx}
 */
export function decodeTransaction(text) {
  const failed = () => new Rejection(RPC_CODES.DESERIALIZATION_ERROR, "TX decode failed")
  const trimmed = text.trim()
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(trimmed)) throw failed()
  const bytes = hex.decode(trimmed.toLowerCase())
  // As Core's sendrawtransaction: the extended (segwit) serialization first, then the legacy one (which is
  // how a transaction without inputs, whose empty input count reads as a segwit marker, decodes).
  const raw = decodeExtended(bytes) ?? decodeLegacy(bytes)
  if (raw === undefined) throw failed()
  const base = strip(raw).length
  const weight = base * 3 + bytes.length
  return {
    txid: txidOf(raw),
    bytes,
    size: bytes.length,
    weight,
    vsize: Math.ceil(weight / 4),
    raw
  }
}

/**
 * The segwit serialization, canonical only (re-encoding gives back the same bytes); a segwit marker with no
 * witness at all is a superfluous witness record, which Core refuses too.
 * @param {Uint8Array} bytes
 */
const decodeExtended = (bytes) => {
  try {
    const raw = btc.RawTx.decode(bytes)
    if (raw.segwitFlag && !(raw.witnesses ?? []).some((w) => w.length > 0)) return undefined
    return equal(btc.RawTx.encode(raw), bytes) ? raw : undefined
  } catch {
    return undefined
  }
}

/**
 * The legacy serialization (no marker, no witnesses), canonical only.
 * @param {Uint8Array} bytes
 */
const decodeLegacy = (bytes) => {
  try {
    const old = RawOldTx.decode(bytes)
    const raw = { ...old, segwitFlag: false, witnesses: undefined }
    return equal(btc.RawTx.encode(raw), bytes) ? raw : undefined
  } catch {
    return undefined
  }
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
const equal = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * Whether a decoded input is a coinbase's (the null outpoint).
 * @param {{ txid: Uint8Array, index: number }} input
 */
export const isCoinbaseInput = (input) =>
  input.index === 0xffffffff && hex.encode(input.txid) === COINBASE_TXID

/**
 * Runs every check on `decoded` against `view`; answers the prevouts and the fee, or throws a Rejection.
 * @param {DecodedTx} decoded
 * @param {ChainView} view
 * @returns {{ prevouts: Array<Prevout>, fee: bigint }}
 */
export function checkTransaction(decoded, view) {
  const { raw } = decoded
  // CheckTransaction (consensus, context-free).
  if (raw.inputs.length === 0) throw rejected("bad-txns-vin-empty")
  if (raw.outputs.length === 0) throw rejected("bad-txns-vout-empty")
  if (strip(raw).length * 4 > MAX_BLOCK_BASE_SIZE * 4) throw rejected("bad-txns-oversize")
  let totalOut = 0n
  for (const output of raw.outputs) {
    if (output.amount < 0n) throw rejected("bad-txns-vout-negative")
    if (output.amount > MAX_MONEY) throw rejected("bad-txns-vout-toolarge")
    totalOut += output.amount
    if (totalOut > MAX_MONEY) throw rejected("bad-txns-txouttotal-toolarge")
  }
  const outpoints = raw.inputs.map((input) => `${hex.encode(input.txid)}:${input.index}`)
  if (new Set(outpoints).size !== outpoints.length) throw rejected("bad-txns-inputs-duplicate")
  if (raw.inputs.some(isCoinbaseInput))
    throw rejected(raw.inputs.length === 1 ? "coinbase" : "bad-txns-prevout-null")

  // IsStandardTx (policy).
  if (raw.version < 1 || raw.version > 3) throw rejected("version")
  if (decoded.weight > MAX_STANDARD_TX_WEIGHT) throw rejected("tx-size")
  for (const input of raw.inputs) {
    if (input.finalScriptSig.length > MAX_STANDARD_SCRIPTSIG_SIZE) throw rejected("scriptsig-size")
    if (!isPushOnly(input.finalScriptSig)) throw rejected("scriptsig-not-pushonly")
  }
  let opReturns = 0
  for (const output of raw.outputs) {
    const type = standardTypeOf(output.script)
    if (type === undefined) throw rejected("scriptpubkey")
    if (type === "op_return") opReturns++
    else if (output.amount < dustThresholdOf(output.script)) throw rejected("dust")
  }
  if (opReturns > 1) throw rejected("multi-op-return")
  if (strip(raw).length < MIN_STANDARD_TX_NONWITNESS_SIZE) throw rejected("tx-size-small")

  // Finality: a locktime in the future binds unless every input opted out with a final sequence.
  const lockTime = raw.lockTime
  if (
    lockTime !== 0 &&
    lockTime >= (lockTime < LOCKTIME_THRESHOLD ? view.height : view.time) &&
    raw.inputs.some((input) => input.sequence !== FINAL_SEQUENCE)
  )
    throw rejected("non-final")

  if (view.known(decoded.txid))
    throw new Rejection(RPC_CODES.VERIFY_ALREADY_IN_CHAIN, "Transaction already in block chain")

  // The inputs against the UTXO set.
  /** @type {Array<Prevout>} */
  const prevouts = []
  for (const input of raw.inputs) {
    const coin = view.coin(hex.encode(input.txid), input.index)
    if (coin === undefined) throw new Rejection(RPC_CODES.VERIFY_ERROR, "bad-txns-inputs-missingorspent")
    prevouts.push(coin)
  }
  const totalIn = prevouts.reduce((sum, p) => sum + p.value, 0n)
  if (totalIn < totalOut)
    throw rejected(
      "bad-txns-in-belowout",
      `value in (${formatBtc(totalIn)}) < value out (${formatBtc(totalOut)})`
    )
  const fee = totalIn - totalOut
  const minFee = BigInt(decoded.vsize) * view.minRelaySatPerVb
  if (fee < minFee) throw rejected("min relay fee not met", `${fee} < ${minFee}`)

  // Every input's signature against its prevout (@scure/btc-signer computes the sighashes; it knows
  // versions 1 to 3, the standard ones checked above).
  const tx = btc.Transaction.fromRaw(decoded.bytes, LENIENT)
  for (let idx = 0; idx < raw.inputs.length; idx++) verifyInput(tx, idx, prevouts)

  if (fee > BigInt(decoded.vsize) * view.maxSatPerVb)
    throw new Rejection(
      RPC_CODES.VERIFY_ERROR,
      "Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)"
    )
  return { prevouts, fee }
}
