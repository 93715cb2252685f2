// Each input's signature checked against the output it spends, for the three key-spend types the chain
// knows: p2wpkh (BIP-143 sighash, DER ECDSA), p2tr key path (BIP-341 sighash over every prevout, BIP-340
// schnorr against the output key) and p2pkh (the legacy sighash). The checks and their order follow Bitcoin
// Core's interpreter for these scripts, and a failure is worded with Core's script error. Inputs of any
// other type (p2sh, p2wsh, taproot script paths) are refused: the chain runs no script interpreter.
import { schnorr, secp256k1 } from "@noble/curves/secp256k1"
import * as btc from "@scure/btc-signer"
import { rejected, scriptFailed, scriptNonStandard } from "./reject.mjs"
import { equalBytes, hash160, pushesOf, standardTypeOf } from "./script.mjs"

/** Consensus limit on one stack element (MAX_SCRIPT_ELEMENT_SIZE). */
const MAX_ELEMENT = 520
/** The hash types Core's STRICTENC accepts for ECDSA, and BIP-341 for schnorr (plus 0, the default). */
const ECDSA_HASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const SCHNORR_HASH_TYPES = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const SIGHASH_SINGLE = 0x03

const EVAL_FALSE = "Script evaluated without error but finished with a false/empty top stack element"

/** @typedef {{ readonly value: bigint, readonly script: Uint8Array }} Prevout */
/** @typedef {{ readonly finalScriptSig: Uint8Array }} RawInputLike */

/**
 * BIP-66's strict DER (Core's IsValidSignatureEncoding), on the signature with its hash type byte.
 * @param {Uint8Array} sig
 */
export function isStrictDer(sig) {
  const n = sig.length
  if (n < 9 || n > 73 || sig[0] !== 0x30 || sig[1] !== n - 3) return false
  const lenR = /** @type {number} */ (sig[3])
  if (5 + lenR >= n) return false
  const lenS = /** @type {number} */ (sig[5 + lenR])
  if (lenR + lenS + 7 !== n || sig[2] !== 0x02 || lenR === 0) return false
  const r0 = /** @type {number} */ (sig[4])
  if (r0 & 0x80 || (lenR > 1 && r0 === 0 && !((sig[5] ?? 0) & 0x80))) return false
  if (sig[lenR + 4] !== 0x02 || lenS === 0) return false
  const s0 = /** @type {number} */ (sig[lenR + 6])
  return !(s0 & 0x80 || (lenS > 1 && s0 === 0 && !((sig[lenR + 7] ?? 0) & 0x80)))
}

/**
 * OP_CHECKSIG with an ECDSA signature (hash type byte last) over the digest `digestOf(hashType)`, as
 * Core runs it under the standard flags: DERSIG (consensus), then the signature itself (consensus: a
 * failing one leaves false on the stack), then LOW_S and, in segwit v0, compressed keys (policy).
 * @param {Uint8Array} sig
 * @param {Uint8Array} pubkey
 * @param {(hashType: number) => Uint8Array} digestOf
 * @param {boolean} segwit
 */
function checkEcdsa(sig, pubkey, digestOf, segwit) {
  if (sig.length === 0) throw scriptFailed(EVAL_FALSE)
  if (!isStrictDer(sig)) throw scriptFailed("Non-canonical DER signature")
  const hashType = /** @type {number} */ (sig.at(-1))
  const keyShape =
    (pubkey.length === 33 && (pubkey[0] === 2 || pubkey[0] === 3)) ||
    (pubkey.length === 65 && pubkey[0] === 4)
  // STRICTENC (policy): a hash type outside the six defined ones is refused before the signature is
  // weighed (Core would call a valid one non-standard and an invalid one a consensus failure).
  if (!ECDSA_HASH_TYPES.has(hashType))
    throw scriptNonStandard("Signature hash type missing or not understood")
  let valid = false
  let highS = false
  if (keyShape) {
    try {
      const signature = secp256k1.Signature.fromDER(sig.subarray(0, -1))
      highS = signature.hasHighS()
      valid = secp256k1.verify(signature.toCompactRawBytes(), digestOf(hashType), pubkey, {
        prehash: false,
        lowS: false
      })
    } catch {
      valid = false
    }
  }
  if (!valid) throw scriptFailed(EVAL_FALSE)
  if (highS) throw scriptNonStandard("Non-canonical signature: S value is unnecessarily high")
  if (segwit && pubkey.length !== 33) throw scriptNonStandard("Using non-compressed keys in segwit")
}

