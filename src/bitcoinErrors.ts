/**
 * The catalogue's errors (`errors.ts`) of Bitcoin requests, transfers and sends: what the modal checked and
 * refused (an address of another network, dust, funds short of the amount and its fee, a wallet that signed
 * another transaction or a signature that does not verify) and what the network said (no answer, a refused
 * broadcast, whose reason is the chain's own code, shown as given). The sentences are namespace `bitcoin`
 * (`sentence(catalog)`).
 */
import * as Data from "effect/Data"
import { formatTokenExact } from "./layers/format/format"
import type { Catalog } from "./messages/compiled/catalog"
import { bitcoinWords } from "./messages/compiled/en/bitcoin"
import { boundedText } from "./walletErrors"

export type BitcoinFailure =
  | { readonly _tag: "InvalidRecipient"; readonly address: string }
  | { readonly _tag: "BelowDust"; readonly dust: bigint }
  /** `needed`: the amount and its fee, in sats. */
  | {
      readonly _tag: "InsufficientFunds"
      readonly needed: bigint
      readonly fee: bigint
      readonly available: bigint
    }
  /** The wallet's signed PSBT is not the transaction the visitor approved; the modal sent nothing. */
  | { readonly _tag: "OtherTransaction" }
  /** The wallet itself sent a transaction (its txid) other than the one the visitor approved. */
  | { readonly _tag: "OtherTransactionSent"; readonly txid: string }
  | { readonly _tag: "SignatureInvalid" }
  /** The network's Esplora did not answer, in time or at all, or answered something unreadable. */
  | { readonly _tag: "NetworkUnreachable" }
  /** `code`: the chain's reason, as it gave it (bounded). */
  | { readonly _tag: "BroadcastRefused"; readonly code: string }
  | { readonly _tag: "UnreadableTransaction" }
  | { readonly _tag: "UnknownNetwork" }

const btc = (sats: bigint) => formatTokenExact(sats, 8)

export class BitcoinError extends Data.TaggedError("BitcoinError")<{
  readonly failure: BitcoinFailure
  readonly cause?: unknown
}> {
  override readonly message = `Bitcoin request refused: ${this.failure._tag}`
  /** What the visitor reads (`present()`), in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    const w = catalog?.bitcoin ?? bitcoinWords
    const f = this.failure
    switch (f._tag) {
      case "InvalidRecipient":
        return w.invalidRecipient()
      case "BelowDust":
        return w.belowDust({ dust: f.dust.toString() })
      case "InsufficientFunds":
        return w.insufficientFunds({ needed: btc(f.needed), fee: btc(f.fee), available: btc(f.available) })
      case "OtherTransaction":
        return w.otherTransaction()
      case "OtherTransactionSent":
        return w.otherTransactionSent()
      case "SignatureInvalid":
        return w.signatureInvalid()
      case "NetworkUnreachable":
        return w.networkUnreachable()
      case "BroadcastRefused":
        return w.broadcastRefused({ code: boundedText(f.code) ?? "?" })
      case "UnreadableTransaction":
        return w.unreadableTransaction()
      case "UnknownNetwork":
        return w.unknownNetwork()
    }
  }
}
