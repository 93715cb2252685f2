/**
 * Whether a wallet's answer to `signMessage` is a signature of that message by that address (what was
 * asked is what was signed): BIP-322 "simple" for p2wpkh and p2tr (key path), and legacy BIP-137 (a
 * recoverable ECDSA signature over Bitcoin Signed Message) for p2pkh and p2wpkh. Checked with
 * `@scure/btc-signer`'s sighashes and `@noble/curves`, in the request path's lazy Bitcoin part.
 */
import { schnorr, secp256k1 } from "@noble/curves/secp256k1"
import { Transaction } from "@scure/btc-signer"
import { concatBytes, hash160, sha256x2, tagSchnorr } from "@scure/btc-signer/utils.js"
import type { BitcoinParams } from "../bitcoin/bitcoinAddress"
import { fromBase64 } from "./bitcoinPsbt"
import { decodeAddress } from "./bitcoinScripts"

const utf8 = (text: string) => new TextEncoder().encode(text)

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

const varint = (n: number): Uint8Array =>
  n < 0xfd
    ? Uint8Array.of(n)
    : n <= 0xffff
      ? Uint8Array.of(0xfd, n & 0xff, n >> 8)
      : Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)

/** BIP-322's message hash: the tagged hash "BIP0322-signed-message" of the message's bytes. */
export const bip322MessageHash = (message: string): Uint8Array =>
  tagSchnorr("BIP0322-signed-message", utf8(message))

/** The id (internal byte order) of BIP-322's `to_spend`, which commits to the message and the address. */
const toSpendId = (messageHash: Uint8Array, script: Uint8Array): Uint8Array =>
  sha256x2(
    concatBytes(
      new Uint8Array(4), // version 0
      Uint8Array.of(1),
      new Uint8Array(32),
      Uint8Array.of(0xff, 0xff, 0xff, 0xff),
      Uint8Array.of(34, 0x00, 0x20),
      messageHash,
      new Uint8Array(4), // sequence 0
      Uint8Array.of(1),
      new Uint8Array(8), // value 0
      varint(script.length),
      script,
      new Uint8Array(4) // locktime 0
    )
  )

/** BIP-322's `to_sign`: spends `to_spend`'s output to an OP_RETURN, version 0, nothing else. */
const toSign = (messageHash: Uint8Array, script: Uint8Array): Transaction => {
  const tx = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true, disableScriptCheck: true })
  tx.addInput({
    txid: toSpendId(messageHash, script).reverse(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n }
  })
  tx.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  return tx
}

/** A serialized witness stack (BIP-322's "simple" signature), or `undefined` when it is not exactly one. */
const witnessStack = (bytes: Uint8Array): ReadonlyArray<Uint8Array> | undefined => {
  let at = 0
  const read = (): number | undefined => {
    const first = bytes[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first === 0xfd) {
      const n = (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
      at += 2
      return n
    }
    return undefined
  }
  const count = read()
  if (count === undefined || count > 16) return undefined
  const items: Array<Uint8Array> = []
  for (let i = 0; i < count; i++) {
    const length = read()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.subarray(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

const verifyEcdsa = (der: Uint8Array, hash: Uint8Array, publicKey: Uint8Array): boolean => {
  try {
    return secp256k1.verify(secp256k1.Signature.fromDER(der), hash, publicKey)
  } catch {
    return false
  }
}

/** BIP-322 simple for a p2wpkh script: [signature with sighash byte, compressed key]. */
const verifyP2wpkh = (message: string, script: Uint8Array, stack: ReadonlyArray<Uint8Array>): boolean => {
  const [signature, publicKey] = stack
  if (stack.length !== 2 || signature === undefined || publicKey === undefined) return false
  if (publicKey.length !== 33 || !equal(hash160(publicKey), script.subarray(2))) return false
  const hashType = signature[signature.length - 1] ?? 0
  if (hashType !== 0x01) return false
  const scriptCode = concatBytes(
    Uint8Array.of(0x76, 0xa9, 0x14),
    script.subarray(2),
    Uint8Array.of(0x88, 0xac)
  )
  const sighash = toSign(bip322MessageHash(message), script).preimageWitnessV0(0, scriptCode, hashType, 0n)
  return verifyEcdsa(signature.subarray(0, -1), sighash, publicKey)
}

/** BIP-322 simple for a p2tr script (key path): [a 64-byte signature, or 65 with SIGHASH_ALL]. */
const verifyP2tr = (message: string, script: Uint8Array, stack: ReadonlyArray<Uint8Array>): boolean => {
  const [signature] = stack
  if (stack.length !== 1 || signature === undefined) return false
  if (signature.length !== 64 && !(signature.length === 65 && signature[64] === 0x01)) return false
  const hashType = signature.length === 65 ? 0x01 : 0x00
  const sighash = toSign(bip322MessageHash(message), script).preimageWitnessV1(0, [script], hashType, [0n])
  try {
    return schnorr.verify(signature.subarray(0, 64), sighash, script.subarray(2))
  } catch {
    return false
  }
}

/** Bitcoin Core's signed-message hash (BIP-137's). */
export const legacyMessageHash = (message: string): Uint8Array => {
  const bytes = utf8(message)
  return sha256x2(concatBytes(utf8("\x18Bitcoin Signed Message:\n"), varint(bytes.length), bytes))
}

/** BIP-137: a 65-byte recoverable signature whose header names the address type. */
const verifyLegacy = (
  message: string,
  address: { readonly type: string; readonly script: Uint8Array },
  signature: Uint8Array
): boolean => {
  const header = signature[0] ?? 0
  if (signature.length !== 65 || header < 27 || header > 42) return false
  try {
    const recovered = secp256k1.Signature.fromCompact(signature.subarray(1))
      .addRecoveryBit((header - 27) & 3)
      .recoverPublicKey(legacyMessageHash(message))
    const compressed = header >= 31
    const key = recovered.toRawBytes(compressed)
    const hash = hash160(key)
    if (address.type === "p2pkh") return header < 35 && equal(hash, address.script.subarray(3, 23))
    if (address.type === "p2wpkh")
      return (header >= 39 || (header >= 31 && header < 35)) && equal(hash, address.script.subarray(2))
    if (address.type === "p2sh" && header >= 35 && header < 39) {
      const redeem = concatBytes(Uint8Array.of(0x00, 0x14), hash)
      return equal(hash160(redeem), address.script.subarray(2, 22))
    }
    return false
  } catch {
    return false
  }
}

/**
 * Whether `signature` (base64) signs `message` by `address` on the network: BIP-322 simple (p2wpkh, p2tr)
 * or BIP-137 (p2pkh, p2sh-p2wpkh, p2wpkh). Total: anything else is `false`.
 */
export const verifyMessage = (
  network: BitcoinParams,
  address: string,
  message: string,
  signature: string
): boolean => {
  const decoded = decodeAddress(address, network)
  const bytes = fromBase64(signature)
  if (decoded === undefined || bytes === undefined) return false
  if (bytes.length === 65 && (bytes[0] ?? 0) >= 27 && (bytes[0] ?? 0) <= 42)
    return verifyLegacy(message, decoded, bytes)
  const stack = witnessStack(bytes)
  if (stack === undefined) return false
  if (decoded.type === "p2wpkh") return verifyP2wpkh(message, decoded.script, stack)
  if (decoded.type === "p2tr") return verifyP2tr(message, decoded.script, stack)
  return false
}
