import { useId } from "react"
import { formatUnits, formatUsd } from "../../../../../layers/account/format"
import { present } from "../../../../../presentation"
import type { QuoteState, SwapPlan, SwapProblem, SwapState, SwapToken } from "../../../../../services/Swap"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import { FlowDone } from "../FlowDone"

const PROBLEMS: Record<SwapProblem, string> = {
  empty: "Enter an amount",
  format: "Enter a number, such as 12.5",
  zero: "Enter an amount above 0",
  decimals: "This token has fewer decimals",
  "over-balance": "More than your balance",
  "over-balance-with-fee": "More than your balance once the network fee is paid",
  "no-fee-balance": "Not enough of the network's coin left to pay the fee",
  "same-token": "Choose two different tokens",
  "no-target": "Choose the token to receive",
  slippage: "Enter a slippage tolerance from 0.01 to 50 %",
  expired: "The quote expired: check the new one, then review again"
}

const amountOf = (value: bigint, token: { readonly decimals: number; readonly symbol: string }) =>
  `${formatUnits(value, token.decimals)} ${token.symbol}`

const usdOf = (value: bigint, token: SwapToken) =>
  token.price === 0 ? "" : ` (${formatUsd((Number(value) / 10 ** token.decimals) * token.price)})`

const TokenSelect = ({
  id,
  value,
  tokens,
  placeholder,
  onChange
}: {
  readonly id: string
  readonly value: string | undefined
  readonly tokens: ReadonlyArray<SwapToken>
  readonly placeholder?: string
  readonly onChange: (caip: string) => void
}) => (
  <select
    id={id}
    className="input"
    value={value ?? ""}
    onChange={(event) => onChange(event.currentTarget.value)}
  >
    {placeholder === undefined ? null : (
      <option value="" disabled>
        {placeholder}
      </option>
    )}
    {tokens.map((token) => (
      <option key={token.caip} value={token.caip}>
        {token.symbol}
        {token.balance > 0n ? ` — ${formatUnits(token.balance, token.decimals)} available` : ""}
      </option>
    ))}
  </select>
)

const QuoteLines = ({ quote, slippage }: { readonly quote: QuoteState; readonly slippage: string }) => {
  switch (quote._tag) {
    case "None":
      return null
    case "Quoting":
      return (
        <p className="connecting-text" aria-live="polite">
          Getting a quote…
        </p>
      )
    case "NoQuote":
      return (
        <p className="connecting-text" role="alert">
          {present(quote.error).message}
        </p>
      )
    case "Quoted": {
      const { from, to, toAmount, minimumReceived, rate } = quote.quote
      return (
        <dl className="approve-details" aria-live="polite">
          <div>
            <dt>You receive about</dt>
            <dd>
              {amountOf(toAmount, to)}
              {usdOf(toAmount, to)}
            </dd>
          </div>
          <div>
            <dt>Rate</dt>
            <dd>
              1 {from.symbol} = {rate} {to.symbol}
            </dd>
          </div>
          <div>
            <dt>Minimum received at {slippage} % slippage</dt>
            <dd>{amountOf(minimumReceived, to)}</dd>
          </div>
        </dl>
      )
    }
  }
}

const Form = ({ state }: { readonly state: Extract<SwapState, { _tag: "Editing" | "Preparing" }> }) => {
  const controller = useController()
  const ids = { from: useId(), to: useId(), amount: useId(), slippage: useId(), help: useId() }
  const { draft, tokens } = state
  const problem = state._tag === "Editing" ? state.problem : undefined
  const from = tokens.find((token) => token.caip === draft.from)
  if (tokens.length === 0) return <p className="empty">No tokens to swap on this network.</p>
  return (
    <form
      className="approve"
      onSubmit={(event) => {
        event.preventDefault()
        void controller.swap.review()
      }}
    >
      <label htmlFor={ids.from}>You pay</label>
      <TokenSelect
        id={ids.from}
        value={draft.from}
        tokens={tokens}
        onChange={(caip) => void controller.swap.edit({ from: caip })}
      />
      <label htmlFor={ids.amount}>Amount{from === undefined ? "" : ` (${from.symbol})`}</label>
      <input
        id={ids.amount}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        aria-invalid={problem !== undefined}
        aria-describedby={problem === undefined ? undefined : ids.help}
        onChange={(event) => void controller.swap.edit({ amount: event.currentTarget.value })}
      />
      {problem === undefined ? null : (
        <p id={ids.help} className="connecting-text" role="alert">
          {PROBLEMS[problem]}
        </p>
      )}
      <button
        type="button"
        className="button secondary"
        disabled={draft.to === undefined}
        onClick={() => void controller.swap.flip()}
      >
        Switch tokens
      </button>
      <label htmlFor={ids.to}>You receive</label>
      <TokenSelect
        id={ids.to}
        value={draft.to}
        tokens={tokens}
        placeholder="Choose a token"
        onChange={(caip) => void controller.swap.edit({ to: caip })}
      />
      <label htmlFor={ids.slippage}>Slippage tolerance (%)</label>
      <input
        id={ids.slippage}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={draft.slippage}
        onChange={(event) => void controller.swap.edit({ slippage: event.currentTarget.value })}
      />
      <QuoteLines quote={state.quote} slippage={draft.slippage} />
      <button
        type="submit"
        className="button"
        disabled={state._tag === "Preparing" || state.quote._tag !== "Quoted"}
      >
        {state._tag === "Preparing" ? "Preparing the swap…" : "Review swap"}
      </button>
    </form>
  )
}

