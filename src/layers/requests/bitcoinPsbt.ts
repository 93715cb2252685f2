/**
 * PSBTs read with `@scure/btc-signer` (the request path's lazy Bitcoin part): each input's amount and
 * owner, each output as recipient, change or data, the fee and an estimate of the signed size, and the
 * checks after signing (the wallet signed the transaction that was shown). Every input of the modal's own
 * transfers is segwit, so the txid of the unsigned transaction is the final one.
 */
import { Transaction } from "@scure/btc-signer"
import { sha256x2 } from "@scure/btc-signer/utils.js"
import type {
  BitcoinInputPreview,
  BitcoinOutputPreview,
  BitcoinTransactionPreview,
  SighashName
} from "../../services/BitcoinPreview"
import type { BitcoinParams } from "../bitcoin/bitcoinAddress"
import { addressOfScript, type BitcoinAddressType, isDataScript, typeOfScript } from "./bitcoinScripts"

/** A PSBT with more inputs or outputs than this is not shown (nor signed through the modal). */
export const MAX_PSBT_ENTRIES = 500
const MAX_DATA_HEX = 160

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

export const fromHex = (text: string): Uint8Array | undefined => {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return undefined
  const bytes = new Uint8Array(text.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export const fromBase64 = (text: string): Uint8Array | undefined => {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** A PSBT (base64) as a transaction, or `undefined` when it does not decode or is past the bounds. */
export const decodePsbt = (psbt: string): Transaction | undefined => {
  const bytes = fromBase64(psbt)
  if (bytes === undefined) return undefined
  try {
    // Unknown sighashes are shown (and called out), not refused: the preview says what the dapp asks.
    const tx = Transaction.fromPSBT(bytes, { allowUnknownOutputs: true, allowUnknownInputs: true })
    return tx.inputsLength > MAX_PSBT_ENTRIES || tx.outputsLength > MAX_PSBT_ENTRIES ? undefined : tx
  } catch {
    return undefined
  }
}

/** The txid (display order) of the transaction without signatures. */
export const unsignedTxid = (tx: Transaction): string => hex(sha256x2(tx.unsignedTx).reverse())

/** A previous output's script and amount. */
export interface Prevout {
  readonly script: Uint8Array
  readonly amount: bigint
}

/** The previous transaction's id (display order) and output of input `index`. */
export const outpointOf = (tx: Transaction, index: number): { txid: string; vout: number } => {
  const input = tx.getInput(index)
  return { txid: input.txid === undefined ? "" : hex(input.txid), vout: input.index ?? 0 }
}

/**
 * What the PSBT itself says of input `index`'s previous output: its `witnessUtxo`, or the output of its
 * `nonWitnessUtxo` (btc-signer checks on decoding that it is the transaction the input names).
 */
export const prevoutInPsbt = (tx: Transaction, index: number): Prevout | undefined => {
  const input = tx.getInput(index)
  if (input.witnessUtxo !== undefined) return input.witnessUtxo
  const output = input.nonWitnessUtxo?.outputs[input.index ?? 0]
  return output === undefined ? undefined : { script: output.script, amount: output.amount }
}

const RAW_OPTIONS = { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true } as const

/** Output `vout` of a raw previous transaction, when its txid is `txid`. */
export const prevoutOfRaw = (
  previous: Transaction,
  outpoint: { readonly txid: string; readonly vout: number }
): Prevout | undefined => {
  if (hex(sha256x2(previous.toBytes(true, false)).reverse()) !== outpoint.txid) return undefined
  if (outpoint.vout >= previous.outputsLength) return undefined
  const output = previous.getOutput(outpoint.vout)
  return output.script === undefined || output.amount === undefined
    ? undefined
    : { script: output.script, amount: output.amount }
}

/** A previous transaction's raw hex (Esplora's `/tx/:txid/hex`), decoded. */
export const rawTransaction = (text: string): Transaction | undefined => {
  const bytes = fromHex(text.trim())
  if (bytes === undefined) return undefined
  try {
    return Transaction.fromRaw(bytes, RAW_OPTIONS)
  } catch {
    return undefined
  }
}

// ---- Size: weight units of the signed transaction ----

/** Version, locktime and the two counts (4 weight units each), and the segwit marker and flag (1 each). */
const BASE_WEIGHT = 4 * 10 + 2
/** Outpoint, sequence and script length (41 bytes) plus what signing adds. */
const INPUT_WEIGHT: Readonly<Record<BitcoinAddressType, number>> = {
  // A 107-byte script sig (a 72-byte signature, a 33-byte key), no witness but its empty count.
  p2pkh: 4 * (41 + 107) + 1,
  // p2sh-p2wpkh: a 23-byte script sig, then p2wpkh's witness.
  p2sh: 4 * (41 + 23) + 108,
  // A witness of 2 items: a 72-byte signature and a 33-byte key, with their lengths and the count.
  p2wpkh: 4 * 41 + 108,
  // Unknown script: taken as a 2-of-3 multisig's witness, the commonest.
  p2wsh: 4 * 41 + 254,
  // Key path: a 64-byte Schnorr signature (SIGHASH_DEFAULT), its length and the count.
  p2tr: 4 * 41 + 66
}

/** A script's output weight: amount (8), its length (1) and itself. */
const outputWeight = (script: Uint8Array) => 4 * (8 + 1 + script.length)

/** The estimated virtual size once signed, rounding up (an unknown input is taken as p2wpkh). */
export const estimateVsize = (
  inputs: ReadonlyArray<BitcoinAddressType | undefined>,
  outputs: ReadonlyArray<Uint8Array>
): number => {
  const weight =
    BASE_WEIGHT +
    inputs.reduce((sum, type) => sum + INPUT_WEIGHT[type ?? "p2wpkh"], 0) +
    outputs.reduce((sum, script) => sum + outputWeight(script), 0)
  return Math.ceil(weight / 4)
}

// ---- Preview ----

const SIGHASHES: ReadonlyMap<number, SighashName> = new Map([
  [0x00, "DEFAULT"],
  [0x01, "ALL"],
  [0x02, "NONE"],
  [0x03, "SINGLE"],
  [0x81, "ALL|ANYONECANPAY"],
  [0x82, "NONE|ANYONECANPAY"],
  [0x83, "SINGLE|ANYONECANPAY"]
])

export const sighashName = (value: number): SighashName => SIGHASHES.get(value) ?? "OTHER"

/** Whether a sighash commits to every input and output (ALL, or taproot's DEFAULT, which is ALL). */
const safeSighash = (name: SighashName) => name === "ALL" || name === "DEFAULT"

export interface SignRequest {
  readonly index: number
  readonly sighashTypes?: ReadonlyArray<number> | undefined
}

export interface PreviewInput {
  readonly tx: Transaction
  readonly network: BitcoinParams
  /** The visitor's addresses: their inputs are theirs, outputs to them are change. */
  readonly mine: ReadonlySet<string>
  readonly signInputs: ReadonlyArray<SignRequest>
  readonly broadcast: boolean
  /** Each input's previous output, when known (from the PSBT or the network). */
  readonly prevouts: ReadonlyArray<Prevout | undefined>
}

/** The transaction in words' structure: inputs, outputs, fee, rate, what leaves the visitor. */
export const previewTransaction = (input: PreviewInput): BitcoinTransactionPreview => {
  const { tx, network, mine, prevouts } = input
  const inputs: Array<BitcoinInputPreview> = []
  for (let index = 0; index < tx.inputsLength; index++) {
    const prevout = prevouts[index]
    const address = prevout === undefined ? undefined : addressOfScript(prevout.script, network)
    const asked = input.signInputs.filter((s) => s.index === index)
    const inPsbt = tx.getInput(index).sighashType
    const signing =
      asked.length === 0
        ? undefined
        : asked.flatMap((s) =>
            (s.sighashTypes ?? (inPsbt === undefined ? [0x01] : [inPsbt])).map(sighashName)
          )
    inputs.push({
      index,
      ...outpointOf(tx, index),
      amount: prevout?.amount,
      address,
      mine: address !== undefined && mine.has(address),
      signing
    })
  }
  const outputs: Array<BitcoinOutputPreview> = []
  const scripts: Array<Uint8Array> = []
  for (let index = 0; index < tx.outputsLength; index++) {
    const { script = new Uint8Array(), amount = 0n } = tx.getOutput(index)
    scripts.push(script)
    const address = addressOfScript(script, network)
    outputs.push(
      address !== undefined
        ? { _tag: mine.has(address) ? "Change" : "Recipient", index, address, amount }
        : isDataScript(script)
          ? { _tag: "Data", index, data: hex(script.subarray(0, MAX_DATA_HEX / 2)), amount }
          : { _tag: "Script", index, script: hex(script.subarray(0, MAX_DATA_HEX / 2)), amount }
    )
  }
  const amounts = inputs.map((i) => i.amount)
  const totalIn = amounts.every((a) => a !== undefined)
    ? amounts.reduce<bigint>((sum, a) => sum + (a ?? 0n), 0n)
    : undefined
  const totalOut = outputs.reduce((sum, o) => sum + o.amount, 0n)
  const fee = totalIn === undefined ? undefined : totalIn - totalOut
  const vsize = estimateVsize(
    prevouts.map((p) => (p === undefined ? undefined : typeOfScript(p.script))),
    scripts
  )
  const mineIn = inputs.filter((i) => i.mine)
  const change = outputs.reduce((sum, o) => (o._tag === "Change" ? sum + o.amount : sum), 0n)
  const leaves = mineIn.some((i) => i.amount === undefined)
    ? undefined
    : mineIn.reduce((sum, i) => sum + (i.amount ?? 0n), 0n) - change
  const risky =
    inputs.some((i) => i.signing?.some((s) => !safeSighash(s)) === true) ||
    inputs.some((i) => i.signing !== undefined && i.amount === undefined)
  return {
    _tag: "Transaction",
    txid: unsignedTxid(tx),
    inputs,
    outputs,
    fee,
    vsize,
    feeRate: fee === undefined || fee < 0n ? undefined : Number(fee) / vsize,
    leaves,
    broadcast: input.broadcast,
    risky
  }
}

// ---- After signing ----

/** Whether `signed` is `approved` with signatures added: same version, locktime, inputs and outputs. */
export const sameTransaction = (approved: Transaction, signed: Transaction): boolean => {
  const a = approved.unsignedTx
  const b = signed.unsignedTx
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/**
 * The signed PSBT finalized (inputs the wallet already finalized kept as they are): its raw hex and txid,
 * or `undefined` when an input is not signed.
 */
export const finalizeSigned = (signed: Transaction): { hex: string; txid: string } | undefined => {
  try {
    const tx = signed.clone()
    for (let index = 0; index < tx.inputsLength; index++) {
      const input = tx.getInput(index)
      // btc-signer gives an input without a final script sig an empty one.
      const final = (input.finalScriptWitness?.length ?? 0) > 0 || (input.finalScriptSig?.length ?? 0) > 0
      if (!final) tx.finalizeIdx(index)
    }
    return { hex: tx.hex, txid: tx.id }
  } catch {
    return undefined
  }
}
