/**
 * Message signatures: BIP-322 "simple" (the witness of a virtual transaction that spends the address's script,
 * for p2wpkh and p2tr), and the legacy signed message of BIP-137 (a recoverable ECDSA signature over
 * "Bitcoin Signed Message:\n"; for a p2wpkh key, with the segwit header byte). Free of DOM code.
 */
import { secp256k1 } from "@noble/curves/secp256k1"
import { sha256 } from "@noble/hashes/sha2"
import { base64, hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import type { BitcoinKey } from "./keys"

const concat = (...parts: ReadonlyArray<Uint8Array>) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const utf8 = (text: string) => new TextEncoder().encode(text)

/** BIP-340's tagged hash: SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ data). */
const taggedHash = (tag: string, data: Uint8Array) => {
  const tagHash = sha256(utf8(tag))
  return sha256(concat(tagHash, tagHash, data))
}

/** BIP-322's message hash, `tagged_hash("BIP0322-signed-message", message)`. */
export const bip322MessageHash = (message: Uint8Array): Uint8Array =>
  taggedHash("BIP0322-signed-message", message)

const sha256d = (data: Uint8Array) => sha256(sha256(data))

/** BIP-322's `to_spend`: spends nothing, pays 0 to the address's script; its txid is what `to_sign` spends. */
export const bip322ToSpendId = (message: Uint8Array, script: Uint8Array): string => {
  const raw = btc.RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: btc.Script.encode(["OP_0", bip322MessageHash(message)]),
        sequence: 0
      }
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0
  })
  return hex.encode(sha256d(raw).reverse())
}

/**
 * BIP-322 "simple": signs `to_sign` (spends `to_spend`'s output, pays 0 to OP_RETURN) with `key` and answers
 * its witness stack, serialized and in base64.
 */
export const signBip322 = (key: BitcoinKey, message: Uint8Array): string => {
  const toSign = new btc.Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: bip322ToSpendId(message, key.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.addressType === "p2tr" ? { tapInternalKey: key.publicKey } : {})
  })
  toSign.addOutput({ script: btc.Script.encode(["RETURN"]), amount: 0n })
  toSign.signIdx(key.privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (witness === undefined) throw new Error("BIP-322: the input was not finalized")
  return base64.encode(btc.RawWitness.encode(witness))
}

const MAGIC = utf8("Bitcoin Signed Message:\n")

/** The legacy signed message's hash: SHA-256d(varint ‖ magic ‖ varint ‖ message). */
export const legacyMessageHash = (message: Uint8Array): Uint8Array =>
  sha256d(
    concat(
      btc.CompactSize.encode(BigInt(MAGIC.length)),
      MAGIC,
      btc.CompactSize.encode(BigInt(message.length)),
      message
    )
  )

/**
 * BIP-137: 65 bytes (header, r, s) in base64. The header is 39 + recovery id for a native segwit key, as
 * BIP-137 asks; only payment (p2wpkh) keys sign this way (taproot has no legacy signed message).
 */
export const signLegacy = (key: BitcoinKey, message: Uint8Array): string => {
  if (key.addressType !== "p2wpkh") throw new Error("Legacy (BIP-137) message signing needs a p2wpkh key")
  const signature = secp256k1.sign(legacyMessageHash(message), key.privateKey, { lowS: true })
  return base64.encode(concat(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes()))
}

export type MessageProtocol = "BIP322" | "ECDSA"

/** Signs `message` in `protocol`; answers the signature (base64) and the hash signed (hex). */
export const signMessageWith = (
  key: BitcoinKey,
  message: Uint8Array,
  protocol: MessageProtocol
): { readonly signature: string; readonly messageHash: string } =>
  protocol === "ECDSA"
    ? { signature: signLegacy(key, message), messageHash: hex.encode(legacyMessageHash(message)) }
    : { signature: signBip322(key, message), messageHash: hex.encode(bip322MessageHash(message)) }
