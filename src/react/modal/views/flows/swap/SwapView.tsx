import { useId } from "react"
import {
  feeText,
  formatPercent,
  formatRate,
  formatToken,
  formatUsd,
  tokenText,
  usdValue
} from "../../../../../layers/format/format"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import { present } from "../../../../../presentation"
import type { AmountProblem } from "../../../../../services/Send"
import type { SwapPlan, SwapProblem, SwapQuote, SwapState, SwapToken } from "../../../../../services/Swap"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import {
  amountProblemText,
  FieldProblem,
  FlowDone,
  FlowForm,
  FlowLoading,
  FlowQuote,
  FlowReview,
  FlowUnavailable,
  NetworkRow,
  ReviewChanged
} from "../FlowStep"
import { swapCss } from "./swapStyles"

type SwapOwnProblem = Exclude<SwapProblem, AmountProblem>

const SWAP_PROBLEMS: Record<SwapOwnProblem, string> = {
  "same-token": "Choose two different tokens",
  "no-target": "Choose the token to receive",
  slippage: "Enter a slippage tolerance from 0.01 to 50 %",
  expired: "The quote expired: check the new one, then review again"
}

const isSwapOwn = (problem: SwapProblem): problem is SwapOwnProblem => problem in SWAP_PROBLEMS

/** What keeps the form from a quote, in words; an amount's problem names the token paid. */
const problemText = (problem: SwapProblem, from: SwapToken | undefined): string =>
  isSwapOwn(problem) ? SWAP_PROBLEMS[problem] : amountProblemText(problem, from)

/** An amount's value in USD, when its token's price is known: " ($12.50)". */
const usdOf = (value: bigint, token: SwapToken) => {
  const usd = usdValue(value, token.decimals, token.price)
  return usd === undefined ? "" : ` (${formatUsd(usd)})`
}

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
        {token.balance > 0n ? ` — ${formatToken(token.balance, token.decimals)}` : ""}
      </option>
    ))}
  </select>
)

/** The rows a quote and its review both show; an amount's value in USD when its token's price is known. */
const Paid = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>You pay</dt>
    <dd>
      {tokenText(quote.fromAmount, quote.from)}
      {usdOf(quote.fromAmount, quote.from)}
    </dd>
  </div>
)

const Received = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>You receive about</dt>
    <dd>
      {tokenText(quote.toAmount, quote.to)}
      {usdOf(quote.toAmount, quote.to)}
    </dd>
  </div>
)

const Rate = ({ quote }: { readonly quote: SwapQuote }) => (
  <div>
    <dt>Rate</dt>
    <dd>
      1 {quote.from.symbol} = {formatRate(Number(quote.rate))} {quote.to.symbol}
    </dd>
  </div>
)

const Minimum = ({ quote, slippage }: { readonly quote: SwapQuote; readonly slippage: string }) => (
  <div>
    <dt>Minimum received at {formatPercent(Number(slippage))} slippage</dt>
    <dd>{tokenText(quote.minimumReceived, quote.to)}</dd>
  </div>
)

/** What a quote gives, as the form shows it while the visitor types. */
const quoteDetails = (slippage: string) => (quote: SwapQuote) => (
  <>
    <Paid quote={quote} />
    <Received quote={quote} />
    <Rate quote={quote} />
    <Minimum quote={quote} slippage={slippage} />
  </>
)

