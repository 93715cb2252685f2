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
import { callSummaryText } from "../../../../../layers/requests/requestWords"
import { simulationLines } from "../../../../../layers/requests/simulationText"
import { callSummary } from "../../../../../layers/requests/tokenCalls"
import { approveWords } from "../../../../../messages/compiled/en/approve"
import { bitcoinWords } from "../../../../../messages/compiled/en/bitcoin"
import { sendWords } from "../../../../../messages/compiled/en/send"
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
import { useIntlLocale } from "../../../element/useIntlLocale"
import { useStore } from "../../../element/useStore"
import { useWords } from "../../../element/useWords"
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
  ReviewChanged,
  useFlowWords
} from "../FlowStep"

type SendWords = typeof sendWords

/** The "send" namespace's messages in the modal's locale. */
const useSendWords = () => useWords("send", sendWords)

const RECEIVER_PROBLEMS: Record<ReceiverProblem, (t: SendWords) => string> = {
  empty: (t) => t.receiverEmpty(),
  format: (t) => t.receiverFormat(),
  checksum: (t) => t.receiverChecksum(),
  "unknown-name": (t) => t.receiverUnknownName(),
  "solana-format": (t) => t.receiverSolanaFormat()
}

/** The typed amount's USD value, when it is a number and the token's price is known. */
const fiatOf = (amount: string, token: SendableToken | undefined, locale: string): string | undefined =>
  token === undefined || token.price <= 0 || !/^\d+(\.\d+)?$/.test(amount.trim())
    ? undefined
    : formatUsd(Number(amount) * token.price, locale)

/** What the visitor sends, every decimal they typed kept: "12.5 sUSD". */
const sentAmount = (preview: SendPreview, locale: string) =>
  `${formatTokenExact(preview.amount, preview.token.decimals, locale)} ${preview.token.symbol}`

