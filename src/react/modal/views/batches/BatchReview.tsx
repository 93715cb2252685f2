import { batchesWords } from "../../../../messages/compiled/en/batches"
import type { BatchProgress, PreviewSimulation } from "../../../../services/RpcRouter"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { shownApproval } from "../requests/shownApproval"
import { batchesCss } from "./batchesStyles"

/** The number of calls of a `wallet_sendCalls` request whose params were checked (SPEC §5). */
const callCount = (params: unknown): number => {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  const calls: unknown = typeof first === "object" && first !== null ? Reflect.get(first, "calls") : undefined
  return Array.isArray(calls) ? calls.length : 0
}

/**
 * Above ApproveTransaction's call-by-call details: which call of the batch the simulation says would fail
 * (its position, and the contract's own reason as it gave it), before anything is sent; and, for a wallet
 * that sends the calls one by one, which call is on its way ("Sending 2 of 3"). Pure.
 */
export const BatchReview = ({
  simulation,
  total,
  progress
}: {
  readonly simulation: PreviewSimulation | undefined
  readonly total: number
  readonly progress?: BatchProgress | undefined
}) => {
  const t = useWords("batches", batchesWords)
  const failing =
    simulation?._tag === "Reverted" && simulation.call !== undefined && total > 1 ? simulation : undefined
  return (
    <>
      {failing === undefined ? null : (
        <div className="batch-failing" role="alert">
          <p>{t.failingCall({ index: (failing.call ?? 0) + 1, total })}</p>
          {failing.reason === undefined ? null : (
            // The contract's words, shown as it sent them (already bounded and printable).
            <p className="batch-reason" dir="auto">
              {failing.reason}
            </p>
          )}
        </div>
      )}
      {progress === undefined ? null : (
        <div className="batch-progress">
          <p>{t.oneByOne({ total: progress.total })}</p>
          <p role="status">
            {progress.sending === undefined
              ? t.landed({ count: progress.included, total: progress.total })
              : t.progress({ current: progress.sending + 1, total: progress.total })}
          </p>
          <progress max={progress.total} value={progress.included} aria-hidden="true" />
        </div>
      )}
    </>
  )
}

/** The shown approval's batch review, rendered in ApproveTransaction when the request is a batch. */
export const BatchReviewScreen = () => {
  useViewStyles(batchesCss)
  const controller = useController()
  const approval = shownApproval(useStore(controller.approvals), useStore(controller.router).transactionStack)
  if (approval?.method !== "wallet_sendCalls") return null
  return (
    <BatchReview
      simulation={approval.simulation}
      total={callCount(approval.params)}
      progress={approval.batch}
    />
  )
}
