/**
 * What a Bitcoin request asks, as structure the approval view words: a message as the dapp sent it, a
 * PSBT (its inputs and outputs are the Bitcoin review's, decoded by the request path), a transfer's
 * recipient and amount in BTC. No PSBT code here: this module belongs to the approval view's chunk.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams
} from "../../schemas/Bitcoin"
import { type DescribedBody, row, unreadable, valueRow } from "./requestValues"

export const describeBitcoinMessage = (params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(BitcoinSignMessageParams)(params)
  if (Option.isNone(decoded)) return unreadable("SignMessage")
  return {
    title: "SignMessage",
    rows: [row("Signer", decoded.value.address, "code"), row("Message", decoded.value.message, "message")]
  }
}

export const describeBitcoinPsbt = (params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(BitcoinSignPsbtParams)(params)
  if (Option.isNone(decoded)) return unreadable("SignTransaction")
  return {
    title: decoded.value.broadcast === true ? "SignAndSendTransaction" : "SignTransaction",
    rows: []
  }
}

export const describeBitcoinTransfer = (params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(BitcoinSendTransferParams)(params)
  // The modal builds the transaction the wallet signs and sends ("Transfer tokens" would name an ERC-20's).
  if (Option.isNone(decoded)) return unreadable("SignAndSendTransaction")
  return {
    title: "SignAndSendTransaction",
    rows: [
      row("Recipient", decoded.value.recipientAddress, "code"),
      valueRow("Amount", {
        _tag: "Amount",
        amount: { _tag: "Token", amount: BigInt(decoded.value.amount), decimals: 8, symbol: "BTC" }
      })
    ]
  }
}
