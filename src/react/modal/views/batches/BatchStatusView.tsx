import { transactionUrl } from "../../../../layers/format/explorerLinks"
import { batchesWords } from "../../../../messages/compiled/en/batches"
import type { TrackedTransaction } from "../../../../services/TransactionWatcher"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { CopyableValue } from "../../ui/CopyableValue"
import { Status } from "../../ui/Status"
import { tokenFieldCss } from "../../ui/tokenFieldStyles"
import { batchesCss } from "./batchesStyles"

/** A batch as the route names it: its id, its number of calls and, sent one by one, the calls that landed. */
export interface ShownBatch {
  readonly id: string
  readonly calls: number
  readonly landed: ReadonlyArray<number> | undefined
}

/** The route's data as a batch; `undefined` when it names none (a host opening the view bare). */
export const shownBatch = (data: Readonly<Record<string, string>> | undefined): ShownBatch | undefined => {
  const id = data?.id
  const calls = Number(data?.calls)
  if (id === undefined || !Number.isSafeInteger(calls) || calls < 0) return undefined
  const landed = data?.landed
  return {
    id,
    calls,
    landed:
      landed === undefined ? undefined : landed === "" ? [] : landed.split(",").map((index) => Number(index))
  }
}

/**
 * Where a batch stands, as TransactionWatcher follows it (`tracked`; pending until it is listed): pending
 * with its number of calls, then confirmed with its transaction, or failed with, call by call, how many went
 * through (in order: the sequence stops at the first failure). Pure.
 */
export const BatchStatus = ({
  batch,
  tracked,
  explorerUrl
}: {
  readonly batch: ShownBatch
  readonly tracked: TrackedTransaction | undefined
  readonly explorerUrl: string | undefined
}) => {
  const t = useWords("batches", batchesWords)
  const status = tracked?.status ?? "pending"
  return (
    <>
      {status === "confirmed" ? (
        <Status kind="success">{t.statusConfirmed({ total: batch.calls })}</Status>
      ) : status === "failed" ? (
        <Status kind="failed">{t.statusFailed()}</Status>
      ) : status === "unknown" ? (
        <Status kind="pending">{t.statusUnknown()}</Status>
      ) : (
        <Status kind="pending">{t.statusPending({ total: batch.calls })}</Status>
      )}
      {status === "failed" && batch.landed !== undefined ? (
        <p className="batch-landed">{t.landed({ count: batch.landed.length, total: batch.calls })}</p>
      ) : null}
      {tracked?.hash === undefined ? null : (
        <CopyableValue label={t.transaction()} value={tracked.hash} explorerUrl={explorerUrl} />
      )}
    </>
  )
}

/** BatchStatus: the batch the route names, followed in TransactionWatcher's record. */
export const BatchStatusView = () => {
  useViewStyles(tokenFieldCss)
  useViewStyles(batchesCss)
  const controller = useController()
  const t = useWords("batches", batchesWords)
  const batch = shownBatch(useStore(controller.router).data)
  const transactions = useStore(controller.transactions)
  const { active } = useStore(controller.networks)
  if (batch === undefined) return <p className="empty">{t.unknownBatch()}</p>
  const tracked = transactions.find((tx) => tx.kind === "calls" && tx.id === batch.id)
  const evm = active.eip155
  const network =
    evm?._tag === "Known" && evm.network.caipNetworkId === tracked?.network ? evm.network : undefined
  return (
    <div className="batch-status">
      <BatchStatus
        batch={batch}
        tracked={tracked}
        explorerUrl={tracked?.hash === undefined ? undefined : transactionUrl(network, tracked.hash)}
      />
      <button type="button" className="button" onClick={() => void controller.goBack()}>
        {t.close()}
      </button>
    </div>
  )
}