const Form = ({ state }: { readonly state: Extract<SendState, { _tag: "Editing" | "Reviewing" }> }) => {
  const controller = useController()
  const t = useSendWords()
  const flow = useFlowWords()
  const locale = useIntlLocale()
  const amountProblem = (problem: SendAmountProblem, token: SendableToken | undefined) =>
    problem === "below-reserve" ? t.belowReserve() : amountProblemText(flow, problem, token, locale)
  const images = makeImagesPort(controller.imageUrls)
  const pickerToken = (item: SendableToken): PickerToken => ({
    key: item.key,
    symbol: item.symbol,
    name: item.name,
    icon: images.token({ symbol: item.symbol }),
    balance: formatToken(item.balance, item.decimals, locale)
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
  const token = tokens.find((item) => item.key === draft.token)
  if (tokens.length === 0)
    return (
      <>
        <ReviewChanged change={problems.reviewChanged} />
        <p className="empty">{t.noBalance()}</p>
      </>
    )
  return (
    <FlowForm
      onSubmit={() => void controller.send.review()}
      submit={{ label: t.review(), busy: state._tag === "Reviewing" ? t.preparingPreview() : undefined }}
    >
      <TokenAmountField
        label={t.amount()}
        pickerLabel={t.token()}
        amount={draft.amount}
        onAmount={(amount) => void controller.send.edit({ amount })}
        token={token === undefined ? undefined : pickerToken(token)}
        tokens={tokens.map(pickerToken)}
        onToken={(key) => void controller.send.edit({ token: key })}
        balance={token === undefined ? undefined : tokenText(token.balance, token, locale)}
        onMax={
          token === undefined
            ? undefined
            : () => void controller.send.edit({ amount: formatUnits(token.balance, token.decimals) })
        }
        fiat={fiatOf(draft.amount, token, locale)}
        invalid={problems.amountProblem !== undefined}
        describedBy={problems.amountProblem === undefined ? undefined : ids.amountHelp}
      />
      {problems.amountProblem === undefined ? null : (
        <FieldProblem id={ids.amountHelp}>{amountProblem(problems.amountProblem, token)}</FieldProblem>
      )}
      <label htmlFor={ids.receiver}>{t.receiver()}</label>
      <input
        id={ids.receiver}
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={state.namespace === "solana" ? t.solanaPlaceholder() : t.evmPlaceholder()}
        value={draft.receiver}
        aria-invalid={problems.receiverProblem !== undefined}
        aria-describedby={problems.receiverProblem === undefined ? undefined : ids.receiverHelp}
        onChange={(event) => void controller.send.edit({ receiver: event.currentTarget.value })}
      />
      {problems.receiverProblem === undefined ? null : (
        <FieldProblem id={ids.receiverHelp}>{RECEIVER_PROBLEMS[problems.receiverProblem](t)}</FieldProblem>
      )}
      {problems.previewError === undefined ? null : <FlowFailure error={problems.previewError} />}
      <ReviewChanged change={problems.reviewChanged} />
    </FlowForm>
  )
}

/** What the transaction calls, in words; `undefined` for a plain coin transfer. */
const callText = (
  t: ReturnType<typeof useSendWords>,
  approve: typeof approveWords,
  preview: SendPreview,
  locale: string
): string | undefined => {
  const { call } = preview
  if (call._tag === "SolanaTokenTransfer")
    return (call.createsAccount ? t.solanaTokenTransferCreating : t.solanaTokenTransfer)({ mint: call.mint })
  if (call._tag === "None" || call._tag === "BitcoinTransfer") return undefined
  const summary = callSummary(call.data, preview.token)
  return summary._tag === "NoData" ? undefined : callSummaryText(approve, summary, locale)
}

const Preview = ({
  state
}: {
  readonly state: Extract<SendState, { _tag: "Preview" | "Sending" | "Failed" }>
}) => {
  const controller = useController()
  const t = useSendWords()
  const approve = useWords("approve", approveWords)
  const bitcoin = useWords("bitcoin", bitcoinWords)
  const locale = useIntlLocale()
  const { preview } = state
  const native = { decimals: preview.nativeDecimals, symbol: preview.nativeSymbol }
  const call = callText(t, approve, preview, locale)
  const sending = state._tag === "Sending"
  return (
    <FlowReview
      title={t.title({
        amount: sentAmount(preview, locale),
        receiver: preview.receiverName ?? truncateAddress(preview.receiver)
      })}
      error={state._tag === "Failed" ? state.error : undefined}
      progress={sending ? t.confirmInWallet() : undefined}
      onBack={sending ? undefined : () => void controller.send.back()}
      confirm={
        sending
          ? undefined
          : {
              label: t.send(),
              onClick: () => void controller.send.confirm(),
              disabled: state._tag === "Failed"
            }
      }
    >
      <dl className="approve-details">
        <NetworkRow network={state.binding.network} />
        <div>
          <dt>{t.to()}</dt>
          {preview.receiverName === undefined ? null : <dd>{preview.receiverName}</dd>}
          <dd className="code" dir="ltr">
            {preview.receiver}
          </dd>
        </div>
        <div>
          <dt>{t.networkFee()}</dt>
          {preview.fee === undefined ? (
            <dd>{t.feeUnavailable()}</dd>
          ) : (
            <dd dir="ltr">{feeText(preview.fee, native, locale)}</dd>
          )}
        </div>
        {preview.call._tag === "BitcoinTransfer" ? (
          <div>
            <dt>{bitcoin.feeRate()}</dt>
            <dd dir="ltr">
              {bitcoin.feeRateValue({
                rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(
                  preview.call.feeRate
                ),
                vsize: preview.call.vsize
              })}
            </dd>
          </div>
        ) : null}
        {preview.accountRent === 0n ? null : (
          <div>
            <dt>{t.rent()}</dt>
            <dd dir="ltr">{feeText({ amount: preview.accountRent, usd: undefined }, native, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t.transaction()}</dt>
          {call === undefined ? (
            <dd className="code">{t.nativeTransfer({ symbol: preview.nativeSymbol })}</dd>
          ) : (
            <dd className="code" dir="auto">
              {call}
            </dd>
          )}
        </div>
        {preview.simulation === undefined ? null : (
          <div>
            <dt>{t.balanceChanges()}</dt>
            {simulationLines(preview.simulation, native, approve, locale).map((line) => (
              <dd key={line} dir="auto">
                {line}
              </dd>
            ))}
          </div>
        )}
      </dl>
    </FlowReview>
  )
}

/** The send went out: its amount, its hash (a signature on Solana), copyable, and its explorer page. */
const Sent = ({ state }: { readonly state: Extract<SendState, { _tag: "Sent" }> }) => {
  const t = useSendWords()
  const locale = useIntlLocale()
  return (
    <FlowDone
      title={t.sent({ amount: sentAmount(state.preview, locale) })}
      transaction={{
        label: state.preview.request.namespace === "solana" ? t.signature() : t.transaction(),
        hash: state.hash,
        explorerUrl: transactionUrl(state.network, state.hash)
      }}
    />
  )
}

/** Send: choose a token, an amount and a receiver; then the preview, then the wallet. */
export const SendView = () => {
  useViewStyles(approveCss)
  useViewStyles(tokenFieldCss)
  const controller = useController()
  const state = useStore(controller.send.state)
  // The form reads the account's tokens through its flow: showing it asks for them.
  useStore(controller.accountData.shown.tokens)
  const t = useSendWords()
  switch (state._tag) {
    case "Idle":
      return <FlowLoading label={t.preparing()} />
    case "Editing":
    case "Reviewing":
      return <Form state={state} />
    case "Sent":
      return <Sent state={state} />
    default:
      return <Preview state={state} />
  }
}
