/**
 * Checks a browser test makes on its own, outside the modal and the wallets: what the sandbox's regtest
 * chain holds (through its Esplora API), whether a message signature verifies (bip322-js, the field's
 * verifier) and whether the signatures a PSBT carries hold against the outputs they spend (sighash
 * recomputed here with @scure/btc-signer, signatures checked with noble).
 */
import { schnorr, secp256k1 } from "@noble/curves/secp256k1"
import { ripemd160 } from "@noble/hashes/legacy"
import { sha256 } from "@noble/hashes/sha2"
import { base64 } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { Verifier } from "bip322-js"

export interface Utxo {
  readonly txid: string
  readonly vout: number
  readonly value: number
}

const esplora = async (esploraUrl: string, path: string): Promise<unknown> => {
  const response = await fetch(`${esploraUrl}${path}`, { signal: AbortSignal.timeout(5_000) })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** The address's unspent outputs on the chain. */
export const utxosAt = async (esploraUrl: string, address: string): Promise<ReadonlyArray<Utxo>> =>
  (await esplora(esploraUrl, `/address/${address}/utxo`)) as ReadonlyArray<Utxo>

/** The sats the chain holds for `address`: the sum of its unspent outputs. */
export const satsAt = async (esploraUrl: string, address: string): Promise<number> =>
  (await utxosAt(esploraUrl, address)).reduce((sum, utxo) => sum + utxo.value, 0)

/** A confirmed transaction as Esplora shows it (fee in sats). */
export const transactionAt = async (esploraUrl: string, txid: string) =>
  (await esplora(esploraUrl, `/tx/${txid}`)) as {
    readonly txid: string
    readonly fee: number
    readonly vout: ReadonlyArray<{ readonly scriptpubkey_address?: string; readonly value: number }>
    readonly status: { readonly confirmed: boolean }
  }

/** BIP-322 (or legacy BIP-137) signature check by bip322-js. */
export const messageSignatureHolds = (address: string, message: string, signature: string): boolean => {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** An ECDSA signature with its sighash byte, over `hash`, by `publicKey` (strict DER, low S). */
const ecdsaHolds = (signature: Uint8Array, hash: Uint8Array, publicKey: Uint8Array) =>
  secp256k1.verify(signature.subarray(0, -1), hash, publicKey, { prehash: false, lowS: true, format: "der" })

/**
 * Whether input `index` of the PSBT carries a signature and every signature it carries holds against the
 * output it spends (its `witnessUtxo`): p2wpkh (BIP-143) and p2tr key path (BIP-341). Partial and final
 * signatures alike; false for an input without a signature, without its prevout, or of another kind.
 */
export const psbtInputSignatureHolds = (psbt: string, index: number): boolean => {
  const tx = btc.Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true })
  const input = tx.getInput(index)
  const prevout = input.witnessUtxo
  if (prevout === undefined) return false
  const spent = btc.OutScript.decode(prevout.script)
  if (spent.type === "wpkh") {
    const signatures: Array<readonly [Uint8Array, Uint8Array]> = [...(input.partialSig ?? [])]
    const [finalSig, finalKey] = input.finalScriptWitness ?? []
    if (finalSig !== undefined && finalKey !== undefined) signatures.push([finalKey, finalSig])
    if (signatures.length === 0) return false
    return signatures.every(([publicKey, signature]) => {
      if (!sameBytes(hash160(publicKey), spent.hash)) return false
      const hashType = signature[signature.length - 1]!
      const scriptCode = btc.OutScript.encode({ type: "pkh", hash: spent.hash })
      return ecdsaHolds(
        signature,
        tx.preimageWitnessV0(index, scriptCode, hashType, prevout.amount),
        publicKey
      )
    })
  }
  if (spent.type === "tr") {
    const signature = input.tapKeySig ?? input.finalScriptWitness?.[0]
    if (signature === undefined) return false
    const prevouts = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).witnessUtxo)
    if (prevouts.some((output) => output === undefined)) return false
    const hashType = signature.length === 65 ? signature[64]! : 0
    const hash = tx.preimageWitnessV1(
      index,
      prevouts.map((output) => output!.script),
      hashType,
      prevouts.map((output) => output!.amount)
    )
    return schnorr.verify(signature.subarray(0, 64), hash, spent.pubkey)
  }
  return false
}
