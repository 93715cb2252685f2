/** What a swap quote and its review show, row by row, and the form's problems in words. */
import {
  formatPercent,
  formatRate,
  formatUsd,
  tokenText,
  usdValue
} from "../../../../../layers/format/format"
import { swapWords } from "../../../../../messages/compiled/en/swap"
import type { AmountProblem } from "../../../../../services/Send"
import type { SwapProblem, SwapQuote, SwapToken } from "../../../../../services/Swap"
import { useIntlLocale } from "../../../element/useIntlLocale"
import { useWords } from "../../../element/useWords"
import { amountProblemText, type FlowWords } from "../FlowStep"

/** The "swap" namespace's messages in the modal's locale. */
export const useSwapWords = () => useWords("swap", swapWords)

export type SwapWords = typeof swapWords

type SwapOwnProblem = Exclude<SwapProblem, AmountProblem>

const SWAP_PROBLEMS: Record<SwapOwnProblem, (t: SwapWords) => string> = {
  "same-token": (t) => t.sameToken(),
  "no-target": (t) => t.noTarget(),
  slippage: (t) => t.slippageProblem(),
  expired: (t) => t.expired()
}

const isSwapOwn = (problem: SwapProblem): problem is SwapOwnProblem => problem in SWAP_PROBLEMS

/** What keeps the form from a quote, in words; an amount's problem names the token paid. */
export const problemText = (
  words: { readonly swap: SwapWords; readonly flow: FlowWords },
  problem: SwapProblem,
  from: SwapToken | undefined,
  locale: string
): string =>
  isSwapOwn(problem)
    ? SWAP_PROBLEMS[problem](words.swap)
    : amountProblemText(words.flow, problem, from, locale)

/** An amount with its value in USD when its token's price is known: "1 sUSD ($1.00)". */
const AmountWithUsd = ({ value, token }: { readonly value: bigint; readonly token: SwapToken }) => {
  const t = useSwapWords()
  const locale = useIntlLocale()
  const amount = tokenText(value, token, locale)
  const usd = usdValue(value, token.decimals, token.price)
  return usd === undefined ? (
    <dd dir="ltr">{amount}</dd>
  ) : (
    <dd>{t.amountWithUsd({ amount, usd: formatUsd(usd, locale) })}</dd>
  )
}

/** The rows a quote and its review both show; an amount's value in USD when its token's price is known. */
export const Paid = ({ quote }: { readonly quote: SwapQuote }) => {
  const t = useSwapWords()
  return (
    <div>
      <dt>{t.youPay()}</dt>
      <AmountWithUsd value={quote.fromAmount} token={quote.from} />
    </div>
  )
}

export const Received = ({ quote }: { readonly quote: SwapQuote }) => {
  const t = useSwapWords()
  return (
    <div>
      <dt>{t.youReceiveAbout()}</dt>
      <AmountWithUsd value={quote.toAmount} token={quote.to} />
    </div>
  )
}

export const Rate = ({ quote }: { readonly quote: SwapQuote }) => {
  const t = useSwapWords()
  const locale = useIntlLocale()
  return (
    <div>
      <dt>{t.rate()}</dt>
      <dd dir="ltr">
        {t.rateValue({
          from: quote.from.symbol,
          rate: formatRate(Number(quote.rate), locale),
          to: quote.to.symbol
        })}
      </dd>
    </div>
  )
}

export const Minimum = ({ quote, slippage }: { readonly quote: SwapQuote; readonly slippage: string }) => {
  const t = useSwapWords()
  const locale = useIntlLocale()
  return (
    <div>
      <dt>{t.minimumReceived({ percent: formatPercent(Number(slippage), locale) })}</dt>
      <dd dir="ltr">{tokenText(quote.minimumReceived, quote.to, locale)}</dd>
    </div>
  )
}

/** What a quote gives, as the form shows it while the visitor types. */
export const quoteDetails = (slippage: string) => (quote: SwapQuote) => (
  <>
    <Paid quote={quote} />
    <Received quote={quote} />
    <Rate quote={quote} />
    <Minimum quote={quote} slippage={slippage} />
  </>
)
