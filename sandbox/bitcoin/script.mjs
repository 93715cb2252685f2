// Output scripts as the local chain and its Esplora API see them: the standard types (by their exact byte
// patterns, as Bitcoin Core's Solver matches them), their regtest addresses, Esplora's type names and asm
// text, and Bitcoin Core's dust thresholds. Pure functions.
import { ripemd160 } from "@noble/hashes/legacy"
import { sha256 } from "@noble/hashes/sha2"
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { REGTEST } from "./accounts.mjs"

/** The largest OP_RETURN output script that is standard (Bitcoin Core's -datacarriersize 80, plus 3). */
export const MAX_OP_RETURN_SCRIPT = 83
/** Bitcoin Core's -dustrelayfee: 3 sat/vB. */
const DUST_RELAY_SAT_PER_VB = 3n
const SATS_PER_BTC = 100_000_000n

const regtestAddress = btc.Address(REGTEST)

/**
 * The Esplora names of the output types the chain treats as standard.
 * @typedef {"p2pkh" | "p2sh" | "v0_p2wpkh" | "v0_p2wsh" | "v1_p2tr" | "op_return"} StandardType
 */

/**
 * Which standard type `script` is, or `undefined` for any other script (non-standard here: bare keys,
 * bare multisig, unknown witness versions, oversized or non-push OP_RETURN).
 * @param {Uint8Array} s
 * @returns {StandardType | undefined}
 */
export function standardTypeOf(s) {
  if (s.length === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac)
    return "p2pkh"
  if (s.length === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return "p2sh"
  if (s.length === 22 && s[0] === 0x00 && s[1] === 0x14) return "v0_p2wpkh"
  if (s.length === 34 && s[0] === 0x00 && s[1] === 0x20) return "v0_p2wsh"
  if (s.length === 34 && s[0] === 0x51 && s[1] === 0x20) return "v1_p2tr"
  if (s.length >= 1 && s[0] === 0x6a && s.length <= MAX_OP_RETURN_SCRIPT && isPushOnly(s.subarray(1)))
    return "op_return"
  return undefined
}

/**
 * Esplora's `scriptpubkey_type` of any script.
 * @param {Uint8Array} script
 */
export const esploraTypeOf = (script) =>
  standardTypeOf(script) ?? (script.length === 0 ? "empty" : script[0] === 0x6a ? "op_return" : "unknown")

/**
 * The regtest address that `script` pays, or `undefined` (OP_RETURN and non-standard scripts).
 * @param {Uint8Array} script
 * @returns {string | undefined}
 */
export function addressOf(script) {
  const type = standardTypeOf(script)
  if (type === undefined || type === "op_return") return undefined
  return regtestAddress.encode(btc.OutScript.decode(script))
}

/**
 * The output script a regtest address pays to, or `undefined` for anything that is not a valid regtest
 * address of a standard type (mainnet and testnet addresses included).
 * @param {string} address
 * @returns {Uint8Array | undefined}
 */
export function scriptOf(address) {
  if (typeof address !== "string" || address.length > 90) return undefined
  try {
    const script = btc.OutScript.encode(regtestAddress.decode(address))
    const type = standardTypeOf(script)
    // One spelling per script: the canonical (lower-case bech32) form.
    return type !== undefined && type !== "op_return" && addressOf(script) === address ? script : undefined
  } catch {
    return undefined
  }
}

/**
 * Bitcoin Core's dust threshold of an output (GetDustThreshold at the default 3 sat/vB): what spending it
 * would cost. OP_RETURN outputs have none. p2pkh 546, p2sh 540, p2wpkh 294, p2wsh and p2tr 330.
 * @param {Uint8Array} script
 * @returns {bigint}
 */
export function dustThresholdOf(script) {
  if (script[0] === 0x6a) return 0n
  const outputSize = 8 + compactSizeLength(script.length) + script.length
  const version = script[0] ?? 0xff
  const witness =
    script.length >= 4 &&
    script.length <= 42 &&
    (version === 0 || (version >= 0x51 && version <= 0x60)) &&
    script[1] === script.length - 2
  // The input that spends it: 32+4+1+4 bytes and a 107-byte signature and key (a quarter in a witness).
  const inputSize = 32 + 4 + 1 + 4 + (witness ? Math.floor(107 / 4) : 107)
  return BigInt(outputSize + inputSize) * DUST_RELAY_SAT_PER_VB
}

/** @param {number} n */
const compactSizeLength = (n) => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5)

