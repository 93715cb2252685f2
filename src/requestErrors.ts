/**
 * The catalogue's errors (`errors.ts`) for a request that is not what the visitor approved: a review whose
 * network or account is no longer the active one, another sender named by the dapp, or a wallet whose
 * answer names another transaction.
 */
import * as Data from "effect/Data"

/**
 * A dapp's request names a sender or signer other than the connected account (SPEC.md: the account is the
 * connected one); refused before any approval screen and before the wallet.
 */
export class AccountMismatchError extends Data.TaggedError("AccountMismatchError")<{
  /** The connected account. */
  readonly expected: string
  /** The account the request named, as the dapp sent it. */
  readonly requested: string
  readonly cause?: unknown
}> {
  override readonly message = "Account mismatch: the request is not from the connected account"
}

/** A field of a sent request that the transaction a wallet's hash names may contradict. */
export type SentField = "from" | "to" | "value" | "data" | "chain" | "nonce"

/**
 * The hash a wallet answered to a send names another transaction than the one sent (another sender,
 * receiver, value, data or chain): the send is not confirmed.
 */
export class TransactionMismatchError extends Data.TaggedError("TransactionMismatchError")<{
  readonly hash: string
  /** The fields that differ from the request. */
  readonly fields: ReadonlyArray<SentField>
  readonly cause?: unknown
}> {
  override readonly message = "Transaction mismatch: the wallet answered with another transaction"
}

/** What changed since a review: the namespace or network, or the connected account. */
export type ReviewChange = "network" | "account"

/**
 * A review was made for a namespace, network and account that are no longer the active ones (the dapp or
 * the wallet switched between the review and the confirmation): nothing was sent, the form shows again.
 */
export class ReviewChangedError extends Data.TaggedError("ReviewChangedError")<{
  readonly change: ReviewChange
  /** The review's network (CAIP-2) or account. */
  readonly reviewed: string
  /** The active network or account now; `undefined`: none. */
  readonly active: string | undefined
  readonly cause?: unknown
}> {
  override readonly message =
    `Review changed: ${this.change} ${this.reviewed} is now ${this.active ?? "none"}`
}
