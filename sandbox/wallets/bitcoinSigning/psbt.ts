/**
 * PSBT signing for the sandbox Bitcoin wallets: signs only the inputs asked for, only where the input's
 * previous output is one of the wallet's own scripts, with the sighash asked for (or the input's default), and
 * finalizes what it signed. Also the hostile variant that spends another of the wallet's coins instead of the
 * one it was given. Free of DOM code.
 */
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { BitcoinRequestError } from "./errors"
import type { BitcoinKey, BitcoinKeyRing } from "./keys"
import type { Utxo } from "./transfer"

/** One input to sign: its index, optionally the address that should sign it and the sighash types allowed. */
export interface InputToSign {
  readonly index: number
  readonly address?: string
  readonly sighashTypes?: ReadonlyArray<number>
}

/** The Wallet Standard's sighash names (bitcoin:signTransaction's `sigHash`) as sighash numbers. */
export const SIGHASH_BY_NAME: Readonly<Record<string, number>> = {
  ALL: btc.SigHash.ALL,
  NONE: btc.SigHash.NONE,
  SINGLE: btc.SigHash.SINGLE,
  "ALL|ANYONECANPAY": btc.SigHash.ALL_ANYONECANPAY,
  "NONE|ANYONECANPAY": btc.SigHash.NONE_ANYONECANPAY,
  "SINGLE|ANYONECANPAY": btc.SigHash.SINGLE_ANYONECANPAY
}

const TX_OPTIONS = { allowUnknownOutputs: true } as const

/** Decodes a PSBT (v0 or v2); throws a request error when the bytes are not one. */
export const decodePsbt = (bytes: Uint8Array): btc.Transaction => {
  try {
    return btc.Transaction.fromPSBT(bytes, TX_OPTIONS)
  } catch (error) {
    throw new BitcoinRequestError(`Not a PSBT: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The script and amount an input spends, from its witnessUtxo or its nonWitnessUtxo. */
export const prevoutOf = (
  tx: btc.Transaction,
  index: number
): { readonly script: Uint8Array; readonly amount: bigint } | undefined => {
  const input = tx.getInput(index)
  if (input.witnessUtxo !== undefined) return input.witnessUtxo
  const output = input.index === undefined ? undefined : input.nonWitnessUtxo?.outputs[input.index]
  return output === undefined ? undefined : { script: output.script, amount: output.amount }
}

const keyFor = (tx: btc.Transaction, ring: BitcoinKeyRing, request: InputToSign): BitcoinKey => {
  if (!Number.isInteger(request.index) || request.index < 0 || request.index >= tx.inputsLength) {
    throw new BitcoinRequestError(`The PSBT has no input ${request.index}.`)
  }
  const prevout = prevoutOf(tx, request.index)
  if (prevout === undefined) {
    throw new BitcoinRequestError(`Input ${request.index} carries no previous output (witnessUtxo).`)
  }
  const key = ring.byScript(prevout.script)
  if (key === undefined) {
    throw new BitcoinRequestError(`Input ${request.index} spends a coin this wallet holds no key for.`)
  }
  if (request.address !== undefined && request.address !== key.address) {
    throw new BitcoinRequestError(`Input ${request.index} is not ${request.address}'s coin.`)
  }
  return key
}

/**
 * Signs and finalizes `inputs` of `tx` in place. Taproot inputs get the wallet's internal key when the PSBT
 * lacks it; a sighash asked for is written to an input that names none (taproot's SIGHASH_ALL stays the
 * default, its 64-byte form).
 */
export const signInputs = (
  tx: btc.Transaction,
  ring: BitcoinKeyRing,
  inputs: ReadonlyArray<InputToSign>
): void => {
  if (inputs.length === 0) throw new BitcoinRequestError("No input to sign.")
  const seen = new Set<number>()
  const plan = inputs
    .filter((request) => !seen.has(request.index) && seen.add(request.index))
    .map((request) => ({ request, key: keyFor(tx, ring, request) }))
  for (const { request, key } of plan) {
    const input = tx.getInput(request.index)
    const taproot = key.addressType === "p2tr"
    if (taproot && input.tapInternalKey === undefined) {
      tx.updateInput(request.index, { tapInternalKey: key.publicKey })
    }
    let allowed: Array<number> | undefined
    const asked = request.sighashTypes ?? []
    if (asked.length > 0) {
      allowed = [...asked]
      if (taproot && asked.includes(btc.SigHash.ALL)) allowed.push(btc.SigHash.DEFAULT)
      else if (input.sighashType === undefined) {
        tx.updateInput(request.index, { sighashType: asked[0] })
      }
    }
    try {
      if (!tx.signIdx(key.privateKey, request.index, allowed)) {
        throw new Error("no signature was made")
      }
      tx.finalizeIdx(request.index)
    } catch (error) {
      if (error instanceof BitcoinRequestError) throw error
      throw new BitcoinRequestError(
        `Input ${request.index} cannot be signed: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
}

/** The signed PSBT's bytes, in the PSBT version it came in. */
export const psbtBytesOf = (tx: btc.Transaction): Uint8Array => tx.toPSBT()

/** The network transaction, hex; throws a request error while an input is unsigned. */
export const extractHex = (tx: btc.Transaction): string => {
  try {
    return hex.encode(tx.extract())
  } catch (error) {
    throw new BitcoinRequestError(
      `The transaction cannot be broadcast: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

/**
 * Hostile: a copy of `tx` whose input `index` spends another of the wallet's coins (one of `utxos` the PSBT
 * does not spend; or, with none left, the next output of the same transaction), everything else kept. The
 * answer is a well-formed, signed PSBT of the wrong content.
 */
export const swapInput = (
  tx: btc.Transaction,
  ring: BitcoinKeyRing,
  index: number,
  utxos: ReadonlyArray<Utxo>
): btc.Transaction => {
  const original = tx.getInput(index)
  const key = keyFor(tx, ring, { index })
  const spent = new Set(
    Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i)
      return `${input.txid === undefined ? "" : hex.encode(input.txid)}:${String(input.index)}`
    })
  )
  // A coin worth at least the original, so the swapped transaction still balances and gets signed.
  const unspent = utxos.filter((utxo) => !spent.has(`${utxo.txid}:${utxo.vout}`))
  const worth = original.witnessUtxo?.amount ?? 0n
  const other = unspent.find((utxo) => BigInt(utxo.value) >= worth) ?? unspent[0]
  const copy = new btc.Transaction({ ...TX_OPTIONS, version: tx.version, lockTime: tx.lockTime })
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i)
    if (i !== index) {
      copy.addInput(input)
      continue
    }
    copy.addInput(
      other === undefined
        ? { ...original, index: (original.index ?? 0) + 1 }
        : {
            txid: other.txid,
            index: other.vout,
            sequence: original.sequence,
            witnessUtxo: { script: key.script, amount: BigInt(other.value) },
            ...(key.addressType === "p2tr" ? { tapInternalKey: key.publicKey } : {})
          }
    )
  }
  for (let i = 0; i < tx.outputsLength; i++) copy.addOutput(tx.getOutput(i))
  return copy
}
