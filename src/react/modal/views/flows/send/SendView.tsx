import { useId } from "react"
import { feeText, formatToken, formatTokenExact, truncateAddress } from "../../../../../layers/format/format"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import type {
  ReceiverProblem,
  SendAmountProblem,
  SendableToken,
  SendPreview,
  SendState
} from "../../../../../services/Send"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import {
  amountProblemText,
  FieldProblem,
  FlowDone,
  FlowFailure,
  FlowForm,
  FlowLoading,
  FlowReview,
  NetworkRow,
  ReviewChanged
} from "../FlowStep"

const sendAmountProblemText = (problem: SendAmountProblem, token: SendableToken | undefined) =>
  problem === "below-reserve"
    ? "This would leave too little SOL to keep your account open: send less, or all of it"
    : amountProblemText(problem, token)

const RECEIVER_PROBLEMS: Record<ReceiverProblem, string> = {
  empty: "Enter the receiver's address",
  format: "Enter an address (0x followed by 40 hex characters) or a name such as alice.reown.id",
  checksum: "This address has a wrong checksum: check it was copied whole",
  "unknown-name": "No account has this name on this network",
  "solana-format": "Enter a Solana address (32 to 44 base58 characters)"
}

/** What the visitor sends, every decimal they typed kept: "12.5 sUSD". */
const sentAmount = (preview: SendPreview) =>
  `${formatTokenExact(preview.amount, preview.token.decimals)} ${preview.token.symbol}`

const Form = ({ state }: { readonly state: Extract<SendState, { _tag: "Editing" | "Reviewing" }> }) => {
  const controller = useController()
  const ids = {
    token: useId(),
    amount: useId(),
    receiver: useId(),
    amountHelp: useId(),
    receiverHelp: useId()
  }
  const { draft, tokens } = state
  const problems =
    state._tag === "Editing"
      ? state
      : {
          amountProblem: undefined,
          receiverProblem: undefined,
          previewError: undefined,
          reviewChanged: undefined
        }
  const token = tokens.find((t) => t.key === draft.token)
  if (tokens.length === 0)
    return (
      <>
        <ReviewChanged change={problems.reviewChanged} />
        <p className="empty">No balance to send on this network yet.</p>
      </>
    )
  return (
    <FlowForm
      onSubmit={() => void controller.send.review()}
      submit={{ label: "Review", busy: state._tag === "Reviewing" ? "Preparing the preview…" : undefined }}
    >
      <label htmlFor={ids.token}>Token</label>
      <select
        id={ids.token}
        className="input"
        value={draft.token}
        onChange={(event) =>
          void controller.send.edit({ token: event.currentTarget.value as SendableToken["key"] })
        }
      >
        {tokens.map((t) => (
          <option key={t.key} value={t.key}>
            {t.symbol} — {formatToken(t.balance, t.decimals)} available
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>Amount{token === undefined ? "" : ` (${token.symbol})`}</label>
      <input
        id={ids.amount}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        aria-invalid={problems.amountProblem !== undefined}
        aria-describedby={problems.amountProblem === undefined ? undefined : ids.amountHelp}
        onChange={(event) => void controller.send.edit({ amount: event.currentTarget.value })}
      />
      {problems.amountProblem === undefined ? null : (
        <FieldProblem id={ids.amountHelp}>
          {sendAmountProblemText(problems.amountProblem, token)}
        </FieldProblem>
      )}
      <label htmlFor={ids.receiver}>Receiver</label>
      <input
        id={ids.receiver}
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={state.namespace === "solana" ? "Solana address" : "0x… or name.reown.id"}
        value={draft.receiver}
        aria-invalid={problems.receiverProblem !== undefined}
        aria-describedby={problems.receiverProblem === undefined ? undefined : ids.receiverHelp}
        onChange={(event) => void controller.send.edit({ receiver: event.currentTarget.value })}
      />
      {problems.receiverProblem === undefined ? null : (
        <FieldProblem id={ids.receiverHelp}>{RECEIVER_PROBLEMS[problems.receiverProblem]}</FieldProblem>
      )}
      {problems.previewError === undefined ? null : <FlowFailure error={problems.previewError} />}
      <ReviewChanged change={problems.reviewChanged} />
    </FlowForm>
  )
}

const Preview = ({
  state
}: {
  readonly state: Extract<SendState, { _tag: "Preview" | "Sending" | "Failed" }>
}) => {
  const controller = useController()
  const { preview } = state
  const native = { decimals: preview.nativeDecimals, symbol: preview.nativeSymbol }
  const sending = state._tag === "Sending"
  return (
    <FlowReview
      title={`Send ${sentAmount(preview)} to ${preview.receiverName ?? truncateAddress(preview.receiver)}`}
      error={state._tag === "Failed" ? state.error : undefined}
      progress={sending ? "Confirm the transaction in your wallet" : undefined}
      onBack={sending ? undefined : () => void controller.send.back()}
      confirm={
        sending
          ? undefined
          : {
              label: "Send",
              onClick: () => void controller.send.confirm(),
              disabled: state._tag === "Failed"
            }
      }
    >
      <dl className="approve-details">
        <NetworkRow network={state.binding.network} />
        <div>
          <dt>To</dt>
          {preview.receiverName === undefined ? null : <dd>{preview.receiverName}</dd>}
          <dd className="code">{preview.receiver}</dd>
        </div>
        <div>
          <dt>Network fee</dt>
          <dd>{preview.fee === undefined ? "Unavailable" : feeText(preview.fee, native)}</dd>
        </div>
        {preview.accountRent === 0n ? null : (
          <div>
            <dt>Receiver's new token account (rent)</dt>
            <dd>{feeText({ amount: preview.accountRent, usd: undefined }, native)}</dd>
          </div>
        )}
        <div>
          <dt>Transaction</dt>
          <dd className="code">
            {preview.call === "No data" ? `Transfer of ${preview.nativeSymbol}` : preview.call}
          </dd>
        </div>
        {preview.simulation === undefined ? null : (
          <div>
            <dt>Your balance changes (simulated)</dt>
            {simulationLines(preview.simulation, native).map((line) => (
              <dd key={line}>{line}</dd>
            ))}
          </div>
        )}
      </dl>
    </FlowReview>
  )
}

/** Send: choose a token, an amount and a receiver; then the preview, then the wallet. */
export const SendView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.send.state)
  switch (state._tag) {
    case "Idle":
      return <FlowLoading label="Preparing Send" />
    case "Editing":
    case "Reviewing":
      return <Form state={state} />
    case "Sent":
      return <FlowDone title={`Sent ${sentAmount(state.preview)}`} detail={state.hash} />
    default:
      return <Preview state={state} />
  }
}