/**
 * Each push of a push-only script, or `undefined` when `script` holds an opcode that is not a push or is
 * cut short.
 * @param {Uint8Array} script
 * @returns {Array<Uint8Array> | undefined}
 */
export function pushesOf(script) {
  /** @type {Array<Uint8Array>} */
  const pushes = []
  let i = 0
  while (i < script.length) {
    const op = /** @type {number} */ (script[i++])
    let length
    if (op === 0) length = 0
    else if (op <= 0x4b) length = op
    else if (op === 0x4c) length = script[i++]
    else if (op === 0x4d) {
      length = (script[i] ?? 0) | ((script[i + 1] ?? 0) << 8)
      i += 2
    } else if (op === 0x4e) {
      length =
        ((script[i] ?? 0) | ((script[i + 1] ?? 0) << 8) | ((script[i + 2] ?? 0) << 16)) +
        (script[i + 3] ?? 0) * 2 ** 24
      i += 4
    } else if (op === 0x4f || (op >= 0x51 && op <= 0x60)) {
      pushes.push(Uint8Array.of(op === 0x4f ? 0x81 : op - 0x50))
      continue
    } else return undefined
    if (length === undefined || i + length > script.length) return undefined
    pushes.push(script.subarray(i, i + length))
    i += length
  }
  return pushes
}

/** @param {Uint8Array} script */
export const isPushOnly = (script) => pushesOf(script) !== undefined

/** Opcode names by value, as Esplora (rust-bitcoin) writes them. */
const OP_NAMES = new Map(
  Object.entries(btc.OP)
    .filter(([, code]) => typeof code === "number")
    .map(([name, code]) => [/** @type {number} */ (code), name.startsWith("OP_") ? name : `OP_${name}`])
)

/**
 * Esplora's asm text of a script: `OP_0 OP_PUSHBYTES_20 ab…`, `OP_PUSHNUM_1 OP_PUSHBYTES_32 …`.
 * @param {Uint8Array} script
 * @returns {string}
 */
export function asmOf(script) {
  /** @type {Array<string>} */
  const words = []
  let i = 0
  while (i < script.length) {
    const op = /** @type {number} */ (script[i++])
    if (op >= 0x01 && op <= 0x4e) {
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : op === 0x4e ? 4 : 0
      let length = op
      if (width > 0) {
        length = 0
        for (let k = 0; k < width; k++) length += (script[i + k] ?? 0) * 256 ** k
        i += width
      }
      if (i + length > script.length) {
        words.push("<push past end>")
        break
      }
      words.push(
        width === 0 ? `OP_PUSHBYTES_${op}` : `OP_PUSHDATA${width === 4 ? 4 : width}`,
        hex.encode(script.subarray(i, i + length))
      )
      i += length
    } else if (op === 0x4f) words.push("OP_PUSHNUM_NEG1")
    else if (op >= 0x51 && op <= 0x60) words.push(`OP_PUSHNUM_${op - 0x50}`)
    else words.push(OP_NAMES.get(op) ?? `OP_RETURN_${op}`)
  }
  return words.join(" ")
}

/**
 * Bitcoin Core's FormatMoney: BTC with at least two decimals, trailing zeros dropped (`0.50`, `0.00012`).
 * @param {bigint} sats
 */
export function formatBtc(sats) {
  const sign = sats < 0n ? "-" : ""
  const abs = sats < 0n ? -sats : sats
  const fraction = String(abs % SATS_PER_BTC)
    .padStart(8, "0")
    .replace(/0+$/, "")
    .padEnd(2, "0")
  return `${sign}${abs / SATS_PER_BTC}.${fraction}`
}

/** @param {Uint8Array} bytes */
export const hash160 = (bytes) => ripemd160(sha256(bytes))

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
export const equalBytes = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i])
