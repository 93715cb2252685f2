/**
 * The catalogue's errors (`errors.ts`) of the Swap flow: a network without swaps or gas prices, and why a swap
 * has no quote or did not go through. Loaded with the flow, not with the first paint.
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { swapErrorsWords } from "./messages/compiled/en/swapErrors"

type ChainId = string | number

export class SwapNetworkUnsupportedError extends Data.TaggedError("SwapNetworkUnsupportedError")<{
  readonly chainId?: ChainId | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Network not supported for Swaps"
}

export class GasPriceNetworkUnsupportedError extends Data.TaggedError("GasPriceNetworkUnsupportedError")<{
  readonly chainId?: ChainId | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Network not supported for Gas Price"
}

/** Why a swap has no quote or did not go through, in the visitor's terms (never the provider's text). */
export type SwapFailureReason =
  /** The provider trades neither way between these two tokens. */
  | "no-route"
  /** The pair trades, but not this much: its pools hold too little. */
  | "liquidity"
  /** The pair trades, but this amount buys less than the smallest unit of the other token. */
  | "too-small"
  /** The quote was older than its lifetime when confirmed; a new one is shown. */
  | "expired"
  /** The swap was mined but reverted: the price moved past the slippage tolerance, or the deadline passed. */
  | "reverted"
  /** The approval the swap needs was mined but reverted. */
  | "approval-reverted"
  /** The API's approval is not `approve(the swap's contract, …)` on the sold token from the account: not sent. */
  | "unsafe-approval"
  /** The API's swap is not from the account on the quoted network with the amount in, or the simulation
   * shows it moving the account's tokens otherwise than the quote says: not sent. */
  | "unsafe-swap"
  /** The simulation gives less than the minimum at the visitor's slippage (the price moved): not sent. */
  | "below-minimum"
  /** The simulation says the swap would fail on chain: not sent. */
  | "would-revert"
  /** The network could not simulate the swap, so what it does is unproven: not sent. */
  | "unverified"

/**
 * The product's sentence for each reason (namespace `swapErrors`). Kept with the error, which only the lazily
 * loaded Swap flow makes, so the first paint does not carry them.
 */
const SWAP_FAILURES: { readonly [R in SwapFailureReason]: keyof typeof swapErrorsWords } = {
  "no-route": "noRoute",
  liquidity: "liquidity",
  "too-small": "tooSmall",
  expired: "expired",
  reverted: "reverted",
  "approval-reverted": "approvalReverted",
  "unsafe-approval": "unsafeApproval",
  "unsafe-swap": "unsafeSwap",
  "below-minimum": "belowMinimum",
  "would-revert": "wouldRevert",
  unverified: "unverified"
}

export class SwapFailedError extends Data.TaggedError("SwapFailedError")<{
  readonly reason: SwapFailureReason
  readonly cause?: unknown
}> {
  override readonly message = `Swap failed: ${this.reason}`
  /** What the visitor reads (`present()`): the product's sentence for the reason, in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.swapErrors ?? swapErrorsWords)[SWAP_FAILURES[this.reason]]()
  }
}
