/**
 * The Swap form's rules (SPEC.md §9): the networks swaps are offered on, the tokens a visitor can swap (the
 * API's swappable list joined with the account's balances), the slippage tolerance, and the figures a quote
 * shows: rate and minimum received, in the pool's integer arithmetic. Pure.
 */
import type { TokenBalance } from "../../../schemas/Balance"
import type { ConvertToken } from "../../../schemas/Convert"
import type { AmountProblem } from "../../../services/Send"
import type { SwapProblem, SwapToken } from "../../../services/Swap"
import { checkAmount, sendableTokens } from "../send/sendForm"

/** SPEC.md §9: the 12 EVM networks the swap provider serves. */
export const SWAP_NETWORKS: ReadonlyArray<string> = [
  "eip155:1",
  "eip155:42161",
  "eip155:10",
  "eip155:324",
  "eip155:8453",
  "eip155:56",
  "eip155:137",
  "eip155:100",
  "eip155:43114",
  "eip155:250",
  "eip155:8217",
  "eip155:1313161554"
]

/** SPEC.md §9: the default slippage tolerance, in percent. */
export const DEFAULT_SLIPPAGE = "1"
const MAX_SLIPPAGE_PERCENT = 50
/** How the Blockchain API names a chain's native coin in a CAIP-10 token address. */
export const NATIVE_TOKEN_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

const addressOf = (caip: string): string => caip.slice(caip.lastIndexOf(":") + 1).toLowerCase()

/**
 * The swappable tokens of `chainId` with the account's balances, native first, then the ones held (largest
 * value first), then the rest in the API's order. A held token the API does not list cannot be swapped.
 */
export const swapTokens = (
  listed: ReadonlyArray<ConvertToken>,
  balances: ReadonlyArray<TokenBalance>,
  chainId: string
): ReadonlyArray<SwapToken> => {
  const held = new Map(
    sendableTokens(balances, chainId).map((token) => [
      token.key === "native" ? NATIVE_TOKEN_ADDRESS : token.key.toLowerCase(),
      token
    ])
  )
  const seen = new Set<string>()
  const tokens = listed.flatMap((token): ReadonlyArray<SwapToken> => {
    if (!token.address.startsWith(`${chainId}:`)) return []
    const address = addressOf(token.address)
    if (seen.has(address)) return []
    seen.add(address)
    const holding = held.get(address)
    return [
      {
        caip: token.address,
        native: address === NATIVE_TOKEN_ADDRESS,
        name: token.name ?? token.symbol ?? "Token",
        symbol: token.symbol ?? "",
        decimals: token.decimals,
        balance: holding?.decimals === token.decimals ? holding.balance : 0n,
        price: holding?.price ?? 0,
        logoUri: token.logoUri ?? undefined
      }
    ]
  })
  const value = (token: SwapToken) => (Number(token.balance) / 10 ** token.decimals) * token.price
  return tokens
    .map((token, index) => ({ token, index }))
    .sort(
      (a, b) =>
        Number(b.token.native) - Number(a.token.native) ||
        Number(b.token.balance > 0n) - Number(a.token.balance > 0n) ||
        value(b.token) - value(a.token) ||
        a.index - b.index
    )
    .map(({ token }) => token)
}

/** The slippage tolerance in basis points, or `undefined` when it is not a percentage from 0.01 to 50. */
export const slippageBps = (text: string): number | undefined => {
  const trimmed = text.trim()
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(trimmed)) return undefined
  const bps = Math.round(Number(trimmed) * 100)
  return bps >= 1 && bps <= MAX_SLIPPAGE_PERCENT * 100 ? bps : undefined
}

/** What a swap quote yields at the least, after `bps` basis points of slippage (rounded down). */
export const minimumReceived = (toAmount: bigint, bps: number): bigint =>
  (toAmount * BigInt(10_000 - bps)) / 10_000n

/** How many `to` one `from` buys at this quote, as a decimal string with `digits` significant digits. */
export const rateOf = (
  fromAmount: bigint,
  fromDecimals: number,
  toAmount: bigint,
  toDecimals: number,
  digits = 6
): string => {
  if (fromAmount === 0n) return "0"
  const rate = Number(toAmount) / 10 ** toDecimals / (Number(fromAmount) / 10 ** fromDecimals)
  return Number(rate.toPrecision(digits)).toString()
}

/** The amount to swap in base units, or what is wrong with the form before any quote. */
export const checkSwap = (
  draft: { readonly from: string; readonly to: string | undefined; readonly amount: string },
  tokens: ReadonlyArray<SwapToken>
):
  | { readonly ok: true; readonly from: SwapToken; readonly to: SwapToken; readonly amount: bigint }
  | { readonly ok: false; readonly problem: SwapProblem } => {
  const from = tokens.find((token) => token.caip === draft.from)
  const to = tokens.find((token) => token.caip === draft.to)
  if (from === undefined || to === undefined) return { ok: false, problem: "no-target" }
  if (from.caip === to.caip) return { ok: false, problem: "same-token" }
  const amount = checkAmount(draft.amount, {
    key: "native",
    name: from.name,
    symbol: from.symbol,
    decimals: from.decimals,
    balance: from.balance,
    price: from.price
  })
  return amount.ok ? { ok: true, from, to, amount: amount.amount } : amount
}

/**
 * Whether the account pays `fee` (native units) besides the swap: from what is left of the native coin
 * when swapping it, else from the native balance.
 */
export const swapFeeProblem = (
  from: SwapToken,
  amount: bigint,
  fee: bigint,
  nativeBalance: bigint
): AmountProblem | undefined => {
  if (from.native) return amount + fee > from.balance ? "over-balance-with-fee" : undefined
  return fee > nativeBalance ? "no-fee-balance" : undefined
}

/**
 * What to quote after the API refused `amount`, to tell why: one whole token, or a thousandth of the amount
 * when that is what was asked. A probe that trades says the pair has a route, only not for this amount.
 */
export const probeAmount = (amount: bigint, decimals: number): bigint => {
  const whole = 10n ** BigInt(decimals)
  if (amount !== whole) return whole
  return amount / 1000n > 0n ? amount / 1000n : 1n
}
