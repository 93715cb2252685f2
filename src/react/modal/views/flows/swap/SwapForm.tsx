/**
 * The Swap form: what is paid and what is received, each a token-amount field with its picker, the flip
 * button between them, the slippage tolerance in a small settings panel (0.5, 1 or 3 %, or the visitor's
 * own), then the quote.
 */
import { useId, useState } from "react"
import {
  formatPercent,
  formatToken,
  formatUnits,
  formatUsd,
  tokenText,
  usdValue
} from "../../../../../layers/format/format"
import type { SwapState, SwapToken } from "../../../../../services/Swap"
import { makeImagesPort } from "../../../bridge/imagesPort"
import { useController } from "../../../element/context"
import { useIntlLocale } from "../../../element/useIntlLocale"
import { TokenAmountField } from "../../../ui/TokenAmountField"
import type { PickerToken } from "../../../ui/TokenPicker"
import { FieldProblem, FlowForm, FlowQuote, ReviewChanged, useFlowWords } from "../FlowStep"
import { problemText, quoteDetails, useSwapWords } from "./swapRows"

/** The slippage tolerances offered with one click, in percent. */
export const SLIPPAGE_PRESETS: ReadonlyArray<string> = ["0.5", "1", "3"]

const SlippageSettings = ({ slippage }: { readonly slippage: string }) => {
  const controller = useController()
  const t = useSwapWords()
  const locale = useIntlLocale()
  const ids = { panel: useId(), custom: useId() }
  const [open, setOpen] = useState(false)
  const set = (value: string) => void controller.swap.edit({ slippage: value })
  return (
    <div className="slippage">
      <button
        type="button"
        className="slippage-toggle"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t.slippageToggle({
          percent: Number.isFinite(Number(slippage)) ? formatPercent(Number(slippage), locale) : slippage
        })}
      </button>
      {open ? (
        <fieldset id={ids.panel} className="slippage-panel">
          <legend>{t.slippage()}</legend>
          {SLIPPAGE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="slippage-preset"
              aria-pressed={slippage === preset}
              onClick={() => set(preset)}
            >
              {formatPercent(Number(preset), locale)}
            </button>
          ))}
          <label htmlFor={ids.custom} className="slippage-custom">
            {t.custom()}
            <input
              id={ids.custom}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={SLIPPAGE_PRESETS.includes(slippage) ? "" : slippage}
              placeholder={t.customPlaceholder()}
              onChange={(event) => set(event.currentTarget.value)}
            />
          </label>
        </fieldset>
      ) : null}
    </div>
  )
}

export const SwapForm = ({
  state
}: {
  readonly state: Extract<SwapState, { _tag: "Editing" | "Preparing" }>
}) => {
  const controller = useController()
  const t = useSwapWords()
  const flow = useFlowWords()
  const locale = useIntlLocale()
  const help = useId()
  const { draft, tokens } = state
  const problem = state._tag === "Editing" ? state.problem : undefined
  const from = tokens.find((token) => token.caip === draft.from)
  const to = tokens.find((token) => token.caip === draft.to)
  const quoted = state.quote._tag === "Quoted" ? state.quote.quote : undefined
  if (tokens.length === 0) return <p className="empty">{t.noTokens()}</p>
  const images = makeImagesPort(controller.imageUrls)
  const pickerToken = (token: SwapToken): PickerToken => ({
    key: token.caip,
    symbol: token.symbol,
    name: token.name,
    icon: images.token({ iconUrl: token.logoUri, symbol: token.symbol }),
    balance: token.balance > 0n ? formatToken(token.balance, token.decimals, locale) : undefined
  })
  const fiat = (value: bigint | undefined, token: SwapToken | undefined) => {
    const usd =
      value === undefined || token === undefined ? undefined : usdValue(value, token.decimals, token.price)
    return usd === undefined ? undefined : formatUsd(usd, locale)
  }
  return (
    <FlowForm
      onSubmit={() => void controller.swap.review()}
      submit={{
        label: t.reviewSwap(),
        busy: state._tag === "Preparing" ? t.preparingSwap() : undefined,
        disabled: state.quote._tag !== "Quoted"
      }}
    >
      <TokenAmountField
        label={t.amountYouPay()}
        pickerLabel={t.youPay()}
        amount={draft.amount}
        onAmount={(amount) => void controller.swap.edit({ amount })}
        token={from === undefined ? undefined : pickerToken(from)}
        tokens={tokens.map(pickerToken)}
        onToken={(caip) => void controller.swap.edit({ from: caip })}
        balance={from === undefined ? undefined : tokenText(from.balance, from, locale)}
        onMax={
          from === undefined || from.native
            ? undefined
            : () => void controller.swap.edit({ amount: formatUnits(from.balance, from.decimals) })
        }
        fiat={fiat(quoted?.fromAmount, from)}
        invalid={problem !== undefined}
        describedBy={problem === undefined ? undefined : help}
      />
      {problem === undefined ? null : (
        <FieldProblem id={help}>{problemText({ swap: t, flow }, problem, from, locale)}</FieldProblem>
      )}
      <div className="flip-row">
        <button
          type="button"
          className="flip"
          aria-label={t.flip()}
          disabled={draft.to === undefined}
          onClick={() => void controller.swap.flip()}
        >
          <span aria-hidden="true">⇅</span>
        </button>
      </div>
      <TokenAmountField
        label={t.youReceive()}
        pickerLabel={t.youReceive()}
        amount={quoted === undefined ? "" : formatToken(quoted.toAmount, quoted.to.decimals, locale)}
        token={to === undefined ? undefined : pickerToken(to)}
        tokens={tokens.map(pickerToken)}
        onToken={(caip) => void controller.swap.edit({ to: caip })}
        balance={to === undefined ? undefined : tokenText(to.balance, to, locale)}
        fiat={fiat(quoted?.toAmount, to)}
      />
      <SlippageSettings slippage={draft.slippage} />
      <FlowQuote quote={state.quote} details={quoteDetails(draft.slippage)} />
      <ReviewChanged change={state._tag === "Editing" ? state.reviewChanged : undefined} />
    </FlowForm>
  )
}
