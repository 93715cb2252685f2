import { useId } from "react"
import { transactionUrl } from "../../../../../layers/format/explorerLinks"
import {
  feeText,
  formatToken,
  formatTokenExact,
  formatUnits,
  formatUsd,
  tokenText,
  truncateAddress
} from "../../../../../layers/format/format"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import type {
  ReceiverProblem,
  SendAmountProblem,
  SendableToken,
  SendPreview,
  SendState
} from "../../../../../services/Send"
import { makeImagesPort } from "../../../bridge/imagesPort"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { TokenAmountField } from "../../../ui/TokenAmountField"
import type { PickerToken } from "../../../ui/TokenPicker"
import { tokenFieldCss } from "../../../ui/tokenFieldStyles"
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

/** The typed amount's USD value, when it is a number and the token's price is known. */
const fiatOf = (amount: string, token: SendableToken | undefined): string | undefined =>
  token === undefined || token.price <= 0 || !/^\d+(\.\d+)?$/.test(amount.trim())
    ? undefined
    : formatUsd(Number(amount) * token.price)

/** What the visitor sends, every decimal they typed kept: "12.5 sUSD". */
const sentAmount = (preview: SendPreview) =>
  `${formatTokenExact(preview.amount, preview.token.decimals)} ${preview.token.symbol}`

const Form = ({ state }: { readonly state: Extract<SendState, { _tag: "Editing" | "Reviewing" }> }) => {
  const controller = useController()
  const images = makeImagesPort(controller.imageUrls)
  const pickerToken = (t: SendableToken): PickerToken => ({
    key: t.key,
    symbol: t.symbol,
    name: t.name,
    icon: images.token({ symbol: t.symbol }),
    balance: formatToken(t.balance, t.decimals)
  })
  const ids = {
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
      <TokenAmountField
        label="Amount"
        pickerLabel="Token"
        amount={draft.amount}
        onAmount={(amount) => void controller.send.edit({ amount })}
        token={token === undefined ? undefined : pickerToken(token)}
        tokens={tokens.map(pickerToken)}
        onToken={(key) => void controller.send.edit({ token: key })}
        balance={token === undefined ? undefined : tokenText(token.balance, token)}
        onMax={
          token === undefined
            ? undefined
            : () => void controller.send.edit({ amount: formatUnits(token.balance, token.decimals) })
        }
        fiat={fiatOf(draft.amount, token)}
        invalid={problems.amountProblem !== undefined}
        describedBy={problems.amountProblem === undefined ? undefined : ids.amountHelp}
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

/** The send went out: its amount, its hash (a signature on Solana), copyable, and its explorer page. */
const Sent = ({ state }: { readonly state: Extract<SendState, { _tag: "Sent" }> }) => (
  <FlowDone
    title={`Sent ${sentAmount(state.preview)}`}
    transaction={{
      label: state.preview.request.namespace === "solana" ? "Signature" : "Transaction",
      hash: state.hash,
      explorerUrl: transactionUrl(state.network, state.hash)
    }}
  />
)

/** Send: choose a token, an amount and a receiver; then the preview, then the wallet. */
export const SendView = () => {
  useViewStyles(approveCss)
  useViewStyles(tokenFieldCss)
  const controller = useController()
  const state = useStore(controller.send.state)
  switch (state._tag) {
    case "Idle":
      return <FlowLoading label="Preparing Send" />
    case "Editing":
    case "Reviewing":
      return <Form state={state} />
    case "Sent":
      return <Sent state={state} />
    default:
      return <Preview state={state} />
  }
}
