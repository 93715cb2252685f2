// The SandboxPool formula off chain (contracts/SandboxPool.sol): what a swap pays out after the 0.3 % fee, the
// minimum received at a slippage tolerance, and the price impact. Amounts are bigints in base units, as on
// chain, so a quote here is the pool's answer to the unit; tolerances and impacts are basis points.

/** The pool's fee, in basis points: 0.3 %. */
export const POOL_FEE_BPS = 30
const BPS = 10_000n
const KEPT_BPS = BPS - BigInt(POOL_FEE_BPS)

/**
 * @param {bigint} amountIn
 * @param {bigint} reserveIn
 * @param {bigint} reserveOut
 */
const checkAmounts = (amountIn, reserveIn, reserveOut) => {
  // The contract's own reasons, so an off-chain refusal reads like the on-chain one.
  if (amountIn <= 0n) throw new RangeError("insufficient input amount")
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError("insufficient liquidity")
}

/**
 * What `amountIn` buys from a pool holding `reserveIn` of the input and `reserveOut` of the output, after the
 * fee, rounded down: `SandboxPool.getAmountOut`. Throws a RangeError for a non-positive input or reserve.
 * @param {bigint} amountIn
 * @param {bigint} reserveIn
 * @param {bigint} reserveOut
 * @returns {bigint}
 */
export function getAmountOut(amountIn, reserveIn, reserveOut) {
  checkAmounts(amountIn, reserveIn, reserveOut)
  // 9970/10000 is the contract's 997/1000.
  const amountInWithFee = amountIn * KEPT_BPS
  return (amountInWithFee * reserveOut) / (reserveIn * BPS + amountInWithFee)
}

/**
 * @param {string} name
 * @param {number} bps
 */
const checkBps = (name, bps) => {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) {
    throw new RangeError(`${name} must be a whole number of basis points from 0 to 10000, got ${bps}`)
  }
}

/**
 * The least a swap quoted at `amountOut` may pay and still go through at `slippageBps` (100 = 1 %), rounded
 * down: the `minOut` to send with the swap.
 * @param {bigint} amountOut
 * @param {number} slippageBps
 * @returns {bigint}
 */
export function minimumReceived(amountOut, slippageBps) {
  checkBps("slippageBps", slippageBps)
  if (amountOut < 0n) throw new RangeError("amountOut must not be negative")
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS
}

/**
 * How far the swap moves the price against the trader, in basis points rounded up (a small impact is never
 * shown as none): the output short of what the pool's price before the swap would give for the input after
 * the fee. For a constant product that is `in' / (reserveIn + in')`, `in'` being the input after the fee;
 * the fee itself is not counted, it is shown apart.
 * @param {bigint} amountIn
 * @param {bigint} reserveIn
 * @param {bigint} reserveOut
 * @returns {number}
 */
export function priceImpactBps(amountIn, reserveIn, reserveOut) {
  checkAmounts(amountIn, reserveIn, reserveOut)
  const amountInWithFee = amountIn * KEPT_BPS
  const denominator = reserveIn * BPS + amountInWithFee
  return Number((amountInWithFee * BPS + denominator - 1n) / denominator)
}

/**
 * A full quote against reserves: the amount out, the minimum received at `slippageBps`, the price impact and
 * the reserves the swap leaves (the input added, the output taken).
 */
/**
 * @typedef {object} SwapQuote
 * @property {bigint} amountOut
 * @property {bigint} minimumReceived
 * @property {number} priceImpactBps
 * @property {bigint} reserveInAfter
 * @property {bigint} reserveOutAfter
 * @param {{ readonly amountIn: bigint, readonly reserveIn: bigint, readonly reserveOut: bigint, readonly slippageBps: number }} options
 * @returns {SwapQuote}
 */
export function quoteSwap({ amountIn, reserveIn, reserveOut, slippageBps }) {
  const amountOut = getAmountOut(amountIn, reserveIn, reserveOut)
  return {
    amountOut,
    minimumReceived: minimumReceived(amountOut, slippageBps),
    priceImpactBps: priceImpactBps(amountIn, reserveIn, reserveOut),
    reserveInAfter: reserveIn + amountIn,
    reserveOutAfter: reserveOut - amountOut
  }
}
