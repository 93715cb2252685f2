/**
 * Builds a transfer from the wallet's coins: the payment address's UTXOs (Esplora's shape), the recipients,
 * a fee rate in sat/vB; change back to the payment address, dust left to the fee, as
 * `@scure/btc-signer`'s coin selection decides. Free of DOM code.
 */
import * as btc from "@scure/btc-signer"
import { REGTEST } from "../../shared/bitcoin"
import { BitcoinRequestError } from "./errors"
import { type BitcoinKey, isRegtestAddress } from "./keys"

/** Esplora's `GET /address/:a/utxo` item. */
export interface Utxo {
  readonly txid: string
  readonly vout: number
  readonly value: number
  readonly status?: { readonly confirmed: boolean }
}

export interface Recipient {
  readonly address: string
  /** Satoshis. */
  readonly amount: bigint
}

export interface Transfer {
  /** Unsigned; its inputs carry their witnessUtxo (and taproot's internal key). */
  readonly tx: btc.Transaction
  readonly fee: bigint
  readonly feeRate: number
}

/** Checks recipients: regtest addresses, whole positive amounts. */
export const checkRecipients = (recipients: ReadonlyArray<Recipient>) => {
  if (recipients.length === 0) throw new BitcoinRequestError("No recipient.")
  for (const { address, amount } of recipients) {
    if (!isRegtestAddress(address)) throw new BitcoinRequestError(`${address} is not a regtest address.`)
    if (amount <= 0n) throw new BitcoinRequestError(`The amount to ${address} is not positive.`)
  }
}

/** Pays `recipients` from `from`'s `utxos` at `feeRate` sat/vB (rounded up to a whole sat/vB). */
export const buildTransfer = (
  from: BitcoinKey,
  utxos: ReadonlyArray<Utxo>,
  recipients: ReadonlyArray<Recipient>,
  feeRate: number,
  changeAddress: string = from.address
): Transfer => {
  checkRecipients(recipients)
  if (!isRegtestAddress(changeAddress)) {
    throw new BitcoinRequestError(`${changeAddress} is not a regtest address.`)
  }
  const rate = BigInt(Math.max(1, Math.ceil(feeRate)))
  const inputs = utxos.map((utxo) => ({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: from.script, amount: BigInt(utxo.value) },
    ...(from.addressType === "p2tr" ? { tapInternalKey: from.publicKey } : {})
  }))
  const selected = btc.selectUTXO(
    inputs,
    recipients.map(({ address, amount }) => ({ address, amount })),
    "default",
    { changeAddress, feePerByte: rate, network: REGTEST, bip69: false, createTx: true }
  )
  if (selected?.tx === undefined) {
    throw new BitcoinRequestError("The wallet's coins do not cover the amount and the fee.")
  }
  return { tx: selected.tx, fee: selected.fee ?? selected.tx.fee, feeRate: Number(rate) }
}