const PlanDetails = ({ plan }: { readonly plan: SwapPlan }) => {
  const { quote } = plan
  const fee = `${amountOf(plan.fee.amount, { decimals: plan.nativeDecimals, symbol: plan.nativeSymbol })}${
    plan.fee.usd === undefined ? "" : ` (${formatUsd(plan.fee.usd)})`
  }`
  return (
    <dl className="approve-details">
      <div>
        <dt>You pay</dt>
        <dd>
          {amountOf(quote.fromAmount, quote.from)}
          {usdOf(quote.fromAmount, quote.from)}
        </dd>
      </div>
      <div>
        <dt>You receive about</dt>
        <dd>
          {amountOf(quote.toAmount, quote.to)}
          {usdOf(quote.toAmount, quote.to)}
        </dd>
      </div>
      <div>
        <dt>Minimum received at {plan.slippage} % slippage</dt>
        <dd>{amountOf(quote.minimumReceived, quote.to)}</dd>
      </div>
      <div>
        <dt>Rate</dt>
        <dd>
          1 {quote.from.symbol} = {quote.rate} {quote.to.symbol}
        </dd>
      </div>
      <div>
        <dt>Network fee</dt>
        <dd>{fee}</dd>
      </div>
      {plan.approval === undefined ? null : (
        <div>
          <dt>Approval</dt>
          <dd>
            The swap may not spend your {quote.from.symbol} yet: your wallet asks you to approve it first,
            then to swap (two transactions).
          </dd>
        </div>
      )}
    </dl>
  )
}

const STEPS: Partial<Record<SwapState["_tag"], (plan: SwapPlan, hash: string | undefined) => string>> = {
  Approving: (plan, hash) =>
    hash === undefined
      ? `Approve ${plan.quote.from.symbol} in your wallet (step 1 of 2)`
      : `Waiting for the approval to be confirmed (step 1 of 2)`,
  Swapping: (plan, hash) =>
    hash === undefined
      ? `Confirm the swap in your wallet${plan.approval === undefined ? "" : " (step 2 of 2)"}`
      : "Waiting for the swap to be confirmed"
}

const Preview = ({
  state
}: {
  readonly state: Extract<SwapState, { _tag: "Preview" | "Approving" | "Swapping" | "Failed" }>
}) => {
  const controller = useController()
  const step = STEPS[state._tag]
  return (
    <div className="approve">
      <p className="approve-title">
        Swap {state.plan.quote.from.symbol} for {state.plan.quote.to.symbol}
      </p>
      <PlanDetails plan={state.plan} />
      {state._tag === "Failed" ? (
        <p className="connecting-text" role="alert">
          {present(state.error).message}
        </p>
      ) : null}
      {step !== undefined ? (
        <p className="connecting-text" aria-live="polite">
          {step(state.plan, "hash" in state ? state.hash : undefined)}
        </p>
      ) : (
        <div className="approve-actions">
          <button type="button" className="button secondary" onClick={() => void controller.swap.back()}>
            Back
          </button>
          <button
            type="button"
            className="button"
            disabled={state._tag === "Failed"}
            onClick={() => void controller.swap.confirm()}
          >
            {state.plan.approval === undefined ? "Swap" : "Approve and swap"}
          </button>
        </div>
      )}
    </div>
  )
}

/** Swap: two tokens, an amount and a quote; then the preview; then the approval and the swap. */
export const SwapView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.swap.state)
  switch (state._tag) {
    case "Idle":
    case "Loading":
      return <span className="spinner" role="progressbar" aria-label="Preparing Swap" />
    case "Unavailable":
      return (
        <p className="empty" role="alert">
          {present(state.error).message}
        </p>
      )
    case "Editing":
    case "Preparing":
      return <Form state={state} />
    case "Swapped":
      return (
        <FlowDone
          title={`Swapped ${amountOf(state.plan.quote.fromAmount, state.plan.quote.from)} for ${state.plan.quote.to.symbol}`}
          detail={state.hash}
        />
      )
    default:
      return <Preview state={state} />
  }
}
