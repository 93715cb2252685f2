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
  return format.format(Number.isFinite(n) ? n : 0)
}
