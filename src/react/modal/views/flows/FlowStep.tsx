/**
 * The step frame the form flows (Send, Swap, Buy, Names) share: the spinner while a flow loads, why it is
 * not offered, the form with its submit button, a field's problem, a failure in the catalogue's words, the
 * notice that the network or account changed since the last review, the quote line, the network a review
 * is for, the review with Back and the confirm button (or the step under way), and the last step; and the
 * words the forms share. Each view brings only its fields.
 */
import type { FormEvent, ReactNode } from "react"
import type { AirlockError, ReviewChangedError } from "../../../../errors"
import { formatTokenExact } from "../../../../layers/format/format"
import { flowWords } from "../../../../messages/compiled/en/flow"
import { present } from "../../../../presentation"
import type { AmountProblem } from "../../../../services/Send"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useLocale, useWords } from "../../element/useWords"
import { CopyableValue } from "../../ui/CopyableValue"
import { Status } from "../../ui/Status"
import { StickyFooter } from "../../ui/StickyFooter"
import { tokenFieldCss } from "../../ui/tokenFieldStyles"

/** The words of the step frame and of what the flows share ("flow" namespace), in the modal's locale. */
export const useFlowWords = () => useWords("flow", flowWords)

/** The "flow" namespace's messages, as `useFlowWords` gives them. */
export type FlowWords = typeof flowWords

/** The token an amount is of, as its problems name it. */
export interface AmountToken {
  readonly symbol: string
  readonly decimals: number
  readonly balance: bigint
}

/**
 * What is wrong with an amount to send or swap, in words that say what is allowed (`t`: `useFlowWords()`;
 * `locale`: `useIntlLocale()`, which the balance is formatted in).
 */
export const amountProblemText = (
  t: FlowWords,
  problem: AmountProblem,
  token: AmountToken | undefined,
  locale: string
): string => {
  switch (problem) {
    case "empty":
      return t.amountEmpty()
    case "format":
      return t.amountFormat()
    case "zero":
      return t.amountZero()
    case "decimals":
      return token === undefined
        ? t.amountTooPrecise()
        : token.decimals === 0
          ? t.amountWholeNumber({ symbol: token.symbol })
          : t.amountDecimals({ symbol: token.symbol, decimals: token.decimals })
    case "over-balance":
      return token === undefined
        ? t.overBalance()
        : t.overBalanceOf({
            amount: `${formatTokenExact(token.balance, token.decimals, locale)} ${token.symbol}`
          })
    case "over-balance-with-fee":
      return t.overBalanceWithFee()
    case "no-fee-balance":
      return t.noFeeBalance()
  }
}

/** The flow is loading. */
export const FlowLoading = ({ label }: { readonly label: string }) => (
  <div className="connecting">
    <span className="spinner" role="progressbar" aria-label={label} />
  </div>
)

/** The flow is not offered here, and why. */
export const FlowUnavailable = ({ children }: { readonly children: ReactNode }) => (
  <p className="empty" role="alert">
    {children}
  </p>
)

/** A failure, in the catalogue's words. */
export const FlowFailure = ({ error }: { readonly error: AirlockError }) => {
  const { catalog } = useLocale()
  return (
    <p className="connecting-text" role="alert">
      {present(error, catalog).message}
    </p>
  )
}

/** The last review was for a network or account no longer active: nothing was sent. */
export const ReviewChanged = ({ change }: { readonly change: ReviewChangedError | undefined }) => {
  const { catalog } = useLocale()
  if (change === undefined) return null
  const { message, description } = present(change, catalog)
  return (
    <div className="connecting-text" role="alert">
      <p>{message}</p>
      {description === undefined ? null : <p>{description}</p>}
    </div>
  )
}

/** The row of a review that names the network it is for. */
export const NetworkRow = ({ network }: { readonly network: { readonly name: string } }) => {
  const t = useFlowWords()
  return (
    <div>
      <dt>{t.network()}</dt>
      <dd translate="no">{network.name}</dd>
    </div>
  )
}

/** What is wrong with a field; `id` is what the field's `aria-describedby` names. */
export const FieldProblem = ({ id, children }: { readonly id?: string; readonly children: ReactNode }) => (
  <p id={id} className="connecting-text" role="alert">
    {children}
  </p>
)