const Form = ({ state }: { readonly state: Extract<SwapState, { _tag: "Editing" | "Preparing" }> }) => {
  const controller = useController()
  const ids = { from: useId(), to: useId(), amount: useId(), slippage: useId(), help: useId() }
  const { draft, tokens } = state
  const problem = state._tag === "Editing" ? state.problem : undefined
  const from = tokens.find((token) => token.caip === draft.from)
  if (tokens.length === 0) return <p className="empty">No tokens to swap on this network.</p>
  return (
    <FlowForm
      onSubmit={() => void controller.swap.review()}
      submit={{
        label: "Review swap",
        busy: state._tag === "Preparing" ? "Preparing the swap…" : undefined,
        disabled: state.quote._tag !== "Quoted"
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
      {problem === undefined ? null : <FieldProblem id={ids.help}>{problemText(problem, from)}</FieldProblem>}
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
      <FlowQuote quote={state.quote} details={quoteDetails(draft.slippage)} />
      <ReviewChanged change={state._tag === "Editing" ? state.reviewChanged : undefined} />
    </FlowForm>
  )
}

const PlanDetails = ({
  plan,
  network
}: {
  readonly plan: SwapPlan
  readonly network: { readonly name: string }
}) => {
  const { quote } = plan
  return (
    <dl className="approve-details">
      <NetworkRow network={network} />
      <Paid quote={quote} />
      <Received quote={quote} />
      <Minimum quote={quote} slippage={plan.slippage} />
      <Rate quote={quote} />
      <div>
        <dt>Network fee</dt>
        <dd>{feeText(plan.fee, { decimals: plan.nativeDecimals, symbol: plan.nativeSymbol })}</dd>
      </div>
      <div>
        <dt>Your balance changes (simulated)</dt>
        {simulationLines(
          { _tag: "Simulated", changes: plan.changes },
          { symbol: plan.nativeSymbol, decimals: plan.nativeDecimals }
        ).map((line) => (
          <dd key={line}>{line}</dd>
        ))}
      </div>
      {plan.approves === undefined ? null : (
        <div>
          <dt>Approval</dt>
          <dd>
            {plan.approves === "exact"
              ? `Exactly ${tokenText(quote.fromAmount, quote.from)}, what this swap spends`
              : `Unlimited: the swap's contract may spend all your ${quote.from.symbol}, now and later`}
          </dd>
          <dd>Your wallet asks you to approve it first, then to swap (two transactions).</dd>
        </div>
      )}
    </dl>
  )
}

/**
 * The approval's one choice, labelled: exactly the amount (the default) or unlimited, which spares the next
 * swap its approval at the cost of a standing allowance. Changing it prepares the plan again.
 */
const ApprovalChoice = ({ plan, disabled }: { readonly plan: SwapPlan; readonly disabled: boolean }) => {
  const controller = useController()
  const id = useId()
  if (plan.approves === undefined) return null
  return (
    <div className="approve-choice">
      <input
        id={id}
        type="checkbox"
        checked={plan.approves === "unlimited"}
        disabled={disabled}
        onChange={(event) =>
          void controller.swap.chooseApproval(event.currentTarget.checked ? "unlimited" : "exact")
        }
      />
      <label htmlFor={id}>Allow unlimited {plan.quote.from.symbol}</label>
    </div>
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
  const { plan } = state
  return (
    <FlowReview
      title={`Swap ${plan.quote.from.symbol} for ${plan.quote.to.symbol}`}
      error={state._tag === "Failed" ? state.error : undefined}
      progress={step?.(plan, "hash" in state ? state.hash : undefined)}
      onBack={step === undefined ? () => void controller.swap.back() : undefined}
      confirm={
        step === undefined
          ? {
              label: plan.approval === undefined ? "Swap" : "Approve and swap",
              onClick: () => void controller.swap.confirm(),
              disabled: state._tag === "Failed"
            }
          : undefined
      }
    >
      <PlanDetails plan={plan} network={state.binding.network} />
      <ApprovalChoice plan={plan} disabled={step !== undefined} />
    </FlowReview>
  )
}

/** Swap: two tokens, an amount and a quote; then the preview; then the approval and the swap. */
export const SwapView = () => {
  useViewStyles(approveCss)
  useViewStyles(swapCss)
  const controller = useController()
  const state = useStore(controller.swap.state)
  switch (state._tag) {
    case "Idle":
    case "Loading":
      return <FlowLoading label="Preparing Swap" />
    case "Unavailable":
      return (
        <>
          <ReviewChanged change={state.reviewChanged} />
          <FlowUnavailable>{present(state.error).message}</FlowUnavailable>
        </>
      )
    case "Editing":
    case "Preparing":
      return <Form state={state} />
    case "Swapped":
      return (
        <FlowDone
          title={`Swapped ${tokenText(state.plan.quote.fromAmount, state.plan.quote.from)} for ${state.plan.quote.to.symbol}`}
          detail={state.hash}
        />
      )
    default:
      return <Preview state={state} />
  }
}
