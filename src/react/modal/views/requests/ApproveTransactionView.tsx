import { useId } from "react"
import type { RequestDescription } from "../../../../layers/requests/describeRequest"
import { rowKey, type SimulationLine } from "../../../../layers/requests/requestValues"
import {
  type ApproveWords,
  labelText,
  simulationLineText,
  titleText,
  valueText,
  warningText
} from "../../../../layers/requests/requestWords"
import { approveWords } from "../../../../messages/compiled/en/approve"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useWords } from "../../element/useWords"
import { StickyFooter } from "../../ui/StickyFooter"

export interface ApproveTransactionBodyProps {
  readonly description: RequestDescription
  /** The simulated balance changes; `undefined` for a request that sends nothing. */
  readonly simulation: ReadonlyArray<SimulationLine> | undefined
  /** `modal`: Reject and Approve answer here; `wallet`: the wallet asks, and Cancel stops waiting for it. */
  readonly answeredIn: "modal" | "wallet"
  readonly onApprove: () => void
  readonly onReject: () => void
  /** The visitor already answered: the buttons wait. */
  readonly pending: boolean
}

const status = (t: ApproveWords, answeredIn: "modal" | "wallet", pending: boolean): string => {
  if (answeredIn === "wallet") return pending ? t.cancelling() : t.answerInWallet()
  return pending ? t.sending() : ""
}

/**
 * What an unsafe request asks, worded from the `approve` catalog (addresses, hashes and amounts read left
 * to right in any language), with its simulated balance changes (THREATS.md T10): answered
 * here with Reject and Approve, or previewed while the wallet asks, with Cancel, at the view's foot, in
 * sight however long the request is. Presentational: the
 * container describes the request and sends the answer; every string of the request arrives cleaned and
 * bounded.
 */
export const ApproveTransactionBody = ({
  description,
  simulation,
  answeredIn,
  onApprove,
  onReject,
  pending
}: ApproveTransactionBodyProps) => {
  const headingId = useId()
  const t = useWords("approve", approveWords)
  const locale = useIntlLocale()
  return (
    <section className="approve" aria-labelledby={headingId} aria-busy={pending}>
      <h3 className="approve-title" id={headingId}>
        {titleText(t, description.title)}
      </h3>
      {description.warnings.length > 0 ? (
        <div className="approve-warning" role="alert">
          {description.warnings.map((warning) => {
            const text = warningText(t, warning)
            return <p key={text}>{text}</p>
          })}
        </div>
      ) : null}
      <dl className="approve-details">
        {description.rows.map((row) => (
          <div key={rowKey(row)}>
            <dt>{labelText(t, row)}</dt>
            {/* A long message scrolls in its box: focusable, so a keyboard can scroll it too. */}
            <dd
              className={row.format}
              tabIndex={row.format === "message" ? 0 : undefined}
              dir={row.format === "code" || row.value._tag === "Amount" ? "ltr" : undefined}
              // What the dapp sent (a message, a name, a permission's data) is shown as given, never translated.
              translate={
                (row.value._tag === "Text" && row.value.text !== "") || row.value._tag === "Permission"
                  ? "no"
                  : undefined
              }
            >
              {valueText(t, row.value, locale)}
            </dd>
          </div>
        ))}
        {simulation === undefined ? null : (
          <div>
            <dt>{t.balanceChanges()}</dt>
            {simulation.map((line) => {
              const text = simulationLineText(t, line, locale)
              return (
                <dd key={text} className="code" dir="auto">
                  {text}
                </dd>
              )
            })}
          </div>
        )}
      </dl>
      <p className="status" aria-live="polite">
        {status(t, answeredIn, pending)}
      </p>
      <StickyFooter>
        {answeredIn === "modal" ? (
          <>
            <button type="button" className="button secondary" onClick={onReject} disabled={pending}>
              {t.reject()}
            </button>
            <button type="button" className="button" onClick={onApprove} disabled={pending}>
              {t.approve()}
            </button>
          </>
        ) : (
          <button type="button" className="button secondary" onClick={onReject} disabled={pending}>
            {t.cancel()}
          </button>
        )}
      </StickyFooter>
    </section>
  )
}
