import { useId } from "react"
import { formatUnits, formatUsd } from "../../../../../layers/account/format"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import { present } from "../../../../../presentation"
import type { ReceiverProblem, SendAmountProblem, SendableToken } from "../../../../../services/Send"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import { FlowDone } from "../FlowDone"

const AMOUNT_PROBLEMS: Record<SendAmountProblem, string> = {
  empty: "Enter an amount",
  format: "Enter a number, such as 12.5",
  zero: "Enter an amount above 0",
  decimals: "This token has fewer decimals",
  "over-balance": "More than your balance",
  "over-balance-with-fee": "More than your balance once the network fee is paid",
  "no-fee-balance": "Not enough of the network's coin left to pay the fee",
  "below-reserve": "This would leave too little SOL to keep your account open: send less, or all of it"
}

const RECEIVER_PROBLEMS: Record<ReceiverProblem, string> = {
  empty: "Enter the receiver's address",
  format: "Enter an address (0x followed by 40 hex characters) or a name such as alice.reown.id",
  checksum: "This address has a wrong checksum: check it was copied whole",
  "unknown-name": "No account has this name on this network",
  "solana-format": "Enter a Solana address (32 to 44 base58 characters)"
}

const amountOf = (value: bigint, token: { readonly decimals: number; readonly symbol: string }) =>
  `${formatUnits(value, token.decimals)} ${token.symbol}`

const Form = () => {
  const controller = useController()
  const state = useStore(controller.send.state)
  const ids = {
    token: useId(),
    amount: useId(),
    receiver: useId(),
    amountHelp: useId(),
    receiverHelp: useId()
  }
  if (state._tag !== "Editing" && state._tag !== "Reviewing") return null
  const { draft, tokens } = state
  const problems =
    state._tag === "Editing"
      ? state
      : { amountProblem: undefined, receiverProblem: undefined, previewError: undefined }
  const token = tokens.find((t) => t.key === draft.token)
  if (tokens.length === 0) return <p className="empty">No balance to send on this network yet.</p>
  return (
    <form
      className="approve"
      onSubmit={(event) => {
        event.preventDefault()
        void controller.send.review()
      }}
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
            {t.symbol} — {formatUnits(t.balance, t.decimals)} available
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
        <p id={ids.amountHelp} className="connecting-text" role="alert">
          {AMOUNT_PROBLEMS[problems.amountProblem]}
        </p>
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
        <p id={ids.receiverHelp} className="connecting-text" role="alert">
          {RECEIVER_PROBLEMS[problems.receiverProblem]}
        </p>
      )}
      {problems.previewError === undefined ? null : (
        <p className="connecting-text" role="alert">
          {present(problems.previewError).message}
        </p>
      )}
      <button type="submit" className="button" disabled={state._tag === "Reviewing"}>
        {state._tag === "Reviewing" ? "Preparing the preview…" : "Review"}
      </button>
    </form>
  )
}

const Preview = () => {
  const controller = useController()
  const state = useStore(controller.send.state)
  if (state._tag !== "Preview" && state._tag !== "Sending" && state._tag !== "Failed") return null
  const { preview } = state
  const native = { decimals: preview.nativeDecimals, symbol: preview.nativeSymbol }
  const fee =
    preview.fee === undefined
      ? "Unavailable"
      : `${amountOf(preview.fee.amount, native)}${
          preview.fee.usd === undefined ? "" : ` (${formatUsd(preview.fee.usd)})`
        }`
  return (
    <div className="approve">
      <p className="approve-title">Send {amountOf(preview.amount, preview.token)}</p>
      <dl className="approve-details">
        <div>
          <dt>To</dt>
          {preview.receiverName === undefined ? null : <dd>{preview.receiverName}</dd>}
          <dd className="code">{preview.receiver}</dd>
        </div>
        <div>
          <dt>Network fee</dt>
          <dd>{fee}</dd>
        </div>
        {preview.accountRent === 0n ? null : (
          <div>
            <dt>Receiver's new token account (rent)</dt>
            <dd>{amountOf(preview.accountRent, native)}</dd>
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
      {state._tag === "Failed" ? (
        <p className="connecting-text" role="alert">
          {present(state.error).message}
        </p>
      ) : null}
      {state._tag === "Sending" ? (
        <p className="connecting-text" aria-live="polite">
          Confirm the transaction in your wallet
        </p>
      ) : (
        <div className="approve-actions">
          <button type="button" className="button secondary" onClick={() => void controller.send.back()}>
            Back
          </button>
          <button
            type="button"
            className="button"
            onClick={() => void controller.send.confirm()}
            disabled={state._tag === "Failed"}
          >
            Send
          </button>
        </div>
      )}
    </div>
  )
}

/** Send: choose a token, an amount and a receiver; then the preview, then the wallet. */
export const SendView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.send.state)
  switch (state._tag) {
    case "Idle":
      return <span className="spinner" role="progressbar" aria-label="Preparing Send" />
    case "Editing":
    case "Reviewing":
      return <Form />
    case "Sent":
      return (
        <FlowDone title={`Sent ${amountOf(state.preview.amount, state.preview.token)}`} detail={state.hash} />
      )
    default:
      return <Preview />
  }
}
