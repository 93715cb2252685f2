import { useId } from "react"
import type { RequestDescription } from "../../../../layers/requests/describeRequest"
import { StickyFooter } from "../../ui/StickyFooter"

export interface ApproveTransactionBodyProps {
  readonly description: RequestDescription
  /** The simulated balance changes in words; `undefined` for a request that sends nothing. */
  readonly simulation: ReadonlyArray<string> | undefined
  /** `modal`: Reject and Approve answer here; `wallet`: the wallet asks, and Cancel stops waiting for it. */
  readonly answeredIn: "modal" | "wallet"
  readonly onApprove: () => void
  readonly onReject: () => void
  /** The visitor already answered: the buttons wait. */
  readonly pending: boolean
}

const status = (answeredIn: "modal" | "wallet", pending: boolean): string => {
  if (answeredIn === "wallet") return pending ? "Cancelling…" : "Approve or reject it in your wallet."
  return pending ? "Sending your answer…" : ""
}

/**
 * What an unsafe request asks, in words, with its simulated balance changes (THREATS.md T10): answered
 * here with Reject and Approve, or previewed while the wallet asks, with Cancel, at the view's foot, in
 * sight however long the request is. Presentational: the
 * container describes the request and sends the answer; every string arrives cleaned and bounded.
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
  return (
    <section className="approve" aria-labelledby={headingId} aria-busy={pending}>
      <h3 className="approve-title" id={headingId}>
        {description.title}
      </h3>
      {description.warnings.length > 0 ? (
        <div className="approve-warning" role="alert">
          {description.warnings.map((warning) => (
            <p key={warning}>{warning}</p>
          ))}
        </div>
      ) : null}
      <dl className="approve-details">
        {description.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            {/* A long message scrolls in its box: focusable, so a keyboard can scroll it too. */}
            <dd className={row.format} tabIndex={row.format === "message" ? 0 : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
        {simulation === undefined ? null : (
          <div>
            <dt>Your balance changes (simulated)</dt>
            {simulation.map((line) => (
              <dd key={line} className="code">
                {line}
              </dd>
            ))}
          </div>
        )}
      </dl>
      <p className="status" aria-live="polite">
        {status(answeredIn, pending)}
      </p>
      <StickyFooter>
        {answeredIn === "modal" ? (
          <>
            <button type="button" className="button secondary" onClick={onReject} disabled={pending}>
              Reject
            </button>
            <button type="button" className="button" onClick={onApprove} disabled={pending}>
              Approve
            </button>
          </>
        ) : (
          <button type="button" className="button secondary" onClick={onReject} disabled={pending}>
            Cancel
          </button>
        )}
      </StickyFooter>
    </section>
  )
}