/** A form's submit button: `busy` while its step is under way, disabled then or when `disabled`. */
export interface Submit {
  readonly label: string
  readonly busy?: string | undefined
  readonly disabled?: boolean
}

/**
 * The flow's form: its fields, then the submit button, which runs `onSubmit`; with `sticky`, the button
 * stays in sight in the dialog's sticky footer however long the form is.
 */
export const FlowForm = ({
  onSubmit,
  submit,
  sticky = false,
  children
}: {
  readonly onSubmit: () => void
  readonly submit: Submit
  readonly sticky?: boolean
  readonly children: ReactNode
}) => {
  const button = (
    <button type="submit" className="button" disabled={submit.busy !== undefined || submit.disabled === true}>
      {submit.busy ?? submit.label}
    </button>
  )
  return (
    <form
      className="approve"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
      {sticky ? <StickyFooter>{button}</StickyFooter> : button}
    </form>
  )
}

/** A quote as a form shows it while the visitor types: none yet, on its way, refused, or its figures. */
export type FlowQuoteState<Q> =
  | { readonly _tag: "None" }
  | { readonly _tag: "Quoting" }
  | { readonly _tag: "Quoted"; readonly quote: Q }
  | { readonly _tag: "NoQuote"; readonly error: AirlockError }

/** The form's quote line: `details` words a quote's figures (`dt`/`dd` pairs). */
export const FlowQuote = <Q,>({
  quote,
  details
}: {
  readonly quote: FlowQuoteState<Q>
  readonly details: (quote: Q) => ReactNode
}) => {
  const t = useFlowWords()
  switch (quote._tag) {
    case "None":
      return null
    case "Quoting":
      return (
        <p className="connecting-text" aria-live="polite">
          {t.gettingQuote()}
        </p>
      )
    case "NoQuote":
      return <FlowFailure error={quote.error} />
    case "Quoted":
      return (
        <dl className="approve-details" aria-live="polite">
          {details(quote.quote)}
        </dl>
      )
  }
}

/**
 * A review: its title and details, the last attempt's failure, then what is under way (`progress`) or
 * the actions: Back, and the confirm button when there is one.
 */
export const FlowReview = ({
  title,
  children,
  error,
  progress,
  onBack,
  confirm
}: {
  readonly title: string
  readonly children: ReactNode
  readonly error?: AirlockError | undefined
  readonly progress?: string | undefined
  readonly onBack?: (() => void) | undefined
  readonly confirm?: { readonly label: string; readonly onClick: () => void; readonly disabled?: boolean }
}) => {
  const t = useFlowWords()
  const back =
    onBack === undefined ? null : (
      <button type="button" className="button secondary" onClick={onBack}>
        {t.back()}
      </button>
    )
  return (
    <div className="approve">
      <p className="approve-title">{title}</p>
      {children}
      {error === undefined ? null : <FlowFailure error={error} />}
      {progress === undefined ? null : (
        <p className="connecting-text" aria-live="polite">
          {progress}
        </p>
      )}
      {confirm === undefined && back === null ? null : (
        <StickyFooter>
          {back}
          {confirm === undefined ? null : (
            <button type="button" className="button" onClick={confirm.onClick} disabled={confirm.disabled}>
              {confirm.label}
            </button>
          )}
        </StickyFooter>
      )}
    </div>
  )
}

/** A transaction a last step names: its hash (or Solana signature), copyable, and its explorer page. */
export interface DoneTransaction {
  readonly label: string
  readonly hash: string
  readonly explorerUrl: string | undefined
}

/** A flow's last step (sent, swapped, arrived, registered): its status in words, the transaction, Done. */
export const FlowDone = ({
  title,
  transaction
}: {
  readonly title: string
  readonly transaction?: DoneTransaction | undefined
}) => {
  const controller = useController()
  const t = useFlowWords()
  useViewStyles(tokenFieldCss)
  return (
    <div className="approve">
      <Status kind="success">{title}</Status>
      {transaction === undefined ? null : (
        <CopyableValue
          label={transaction.label}
          value={transaction.hash}
          explorerUrl={transaction.explorerUrl}
        />
      )}
      <button type="button" className="button" onClick={() => void controller.goBack()}>
        {t.done()}
      </button>
    </div>
  )
}
