/** What a swap quote and its review show, row by row, and the form's problems in words. */
import {
  formatPercent,
  formatRate,
  formatUsd,
  tokenText,
  usdValue
} from "../../../../../layers/format/format"
import type { AmountProblem } from "../../../../../services/Send"
import type { SwapProblem, SwapQuote, SwapToken } from "../../../../../services/Swap"
import { amountProblemText } from "../FlowStep"

type SwapOwnProblem = Exclude<SwapProblem, AmountProblem>

const SWAP_PROBLEMS: Record<SwapOwnProblem, string> = {
  "same-token": "Choose two different tokens",
  "no-target": "Choose the token to receive",
  slippage: "Enter a slippage tolerance from 0.01 to 50 %",
  expired: "The quote expired: check the new one, then review again"
}

const isSwapOwn = (problem: SwapProblem): problem is SwapOwnProblem => problem in SWAP_PROBLEMS

/** What keeps the form from a quote, in words; an amount's problem names the token paid. */
export const problemText = (problem: SwapProblem, from: SwapToken | undefined): string =>
  isSwapOwn(problem) ? SWAP_PROBLEMS[problem] : amountProblemText(problem, from)

/** An amount's value in USD, when its token's price is known: " ($12.50)". */
export const usdOf = (value: bigint, token: SwapToken) => {
  const usd = usdValue(value, token.decimals, token.price)
  return usd === undefined ? "" : ` (${formatUsd(usd)})`
}

/** The rows a quote and its review both show; an amount's value in USD when its token's price is known. */
export const Paid = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>You pay</dt>
    <dd>
      {tokenText(quote.fromAmount, quote.from)}
      {usdOf(quote.fromAmount, quote.from)}
    </dd>
  </div>
)

export const Received = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>You receive about</dt>
    <dd>
      {tokenText(quote.toAmount, quote.to)}
      {usdOf(quote.toAmount, quote.to)}
    </dd>
  </div>
)

export const Rate = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>Rate</dt>
    <dd>
      1 {quote.from.symbol} = {formatRate(Number(quote.rate))} {quote.to.symbol}
    </dd>
  </div>
)

export const Minimum = ({ quote, slippage }: { readonly quote: SwapQuote; readonly slippage: string }) => (
  <div>
    <dt>Minimum received at {formatPercent(Number(slippage))} slippage</dt>
    <dd>{tokenText(quote.minimumReceived, quote.to)}</dd>
  </div>
)

/** What a quote gives, as the form shows it while the visitor types. */
export const quoteDetails = (slippage: string) => (quote: SwapQuote) => (
  <>
    <Paid quote={quote} />
    <Received quote={quote} />
    <Rate quote={quote} />
    <Minimum quote={quote} slippage={slippage} />
  </>
)
