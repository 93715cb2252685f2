/**
 * The Bitcoin requests' own work, loaded with the first one (`@scure/btc-signer` stays out of the first
 * paint and the connect stage): what a request is, decoded for its preview (a PSBT's inputs, fetched from
 * the network when the PSBT lacks them; a transfer built into a PSBT), what the wallet is asked, and the
 * checks of its answer: a signed PSBT keeps the previewed transaction, a txid is that transaction's, a
 * message's signature verifies for the message and address. A transfer the wallet signed but did not send
 * is finalized and broadcast here.
 */

import type { Transaction } from "@scure/btc-signer"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { BitcoinError } from "../../bitcoinErrors"
import {
  type BitcoinSendTransferParams,
  type BitcoinSignMessageParams,
  BitcoinSignMessageResult,
  type BitcoinSignPsbtParams,
  BitcoinSignPsbtResult
} from "../../schemas/Bitcoin"
import { decodeUnknownResult, type SchemaDecodeError } from "../../schemas/decode"
import type { BitcoinPreview, BitcoinTransactionPreview } from "../../services/BitcoinPreview"
import { type BitcoinParams, bitcoinParamsOf } from "../bitcoin/bitcoinAddress"
import { verifyMessage } from "./bitcoinMessage"
import {
  decodePsbt,
  finalizeSigned,
  outpointOf,
  type Prevout,
  previewTransaction,
  prevoutInPsbt,
  prevoutOfRaw,
  rawTransaction,
  sameTransaction,
  unsignedTxid
} from "./bitcoinPsbt"
import { typeOfScript } from "./bitcoinScripts"
import { buildTransfer, feeRateOf } from "./bitcoinTransfer"
import { type Esplora, makeEsplora } from "./esplora"

/** Previous transactions fetched for one PSBT's preview: more inputs than this stay "amount unknown". */
const MAX_FETCHED_INPUTS = 32

export interface BitcoinContext {
  readonly network: BitcoinParams
  readonly esplora: Esplora
  /** The connected address (the payment address of a transfer). */
  readonly address: string
  /** Every address of the connected account. */
  readonly mine: ReadonlySet<string>
}

export type BitcoinRule =
  | { readonly method: "signMessage"; readonly params: BitcoinSignMessageParams }
  | { readonly method: "signPsbt"; readonly params: BitcoinSignPsbtParams }
  | { readonly method: "sendTransfer"; readonly params: BitcoinSendTransferParams }

/** A request decoded for its preview, with what its answer is checked against. */
export interface Prepared {
  readonly rule: BitcoinRule
  readonly preview: BitcoinPreview
  /** The previewed transaction (PSBT and transfer). */
  readonly tx?: Transaction | undefined
  /** What the wallet is asked. */
  readonly call: { readonly method: string; readonly params: unknown }
}

const fail = (failure: BitcoinError["failure"]) => Effect.fail(new BitcoinError({ failure }))

/** The context of a network's request, or `UnknownNetwork` for a chain without known encodings. */
export const contextOf = (
  fetch: typeof globalThis.fetch,
  caipNetworkId: string,
  esploraUrl: string | undefined,
  address: string,
  addresses: ReadonlyArray<string>
): Result.Result<BitcoinContext, BitcoinError> => {
  const network = bitcoinParamsOf(caipNetworkId)
  if (network === undefined || esploraUrl === undefined)
    return Result.fail(new BitcoinError({ failure: { _tag: "UnknownNetwork" } }))
  return Result.succeed({
    network,
    esplora: makeEsplora(fetch, esploraUrl),
    address,
    mine: new Set([address, ...addresses])
  })
}

/** Each input's previous output: from the PSBT, else its previous transaction from the network. */
const prevoutsOf = (tx: Transaction, esplora: Esplora) =>
  Effect.forEach(
    Array.from({ length: tx.inputsLength }, (_, index) => index),
    (index): Effect.Effect<Prevout | undefined> => {
      const own = prevoutInPsbt(tx, index)
      if (own !== undefined || index >= MAX_FETCHED_INPUTS) return Effect.succeed(own)
      const outpoint = outpointOf(tx, index)
      return esplora.transactionHex(outpoint.txid).pipe(
        Effect.map((hex) => {
          const previous = rawTransaction(hex)
          return previous === undefined ? undefined : prevoutOfRaw(previous, outpoint)
        }),
        // No answer: the amount is shown as unknown, and called out.
        Effect.orElseSucceed(() => undefined)
      )
    },
    { concurrency: 4 }
  )

