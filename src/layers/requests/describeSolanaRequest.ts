/**
 * What a Solana wallet request asks, as structure the approval view words: a message to sign (as text when it is readable), a
 * Sign-In-With-Solana's fields, or how many transactions (their instructions are not decoded here).
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { SolanaSignInParams, SolanaSignMessageParams } from "../../schemas/Solana"
import {
  type DescribedBody,
  decodeBase58,
  readableText,
  row,
  type TitleKind,
  unreadable,
  valueRow
} from "./requestValues"

export const describeSolanaMessage = (params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(SolanaSignMessageParams)(params)
  if (Option.isNone(decoded)) return unreadable("SignMessage")
  const { message, pubkey } = decoded.value
  const bytes = decodeBase58(message)
  const text = bytes === undefined ? undefined : readableText(bytes, true)
  return {
    title: "SignMessage",
    rows: [
      row("PublicKey", pubkey, "code"),
      text === undefined ? row("MessageBase58", message, "code") : row("Message", text, "message")
    ]
  }
}

/** Sign-In-With-Solana: the wallet writes the message from these fields, so the fields are what is shown. */
export const describeSolanaSignIn = (params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(SolanaSignInParams)(params)
  if (Option.isNone(decoded)) return unreadable("SignIn")
  const { domain, statement, chainId, nonce } = decoded.value
  const rows = [
    ...(domain === undefined ? [] : [row("Website", domain, "text")]),
    ...(statement === undefined ? [] : [row("Statement", statement, "message")]),
    ...(chainId === undefined ? [] : [row("Network", chainId, "code")]),
    ...(nonce === undefined ? [] : [row("Nonce", nonce, "code")])
  ]
  // Nothing readable to show: shown as sent, like any request the modal cannot read.
  return rows.length === 0 ? unreadable("SignIn") : { title: "SignIn", rows }
}

const SolanaTransactions = Schema.Union([
  Schema.Struct({ transactions: Schema.Array(Schema.String) }),
  Schema.Struct({ transaction: Schema.String })
])

export const describeSolanaTransactions = (title: TitleKind, params: unknown): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(SolanaTransactions)(params)
  if (Option.isNone(decoded)) return unreadable(title)
  const count = "transactions" in decoded.value ? decoded.value.transactions.length : 1
  return {
    title,
    rows: [valueRow("Transactions", { _tag: "Count", count }), valueRow("Contents", { _tag: "NotDecoded" })]
  }
}
