/** Number formatting the modal shows (SPEC.md §9: en-US, 2 decimals in balances, 3 in activity). */

/** A base-unit amount as an exact decimal string: `formatUnits(1500000n, 6)` is `"1.5"`. */
export const formatUnits = (value: bigint, decimals: number): string => {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${fraction.length > 0 ? `.${fraction}` : ""}`
}

const formatters = new Map<number, Intl.NumberFormat>()

/** Amounts from this size on are shown as "> 999T": a hostile `1e308` must not print 300 digits. */
export const MAX_SHOWN_AMOUNT = 1e15
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 })

/** Billions and trillions compact ("1.23B"), beyond them "> 999T" (infinity too); `undefined` below a billion. */
const large = (n: number, prefix = ""): string | undefined => {
  const size = Math.abs(n)
  if (size < 1e9) return undefined
  if (size >= MAX_SHOWN_AMOUNT) return n < 0 ? `< -${prefix}999T` : `> ${prefix}999T`
  return `${n < 0 ? "-" : ""}${prefix}${compact.format(size)}`
}

/** A decimal string rounded for display, en-US grouping: `"1234.5678"` → `"1,234.57"`. */
export const formatAmount = (decimal: string, fractionDigits = 2): string => {
  let format = formatters.get(fractionDigits)
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits
    })
    formatters.set(fractionDigits, format)
  }
  // Display precision only: a double keeps 15 significant digits, far more than 2 decimals need.
  const n = Number(decimal)
  if (Number.isNaN(n)) return format.format(0)
  return large(n) ?? format.format(n)
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })

/** A USD value, en-US with 2 decimals; compact from a billion on, "> $999T" beyond. */
export const formatUsd = (value: number): string =>
  Number.isNaN(value) ? usd.format(0) : (large(value, "$") ?? usd.format(value))