/**
 * Checks input `idx` of `tx` (decoded by `Transaction.fromRaw`) against `prevouts` (one per input, in
 * order), or throws a Rejection.
 * @param {btc.Transaction} tx
 * @param {number} idx
 * @param {ReadonlyArray<Prevout>} prevouts
 */
export function verifyInput(tx, idx, prevouts) {
  const prevout = /** @type {Prevout} */ (prevouts[idx])
  const input = tx.getInput(idx)
  const scriptSig = input.finalScriptSig ?? new Uint8Array()
  const witness = input.finalScriptWitness ?? []
  const type = standardTypeOf(prevout.script)
  if (witness.some((item) => item.length > MAX_ELEMENT) && type !== "v1_p2tr")
    throw scriptFailed("Push value size limit exceeded")

  if (type === "v0_p2wpkh") {
    if (scriptSig.length !== 0) throw scriptFailed("Witness requires empty scriptSig")
    if (witness.length !== 2) throw scriptFailed("Witness program hash mismatch")
    const [sig, pubkey] = /** @type {[Uint8Array, Uint8Array]} */ (witness)
    const program = prevout.script.subarray(2)
    if (!equalBytes(hash160(pubkey), program)) throw scriptFailed("Script failed an OP_EQUALVERIFY operation")
    // BIP-143's script code of a p2wpkh program is the p2pkh script of its hash.
    const scriptCode = btc.OutScript.encode({ type: "pkh", hash: program })
    checkEcdsa(
      sig,
      pubkey,
      (hashType) => tx.preimageWitnessV0(idx, scriptCode, hashType, prevout.value),
      true
    )
    return
  }

  if (type === "v1_p2tr") {
    if (scriptSig.length !== 0) throw scriptFailed("Witness requires empty scriptSig")
    if (witness.length === 0) throw scriptFailed("Witness program was passed an empty witness")
    if (witness.length >= 2 && witness.at(-1)?.[0] === 0x50)
      throw rejected("bad-witness-nonstandard", "an annex is not standard")
    if (witness.length >= 2)
      throw rejected(
        "bad-txns-nonstandard-inputs",
        "a taproot script-path spend (the sandbox chain checks key-path spends only)"
      )
    const sig = /** @type {Uint8Array} */ (witness[0])
    if (sig.length !== 64 && sig.length !== 65) throw scriptFailed("Invalid Schnorr signature size")
    const hashType = sig.length === 65 ? /** @type {number} */ (sig[64]) : 0
    if (
      (sig.length === 65 && hashType === 0) ||
      !SCHNORR_HASH_TYPES.has(hashType) ||
      ((hashType & 0x03) === SIGHASH_SINGLE && idx >= tx.outputsLength)
    )
      throw scriptFailed("Invalid Schnorr signature hash type")
    const digest = tx.preimageWitnessV1(
      idx,
      prevouts.map((p) => p.script),
      hashType,
      prevouts.map((p) => p.value)
    )
    let valid = false
    try {
      valid = schnorr.verify(sig.subarray(0, 64), digest, prevout.script.subarray(2))
    } catch {
      valid = false
    }
    if (!valid) throw scriptFailed("Invalid Schnorr signature")
    return
  }

  if (type === "p2pkh") {
    if (witness.length !== 0) throw scriptFailed("Witness provided for non-witness script")
    const pushes = pushesOf(scriptSig)
    if (pushes === undefined) throw scriptFailed("Only push operators allowed in signatures")
    if (pushes.length < 2) throw scriptFailed("Operation not valid with the current stack size")
    const [sig, pubkey] = /** @type {[Uint8Array, Uint8Array]} */ (pushes.slice(-2))
    if (!equalBytes(hash160(pubkey), prevout.script.subarray(3, 23)))
      throw scriptFailed("Script failed an OP_EQUALVERIFY operation")
    // The legacy sighash is private in @scure/btc-signer's types, public at run time.
    const legacy = /** @type {{ preimageLegacy: (i: number, s: Uint8Array, h: number) => Uint8Array }} */ (
      /** @type {unknown} */ (tx)
    )
    checkEcdsa(sig, pubkey, (hashType) => legacy.preimageLegacy(idx, prevout.script, hashType), false)
    return
  }

  throw rejected(
    "bad-txns-nonstandard-inputs",
    `input ${idx} spends a ${type ?? "non-standard"} output (the sandbox chain checks p2wpkh, p2tr key-path and p2pkh spends only)`
  )
}
