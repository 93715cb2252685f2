/** The pool's fee, in basis points: 0.3 %. */
export declare const POOL_FEE_BPS: number
/** `SandboxPool.getAmountOut`: the output after the fee, rounded down; RangeError for a non-positive input or reserve. */
export declare function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint
/** The `minOut` for a swap quoted at `amountOut` at `slippageBps` (100 = 1 %), rounded down. */
export declare function minimumReceived(amountOut: bigint, slippageBps: number): bigint
/** The price impact in basis points, rounded up, the fee not counted. */
export declare function priceImpactBps(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): number
export interface SwapQuote {
  readonly amountOut: bigint
  readonly minimumReceived: bigint
  readonly priceImpactBps: number
  readonly reserveInAfter: bigint
  readonly reserveOutAfter: bigint
}
export declare function quoteSwap(options: {
  readonly amountIn: bigint
  readonly reserveIn: bigint
  readonly reserveOut: bigint
  readonly slippageBps: number
}): SwapQuote
