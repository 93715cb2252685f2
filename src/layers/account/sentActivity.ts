import type { Transaction } from "../../schemas/Transaction"
import type { TrackedTransaction } from "../../services/TransactionWatcher"
import { DEFAULT_LOCALE, formatAmount, formatUnits } from "../format/format"

/** The account whose sends Activity lists: its address on its active network. */
export interface SendingAccount {
  readonly address: string
  readonly networkId: string | undefined
}

const lower = (text: string) => text.toLowerCase()

/** The hashes the history already lists (the API's `metadata.hash`, else its id), lower case. */
const listedHashes = (history: ReadonlyArray<Transaction>): ReadonlySet<string> => {
  const hashes = new Set<string>()
  for (const transaction of history) {
    hashes.add(lower(transaction.id))
    if (typeof transaction.metadata.hash === "string") hashes.add(lower(transaction.metadata.hash))
  }
  return hashes
}

/**
 * What Activity shows above the history: the account's sends through Airlock on its active network, newest
 * first, until the history lists them. A pending send shows at once; a settled one stays until the history
 * has its hash, so nothing disappears between its receipt and the history catching up.
 */
export const unlistedSends = (
  tracked: ReadonlyArray<TrackedTransaction>,
  account: SendingAccount | undefined,
  history: ReadonlyArray<Transaction>
): ReadonlyArray<TrackedTransaction> => {
  if (account === undefined || account.networkId === undefined) return []
  const listed = listedHashes(history)
  return tracked.filter(
    (sent) =>
      sent.network === account.networkId &&
      lower(sent.from) === lower(account.address) &&
      !listed.has(lower(sent.hash ?? sent.id))
  )
}

/**
 * How Activity shows a send: what it was (a transaction, or a batch of calls), where it stands, and the
 * amount that left (3 decimals, in `locale`). The view words the kind and the status in the visitor's language.
 */
export const sentRow = (
  sent: TrackedTransaction,
  currency: { readonly symbol: string; readonly decimals: number } | undefined,
  locale = DEFAULT_LOCALE
): {
  readonly kind: "send" | "batch"
  readonly status: TrackedTransaction["status"]
  readonly amount: string | undefined
} => {
  const wei = sent.value === undefined || !/^\d{1,78}$/.test(sent.value) ? undefined : BigInt(sent.value)
  return {
    kind: sent.kind === "calls" ? "batch" : "send",
    status: sent.status,
    amount:
      wei === undefined || wei === 0n || currency === undefined
        ? undefined
        : `-${formatAmount(formatUnits(wei, currency.decimals), 3, locale)} ${currency.symbol}`
  }
}