const transferPreview = (context: BitcoinContext, params: BitcoinSendTransferParams) =>
  Effect.gen(function* () {
    const [utxos, estimates] = yield* Effect.all(
      [context.esplora.utxos(context.address), context.esplora.feeEstimates],
      { concurrency: 2 }
    )
    const built = yield* Effect.fromResult(
      buildTransfer({
        network: context.network,
        from: context.address,
        recipient: params.recipientAddress,
        amount: BigInt(params.amount),
        utxos,
        feeRate: feeRateOf(estimates)
      })
    )
    const signInputs = built.inputs.map((_, index) => ({ address: context.address, index }))
    const preview = previewTransaction({
      tx: built.tx,
      network: context.network,
      mine: context.mine,
      signInputs,
      broadcast: true,
      prevouts: built.inputs.map((_, index) => built.tx.getInput(index).witnessUtxo)
    })
    return {
      preview,
      tx: built.tx,
      call: {
        method: "signPsbt",
        params: { account: context.address, psbt: built.psbt, signInputs, broadcast: true }
      }
    }
  })

/** The request decoded for its preview, or refused (a PSBT that does not decode, a transfer that cannot be). */
export const prepare = (
  rule: BitcoinRule,
  context: BitcoinContext
): Effect.Effect<Prepared, BitcoinError> => {
  switch (rule.method) {
    case "signMessage":
      return Effect.succeed({
        rule,
        preview: { _tag: "Message", protocol: rule.params.protocol ?? "bip322" },
        call: { method: rule.method, params: rule.params }
      })
    case "signPsbt": {
      const tx = decodePsbt(rule.params.psbt)
      if (tx === undefined) return fail({ _tag: "UnreadableTransaction" })
      return Effect.map(prevoutsOf(tx, context.esplora), (prevouts) => ({
        rule,
        tx,
        preview: previewTransaction({
          tx,
          network: context.network,
          mine: context.mine,
          signInputs: rule.params.signInputs,
          broadcast: rule.params.broadcast === true,
          prevouts
        }),
        call: { method: rule.method, params: rule.params }
      }))
    }
    case "sendTransfer":
      return Effect.map(transferPreview(context, rule.params), (built) => ({ rule, ...built }))
  }
}

/** Whether every input is segwit, so that the unsigned transaction's txid is the final one. */
const segwitOnly = (preview: BitcoinTransactionPreview, tx: Transaction) =>
  preview.inputs.every((_, index) => {
    const type = (() => {
      const prevout = prevoutInPsbt(tx, index)
      return prevout === undefined ? undefined : typeOfScript(prevout.script)
    })()
    return type === "p2wpkh" || type === "p2tr" || type === "p2wsh"
  })

const otherTransaction = () => fail({ _tag: "OtherTransaction" })

/**
 * The wallet's answer checked against what was previewed: a signed PSBT must keep the transaction (same
 * version, locktime, inputs, outputs and amounts), a txid must be its txid, a signature must verify. A
 * transfer answers `{txid}`, broadcasting the signed transaction itself when the wallet did not.
 */
export const settle = (
  prepared: Prepared,
  raw: unknown,
  context: BitcoinContext
): Effect.Effect<unknown, BitcoinError | SchemaDecodeError> =>
  Effect.gen(function* () {
    const { rule, preview, tx } = prepared
    if (rule.method === "signMessage") {
      const answer = yield* Effect.fromResult(
        decodeUnknownResult(BitcoinSignMessageResult, "signMessage result")(raw)
      )
      const { address, message } = rule.params
      if (!verifyMessage(context.network, address, message, answer.signature))
        return yield* fail({ _tag: "SignatureInvalid" })
      return { ...answer, address }
    }
    if (tx === undefined || preview._tag !== "Transaction") return yield* otherTransaction()
    const answer = yield* Effect.fromResult(
      decodeUnknownResult(BitcoinSignPsbtResult, `${rule.method} result`)(raw)
    )
    const signed = answer.psbt === undefined ? undefined : decodePsbt(answer.psbt)
    if (answer.psbt !== undefined && (signed === undefined || !sameTransaction(tx, signed)))
      return yield* otherTransaction()
    const expected = unsignedTxid(tx)
    // The wallet sent it itself: what went out is not the modal's to undo, but the visitor is told.
    if (answer.txid !== undefined && segwitOnly(preview, tx) && answer.txid !== expected)
      return yield* fail({ _tag: "OtherTransactionSent", txid: answer.txid })
    if (rule.method === "signPsbt" && (!preview.broadcast || answer.txid !== undefined)) return answer
    if (rule.method === "sendTransfer" && answer.txid !== undefined) return { txid: answer.txid }
    // Signed, not sent (broadcast asked): the modal finalizes and sends it; its txid must be the previewed one.
    const final = signed === undefined ? undefined : finalizeSigned(signed)
    if (final === undefined) {
      // A PSBT the dapp sends on with inputs of others still to sign: the dapp gets it as signed.
      if (rule.method === "signPsbt") return answer
      return yield* otherTransaction()
    }
    if (segwitOnly(preview, tx) && final.txid !== expected) return yield* otherTransaction()
    const txid = yield* context.esplora.broadcast(final.hex)
    if (txid !== final.txid) return yield* otherTransaction()
    return rule.method === "signPsbt" ? { ...answer, txid } : { txid }
  })
