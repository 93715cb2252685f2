/**
 * The catalogue's error (`errors.ts`) of a payment (`modal.pay`) that did not go through, and why. Its
 * sentences are namespace `payErrors`, apart from the Pay view's words: Pay's service shell, which every
 * modal runs, makes this error when the flow's code cannot load, and must not bring the view's words along.
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { payErrorsWords } from "./messages/compiled/en/payErrors"

/** Why a payment did not go through, in the visitor's and the host's terms. */
export type PayFailureReason =
  /** The amount is not a decimal number above zero within the asset's decimals (SPEC.md §5). */
  | "invalid-amount"
  /** The recipient is not an address of the asset's namespace (EVM: 40 hex, checksummed when mixed case; Solana: base58 of 32 bytes). */
  | "invalid-recipient"
  /** The asset is not a CAIP-19 id Pay moves (a native coin, an ERC-20, an SPL token), or its token could not be read. */
  | "unsupported-asset"
  /** The asset's network is not one the host configured (or `network` names another one). */
  | "unsupported-network"
  /** The visitor declined in the wallet. */
  | "declined"
  /** The visitor's balance of the asset is below the amount, and no other way was taken before closing. */
  | "insufficient-balance"
  /** The exchange's transfer did not arrive in time, or the chain never settled the transaction. */
  | "expired"
  /** The visitor closed the modal, or another payment replaced this one. */
  | "closed"
  /** The transaction failed on chain, or the wallet or the network failed otherwise. */
  | "failed"

const SENTENCES: { readonly [R in PayFailureReason]: keyof typeof payErrorsWords } = {
  "invalid-amount": "invalidAmount",
  "invalid-recipient": "invalidRecipient",
  "unsupported-asset": "unsupportedAsset",
  "unsupported-network": "unsupportedNetwork",
  declined: "declined",
  "insufficient-balance": "insufficientBalance",
  expired: "expired",
  closed: "closed",
  failed: "other"
}

export class PayFailedError extends Data.TaggedError("PayFailedError")<{
  readonly reason: PayFailureReason
  readonly cause?: unknown
}> {
  override readonly message = `Payment failed: ${this.reason}`
  /** What the visitor reads (`present()`): the product's sentence for the reason, in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.payErrors ?? payErrorsWords)[SENTENCES[this.reason]]()
  }
}
