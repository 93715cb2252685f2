import { useId } from "react"
import type { RequestDescription } from "../../internal/describeRequest"

export interface ApproveTransactionBodyProps {
  readonly description: RequestDescription
  readonly onApprove: () => void
  readonly onReject: () => void
  /** The visitor already answered: both buttons wait. */
  readonly pending: boolean
}

/**
 * What an unsafe request asks, in words, with Reject and Approve (THREATS.md T10). Presentational: the
 * container describes the request and sends the answer; every string arrives cleaned and bounded.
 */
export const ApproveTransactionBody = ({
  description,
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
            <dd className={row.format}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="approve-actions">
        <button type="button" className="button secondary" onClick={onReject} disabled={pending}>
          Reject
        </button>
        <button type="button" className="button" onClick={onApprove} disabled={pending}>
          Approve
        </button>
      </div>
      <p className="status" aria-live="polite">
        {pending ? "Sending your answer…" : ""}
      </p>
    </section>
  )
}
