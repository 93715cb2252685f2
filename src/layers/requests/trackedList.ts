import type { Submission, TrackedTransaction } from "../../services/TransactionWatcher"

/** Transactions kept in `transactions`, newest first. */
export const MAX_TRACKED_TRANSACTIONS = 50

/** The id a submission is tracked under: the transaction hash (a Solana signature) or the batch id. */
export const submissionId = (submission: Submission): string =>
  submission.kind === "transaction" ? submission.hash : submission.id

/** The entry `track` shows at once, sent at `now`. */
export const pendingTransaction = (submission: Submission, now: number): TrackedTransaction => ({
  id: submissionId(submission),
  kind: submission.kind,
  network: submission.network,
  from: submission.from,
  to: submission.kind === "transaction" ? submission.to : undefined,
  value: submission.kind === "transaction" ? submission.value : undefined,
  hash: undefined,
  status: "pending",
  submittedAt: now,
  settledAt: undefined
})

/**
 * `entry` added in front of `transactions`, the oldest dropped beyond the bound; `undefined` when its id is
 * already there. `evicted` lists the ids dropped.
 */
export const withTracked = (
  transactions: ReadonlyArray<TrackedTransaction>,
  entry: TrackedTransaction
):
  | { readonly transactions: ReadonlyArray<TrackedTransaction>; readonly evicted: ReadonlyArray<string> }
  | undefined => {
  if (transactions.some((t) => t.id === entry.id)) return undefined
  const all = [entry, ...transactions]
  return {
    transactions: all.slice(0, MAX_TRACKED_TRANSACTIONS),
    evicted: all.slice(MAX_TRACKED_TRANSACTIONS).map((t) => t.id)
  }
}

/** `transactions` with the entry of `settled.id` replaced by `settled`, if it is still there. */
export const withSettled = (
  transactions: ReadonlyArray<TrackedTransaction>,
  settled: TrackedTransaction
): ReadonlyArray<TrackedTransaction> => transactions.map((t) => (t.id === settled.id ? settled : t))
