import type { Transaction, Transfer } from "../../schemas/Transaction"
import { DEFAULT_LOCALE, formatAmount, formatMonth } from "../format/format"

const PLUS = new Set(["receive", "deposit", "borrow", "claim"])
const MINUS = new Set(["withdraw", "repay", "burn"])

/** SPEC.md §4: receive, deposit, borrow, claim show +; withdraw, repay, burn show −; else by direction. */
export const signOf = (operationType: string, transfer?: Pick<Transfer, "direction">): "+" | "-" | "" => {
  const op = operationType.toLowerCase()
  if (PLUS.has(op)) return "+"
  if (MINUS.has(op)) return "-"
  if (transfer?.direction === "in") return "+"
  if (transfer?.direction === "out") return "-"
  return ""
}

/** A transfer's amount with 3 decimals and its symbol (SPEC.md §9), in `locale`. */
export const transferAmount = (transfer: Transfer, locale = DEFAULT_LOCALE): string => {
  const symbol = transfer.fungible_info?.symbol ?? (transfer.nft_info === undefined ? "" : "NFT")
  return `${formatAmount(transfer.quantity.numeric, 3, locale)}${symbol === "" ? "" : ` ${symbol}`}`
}

export interface MonthGroup {
  readonly key: string
  /** "November", or "November 2025" when not the current year (SPEC.md §2). */
  readonly label: string
  readonly transactions: ReadonlyArray<Transaction>
}

/** Groups activity by month of `minedAt`, keeping the order it came in (newest first); labels in `locale`. */
export const groupByMonth = (
  transactions: ReadonlyArray<Transaction>,
  now: Date,
  locale = DEFAULT_LOCALE
): ReadonlyArray<MonthGroup> => {
  const groups: Array<{ key: string; label: string; transactions: Array<Transaction> }> = []
  for (const transaction of transactions) {
    const mined = new Date(transaction.metadata.minedAt)
    if (Number.isNaN(mined.getTime())) continue
    const year = mined.getUTCFullYear()
    const key = `${year}-${String(mined.getUTCMonth() + 1).padStart(2, "0")}`
    const last = groups[groups.length - 1]
    if (last?.key === key) {
      last.transactions.push(transaction)
      continue
    }
    const existing = groups.find((g) => g.key === key)
    if (existing !== undefined) {
      existing.transactions.push(transaction)
      continue
    }
    groups.push({
      key,
      label: formatMonth(mined, year !== now.getUTCFullYear(), locale),
      transactions: [transaction]
    })
  }
  return groups
}
