/**
 * The catalogue's errors (`errors.ts`) of the Swap flow: a network without swaps or gas prices, and why a swap
 * has no quote or did not go through. Loaded with the flow, not with the first paint.
 */
import * as Data from "effect/Data"

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
 * The product's sentence for each reason. Kept with the error, which only the lazily loaded Swap flow makes,
 * so the first paint does not carry them.
 */
const SWAP_FAILURES: { readonly [R in SwapFailureReason]: string } = {
  "no-route": "No route between these tokens: choose another pair",
  liquidity: "Not enough liquidity for this amount: try a smaller one",
  "too-small": "This amount is too small to swap: try a larger one",
  expired: "The quote expired: check the new one",
  reverted: "The swap reverted: the price moved beyond your slippage tolerance. Nothing was swapped",
  "approval-reverted": "The approval failed on chain. Nothing was swapped",
  "unsafe-approval":
    "The swap provider asked for an approval this swap does not need. Nothing was sent to your wallet",
  "unsafe-swap":
    "The swap provider built a transaction that does not match this swap. Nothing was sent to your wallet",
  "below-minimum":
    "The price moved: this swap would now give less than your minimum. Nothing was sent; check the new quote",
  "would-revert": "This swap would fail on chain. Nothing was sent to your wallet",
  unverified: "This swap could not be checked on this network, so it was not sent to your wallet"
}

export class SwapFailedError extends Data.TaggedError("SwapFailedError")<{
  readonly reason: SwapFailureReason
  readonly cause?: unknown
}> {
  override readonly message = `Swap failed: ${this.reason}`
  /** What the visitor reads (`present()`): the product's sentence for the reason. */
  get sentence(): string {
    return SWAP_FAILURES[this.reason]
  }
}
