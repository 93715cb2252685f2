/**
 * A transfer as the modal builds it (the Send view's, or a dapp's `sendTransfer`): the recipient checked by
 * the network's rules, an amount of whole sats above the recipient's dust, the payment address's coins
 * chosen largest first, change back to it unless it would be dust, every input segwit with its
 * `witnessUtxo`. The fee is `ceil(rate × estimated vsize)` (at least 1 sat/vB), so it is the one previewed.
 */
import { Transaction } from "@scure/btc-signer"
import * as Result from "effect/Result"
import { BitcoinError } from "../../bitcoinErrors"
import type { EsploraFeeEstimates, EsploraUtxo } from "../../schemas/Bitcoin"
import type { BitcoinParams } from "../bitcoin/bitcoinAddress"
import { estimateVsize, fromHex, toBase64 } from "./bitcoinPsbt"
import { DUST, decodeAddress } from "./bitcoinScripts"

/** A transaction spends at most this many coins; more is refused as too large to relay cheaply. */
export const MAX_INPUTS = 200
/** The confirmation target whose estimate is used (about an hour), or the nearest slower one. */
export const FEE_TARGET = 6
export const MIN_FEE_RATE = 1
/** A fee-estimate answer above this is not believed. */
export const MAX_FEE_RATE = 5000

/** The rate for `FEE_TARGET` blocks, else the nearest slower target, else the slowest there is; ≥ 1. */
export const feeRateOf = (estimates: EsploraFeeEstimates): number => {
  const targets = Object.keys(estimates)
    .map(Number)
    .sort((a, b) => a - b)
  const target = targets.find((t) => t >= FEE_TARGET) ?? targets[targets.length - 1]
  const rate = target === undefined ? MIN_FEE_RATE : (estimates[String(target)] ?? MIN_FEE_RATE)
  return Math.min(MAX_FEE_RATE, Math.max(MIN_FEE_RATE, rate))
}

export interface TransferRequest {
  readonly network: BitcoinParams
  /** The payment address: its coins pay, its change returns to it. */
  readonly from: string
  readonly recipient: string
  readonly amount: bigint
  readonly utxos: ReadonlyArray<EsploraUtxo>
  /** sat/vB. */
  readonly feeRate: number
}

export interface BuiltTransfer {
  readonly psbt: string
  readonly tx: Transaction
  readonly inputs: ReadonlyArray<EsploraUtxo>
  readonly fee: bigint
  readonly change: bigint
  readonly vsize: number
}

const feeFor = (rate: number, vsize: number) => BigInt(Math.ceil(rate * vsize))

/** Largest first; equal values by txid then output, so the same coins give the same transaction. */
const ordered = (utxos: ReadonlyArray<EsploraUtxo>) =>
  [...utxos].sort((a, b) =>
    a.value !== b.value ? b.value - a.value : a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : a.vout - b.vout
  )

/**
 * The transfer's PSBT, or why it cannot be: an address of another network (or the payer's own type the modal
 * cannot spend), an amount below dust, funds short of the amount and its fee.
 */
export const buildTransfer = (request: TransferRequest): Result.Result<BuiltTransfer, BitcoinError> => {
  const fail = (failure: BitcoinError["failure"]) => Result.fail(new BitcoinError({ failure }))
  const { network, amount, feeRate } = request
  const to = decodeAddress(request.recipient, network)
  if (to === undefined) return fail({ _tag: "InvalidRecipient", address: request.recipient })
  const from = decodeAddress(request.from, network)
  // Only segwit coins: their txid is fixed before signing, and their amounts are signed.
  if (from === undefined || (from.type !== "p2wpkh" && from.type !== "p2tr"))
    return fail({ _tag: "InvalidRecipient", address: request.from })
  if (amount < DUST[to.type]) return fail({ _tag: "BelowDust", dust: DUST[to.type] })
  const inputType = from.type
  const withChange = (n: number) => estimateVsize(Array(n).fill(inputType), [to.script, from.script])
  const withoutChange = (n: number) => estimateVsize(Array(n).fill(inputType), [to.script])
  const coins = ordered(request.utxos).slice(0, MAX_INPUTS)
  const available = request.utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
  let total = 0n
  for (let n = 1; n <= coins.length; n++) {
    total += BigInt(coins[n - 1]?.value ?? 0)
    const chosen = coins.slice(0, n)
    const changeFee = feeFor(feeRate, withChange(n))
    const change = total - amount - changeFee
    if (change >= DUST[from.type])
      return Result.succeed(
        assemble(request, to.script, from.script, chosen, change, changeFee, withChange(n))
      )
    const plainFee = feeFor(feeRate, withoutChange(n))
    // No change: what is left above the fee (less than dust) goes to the miners with it.
    if (total >= amount + plainFee)
      return Result.succeed(
        assemble(request, to.script, from.script, chosen, 0n, total - amount, withoutChange(n))
      )
  }
  const fee = feeFor(feeRate, withoutChange(Math.max(1, coins.length)))
  return fail({ _tag: "InsufficientFunds", needed: amount + fee, fee, available })
}

const assemble = (
  request: TransferRequest,
  toScript: Uint8Array,
  fromScript: Uint8Array,
  chosen: ReadonlyArray<EsploraUtxo>,
  change: bigint,
  fee: bigint,
  vsize: number
): BuiltTransfer => {
  const tx = new Transaction({ version: 2 })
  for (const utxo of chosen)
    tx.addInput({
      txid: fromHex(utxo.txid) ?? new Uint8Array(32),
      index: utxo.vout,
      witnessUtxo: { script: fromScript, amount: BigInt(utxo.value) }
    })
  tx.addOutput({ script: toScript, amount: request.amount })
  if (change > 0n) tx.addOutput({ script: fromScript, amount: change })
  return { psbt: toBase64(tx.toPSBT()), tx, inputs: chosen, fee, change, vsize }
}
