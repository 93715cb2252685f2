import { useId } from "react"
import { transactionUrl } from "../../../../../layers/format/explorerLinks"
import { feeText, tokenText } from "../../../../../layers/format/format"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import { approveWords } from "../../../../../messages/compiled/en/approve"
import { present } from "../../../../../presentation"
import type { ApprovalChoice, SwapPlan, SwapState } from "../../../../../services/Swap"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useIntlLocale } from "../../../element/useIntlLocale"
import { useStore } from "../../../element/useStore"
import { useLocale, useWords } from "../../../element/useWords"
import { tokenFieldCss } from "../../../ui/tokenFieldStyles"
import { approveCss } from "../../requests/approveStyles"
import { FlowDone, FlowLoading, FlowReview, FlowUnavailable, NetworkRow, ReviewChanged } from "../FlowStep"
import { SwapForm } from "./SwapForm"
import { Minimum, Paid, Rate, Received, type SwapWords, useSwapWords } from "./swapRows"
import { swapCss } from "./swapStyles"

const PlanDetails = ({
  plan,
  network,
  busy
}: {
  readonly plan: SwapPlan
  readonly network: { readonly name: string }
  /** The plan is being made again: these details are about to change. */
  readonly busy: boolean
}) => {
  const t = useSwapWords()
  const approve = useWords("approve", approveWords)
  const locale = useIntlLocale()
  const { quote } = plan
  return (
    <dl className="approve-details" aria-busy={busy || undefined}>
      <NetworkRow network={network} />
      <Paid quote={quote} />
      <Received quote={quote} />
      <Minimum quote={quote} slippage={plan.slippage} />
      <Rate quote={quote} />
      <div>
        <dt>{t.networkFee()}</dt>
        <dd dir="ltr">
          {feeText(plan.fee, { decimals: plan.nativeDecimals, symbol: plan.nativeSymbol }, locale)}
        </dd>
      </div>
      <div>
        <dt>{t.balanceChanges()}</dt>
        {simulationLines(
          { _tag: "Simulated", changes: plan.changes },
          { symbol: plan.nativeSymbol, decimals: plan.nativeDecimals },
          approve,
          locale
        ).map((line) => (
          <dd key={line} dir="auto">
            {line}
          </dd>
        ))}
      </div>
      {plan.approves === undefined ? null : (
        <div>
          <dt>{t.approval()}</dt>
          <dd>
            {plan.approves === "exact"
              ? t.approveExact({ amount: tokenText(quote.fromAmount, quote.from, locale) })
              : t.approveUnlimited({ symbol: quote.from.symbol })}
          </dd>
          <dd>{t.twoTransactions()}</dd>
        </div>
      )}
    </dl>
  )
}

/**
 * The approval's one choice, labelled: exactly the amount (the default) or unlimited, which spares the next
 * swap its approval at the cost of a standing allowance. Changing it prepares the plan again; meanwhile
 * it shows the choice being planned (`chosen`).
 */
const ApprovalChoiceField = ({
  plan,
  chosen,
  disabled
}: {
  readonly plan: SwapPlan
  readonly chosen: ApprovalChoice
  readonly disabled: boolean
}) => {
  const controller = useController()
  const t = useSwapWords()
  const id = useId()
  if (plan.approves === undefined) return null
  return (
    <div className="approve-choice">
      <input
        id={id}
        type="checkbox"
        checked={chosen === "unlimited"}
        disabled={disabled}
        onChange={(event) =>
          void controller.swap.chooseApproval(event.currentTarget.checked ? "unlimited" : "exact")
        }
      />
      <label htmlFor={id}>{t.allowUnlimited({ symbol: plan.quote.from.symbol })}</label>
    </div>
  )
}

const STEPS: Partial<
  Record<SwapState["_tag"], (t: SwapWords, plan: SwapPlan, hash: string | undefined) => string>
> = {
  Approving: (t, plan, hash) =>
    hash === undefined ? t.approveInWallet({ symbol: plan.quote.from.symbol }) : t.waitingApproval(),
  Swapping: (t, plan, hash) =>
    hash === undefined
      ? plan.approval === undefined
        ? t.confirmSwap()
        : t.confirmSwapSecond()
      : t.waitingSwap()
}

/**
 * The review: of the plan reviewed, sent or failed, or (`Preparing` with `replacing`) of the plan on screen
 * while another approval is planned, pending, so the form does not flash up in between.
 */
const Preview = ({
  state,
  plan
}: {
  readonly state: Extract<SwapState, { _tag: "Preview" | "Approving" | "Swapping" | "Failed" | "Preparing" }>
  readonly plan: SwapPlan
}) => {
  const controller = useController()
  const t = useSwapWords()
  const step = STEPS[state._tag]
  const replanning = state._tag === "Preparing"
  return (
    <FlowReview
      title={t.title({ from: plan.quote.from.symbol, to: plan.quote.to.symbol })}
      error={state._tag === "Failed" ? state.error : undefined}
      progress={step?.(t, plan, "hash" in state ? state.hash : undefined)}
      onBack={step === undefined ? () => void controller.swap.back() : undefined}
      confirm={
        step === undefined
          ? {
              label: plan.approval === undefined ? t.swap() : t.approveAndSwap(),
              onClick: () => void controller.swap.confirm(),
              disabled: state._tag === "Failed" || replanning
            }
          : undefined
      }
    >
      <PlanDetails plan={plan} network={state.binding.network} busy={replanning} />
      <ApprovalChoiceField
        plan={plan}
        chosen={replanning ? (state.draft.approval ?? "exact") : (plan.approves ?? "exact")}
        disabled={step !== undefined || replanning}
      />
    </FlowReview>
  )
}

/** Swap: two tokens, an amount and a quote; then the preview; then the approval and the swap. */
export const SwapView = () => {
  const { catalog } = useLocale()
  useViewStyles(approveCss)
  useViewStyles(swapCss)
  useViewStyles(tokenFieldCss)
  const controller = useController()
  const state = useStore(controller.swap.state)
  // The form reads the account's tokens through its flow: showing it asks for them.
  useStore(controller.accountData.shown.tokens)
  const t = useSwapWords()
  const locale = useIntlLocale()
  switch (state._tag) {
    case "Idle":
    case "Loading":
      return <FlowLoading label={t.preparing()} />
    case "Unavailable":
      return (
        <>
          <ReviewChanged change={state.reviewChanged} />
          <FlowUnavailable>{present(state.error, catalog).message}</FlowUnavailable>
        </>
      )
    case "Editing":
      return <SwapForm state={state} />
    case "Preparing":
      return state.replacing === undefined ? (
        <SwapForm state={state} />
      ) : (
        <Preview state={state} plan={state.replacing} />
      )
    case "Swapped":
      return (
        <FlowDone
          title={t.swapped({
            amount: tokenText(state.plan.quote.fromAmount, state.plan.quote.from, locale),
            symbol: state.plan.quote.to.symbol
          })}
          transaction={{
            label: t.transaction(),
            hash: state.hash,
            explorerUrl: transactionUrl(state.network, state.hash)
          }}
        />
      )
    default:
      return <Preview state={state} plan={state.plan} />
  }
}
