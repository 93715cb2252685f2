/**
 * Every number, token amount, fiat value, date and address the modal shows (SPEC.md §9: en-US, 2 decimals
 * for numbers, 3 in activity, addresses as 4 leading and 6 trailing characters). Pure functions on `Intl`;
 * each takes the locale last, defaulting to `DEFAULT_LOCALE`, so a visitor's locale is one argument away.
 * Views format nothing by hand: they call these.
 */

/** The locale every formatter uses unless told otherwise (SPEC.md §9). */
export const DEFAULT_LOCALE = "en-US"

/** Addresses keep 4 leading and 6 trailing characters (SPEC.md §9); moved here from the schemas. */
export { truncateAddress } from "../../schemas/ThirdPartyText"

/** `roundingMode` (ES2023) is not in the ES2022 typings this package builds against; engines without it round. */
interface NumberOptions extends Intl.NumberFormatOptions {
  readonly roundingMode?: "trunc" | "halfExpand"
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** One `Intl.NumberFormat` per locale and options: building one costs far more than formatting. */
const numberFormat = (locale: string, options: NumberOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, format)
  }
  return format
}

/** A base-unit amount as an exact decimal string: `formatUnits(1500000n, 6)` is `"1.5"`. Not for display. */
export const formatUnits = (value: bigint, decimals: number): string => {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${fraction.length > 0 ? `.${fraction}` : ""}`
}

/** Amounts from this size on are shown as "> 999T": a hostile `1e308` must not print 300 digits. */
export const MAX_SHOWN_AMOUNT = 1e15

/** Billions and trillions compact ("1.23B"), beyond them "> 999T" (infinity too); `undefined` below `from`. */
const large = (n: number, locale: string, from: number, prefix = ""): string | undefined => {
  const size = Math.abs(n)
  if (size < from) return undefined
  if (size >= MAX_SHOWN_AMOUNT) return n < 0 ? `< -${prefix}999T` : `> ${prefix}999T`
  const compact = numberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 2,
    roundingMode: "trunc"
  })
  return `${n < 0 ? "-" : ""}${prefix}${compact.format(size)}`
}

/** A decimal string rounded for display, grouped: `"1234.5678"` → `"1,234.57"`; compact from a billion. */
export const formatAmount = (decimal: string, fractionDigits = 2, locale = DEFAULT_LOCALE): string => {
  const format = numberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits
  })
  // Display precision only: a double keeps 15 significant digits, far more than these decimals need.
  const n = Number(decimal)
  if (Number.isNaN(n)) return format.format(0)
  return large(n, locale, 1e9) ?? format.format(n)
}

/** A USD value with 2 decimals; compact from a billion on, "> $999T" beyond. */
export const formatUsd = (value: number, locale = DEFAULT_LOCALE): string => {
  const usd = numberFormat(locale, { style: "currency", currency: "USD" })
  return Number.isNaN(value) ? usd.format(0) : (large(value, locale, 1e9, "$") ?? usd.format(value))
}

/**
 * A fiat amount in `currency` (an ISO 4217 code, as the onramp lists them) with its own symbol and 2 decimals;
 * a code `Intl` does not know reads as the amount and the code ("50.00 XYZ"), never an exception.
 */
export const formatFiat = (value: number, currency: string, locale = DEFAULT_LOCALE): string => {
  if (currency === "USD") return formatUsd(value, locale)
  let format: Intl.NumberFormat
  try {
    format = numberFormat(locale, { style: "currency", currency })
  } catch {
    return `${formatAmount(String(value), 2, locale)} ${currency}`
  }
  return Number.isNaN(value) ? format.format(0) : (large(value, locale, 1e9) ?? format.format(value))
}

/** A fiat currency's name ("US Dollar" for `USD`); the code itself when `Intl` does not know it. */
export const currencyName = (code: string, locale = DEFAULT_LOCALE): string => {
  try {
    return new Intl.DisplayNames([locale], { type: "currency", fallback: "code" }).of(code) ?? code
  } catch {
    return code
  }
}

/** A fee's USD value: "less than $0.01" when it would round to nothing, else `formatUsd`. */
export const formatFeeUsd = (value: number, locale = DEFAULT_LOCALE): string =>
  value > 0 && value < 0.01 ? `less than ${formatUsd(0.01, locale)}` : formatUsd(value, locale)

/** The USD value of `value` base units at `price` per whole token; `undefined` when the price is unknown. */
export const usdValue = (value: bigint, decimals: number, price: number): number | undefined =>
  price > 0 ? Number(formatUnits(value, decimals)) * price : undefined

/** Token amounts keep this many decimals in lists and quotes: SBX's 17 would not fit a line. */
export const TOKEN_DECIMALS_SHOWN = 4

/** A token quantity given as a number (an onramp quote's): at most 4 decimals, cut, no trailing zeros. */
export const formatQuantity = (value: number, locale = DEFAULT_LOCALE): string => {
  const format = numberFormat(locale, { maximumFractionDigits: TOKEN_DECIMALS_SHOWN, roundingMode: "trunc" })
  return Number.isNaN(value) ? format.format(0) : (large(value, locale, 1e9) ?? format.format(value))
}
/** The smallest amount shown as a figure; anything above 0 below it reads "< 0.0001". */
const SMALLEST_SHOWN = 10 ** -TOKEN_DECIMALS_SHOWN

/**
 * A token amount for lists, balances and quotes: at most 4 decimals, cut (never rounded up: a balance is
 * never overstated), "< 0.0001" below that, compact from a million ("1.2M"). No symbol.
 */
export const formatToken = (value: bigint, decimals: number, locale = DEFAULT_LOCALE): string => {
  if (value === 0n) return numberFormat(locale, {}).format(0)
  const sign = value < 0n ? "-" : ""
  const size = value < 0n ? -value : value
  const cut = decimals > TOKEN_DECIMALS_SHOWN ? 10n ** BigInt(decimals - TOKEN_DECIMALS_SHOWN) : 1n
  const n = Number(formatUnits((size / cut) * cut, decimals))
  if (n < SMALLEST_SHOWN)
    return `${sign}< ${numberFormat(locale, { maximumFractionDigits: TOKEN_DECIMALS_SHOWN }).format(SMALLEST_SHOWN)}`
  const shown =
    large(n, locale, 1e6) ??
    numberFormat(locale, { maximumFractionDigits: TOKEN_DECIMALS_SHOWN, roundingMode: "trunc" }).format(n)
  return `${sign}${shown}`
}

/**
 * A token amount exactly, every decimal kept and the whole part grouped ("12,500.000001"): what a review
 * says the visitor sends, since a rounded figure there could misstate it.
 */
export const formatTokenExact = (value: bigint, decimals: number, locale = DEFAULT_LOCALE): string => {
  const exact = formatUnits(value, decimals)
  const negative = exact.startsWith("-")
  const [whole = "0", fraction] = (negative ? exact.slice(1) : exact).split(".")
  const grouped = numberFormat(locale, { useGrouping: true }).format(BigInt(whole))
  const point = numberFormat(locale, {})
    .formatToParts(0.5)
    .find((part) => part.type === "decimal")?.value
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `${point ?? "."}${fraction}`}`
}

/** Fees keep a few significant digits ("0.000035"): their size, not their last wei, is what matters. */
const FEE_SIGNIFICANT_DIGITS = 3
/** The smallest fee shown as a figure. */
const SMALLEST_FEE = 1e-9

/** A fee in its coin, to a few significant digits: "0.000035"; "< 0.000000001" below that; no symbol. */
export const formatFeeAmount = (value: bigint, decimals: number, locale = DEFAULT_LOCALE): string => {
  const n = Number(formatUnits(value, decimals))
  if (n === 0) return numberFormat(locale, {}).format(0)
  if (n < SMALLEST_FEE) return `< ${numberFormat(locale, { maximumFractionDigits: 9 }).format(SMALLEST_FEE)}`
  return (
    large(n, locale, 1e6) ??
    numberFormat(locale, { maximumSignificantDigits: FEE_SIGNIFICANT_DIGITS }).format(n)
  )
}

/** A coin or token as these formatters need it. */
export interface Denomination {
  readonly decimals: number
  readonly symbol: string
}

/** An amount and its symbol, for lists and quotes: "12.5 sUSD", "10,000.8467 ETH". */
export const tokenText = (value: bigint, token: Denomination, locale = DEFAULT_LOCALE): string =>
  `${formatToken(value, token.decimals, locale)} ${token.symbol}`.trim()

/** A network fee in the native coin, and in USD when the coin's price is known: "0.000035 ETH ($0.12)". */
export const feeText = (
  fee: { readonly amount: bigint; readonly usd: number | undefined },
  native: Denomination,
  locale = DEFAULT_LOCALE
): string =>
  `${formatFeeAmount(fee.amount, native.decimals, locale)} ${native.symbol}${
    fee.usd === undefined ? "" : ` (${formatFeeUsd(fee.usd, locale)})`
  }`

/** The most significant digits any figure shows (a rate's; fees show fewer): "0.000123457". */
export const MAX_SIGNIFICANT_DIGITS = 6

/** An exchange rate (how many of one token another buys), to 6 significant digits: "0.000123457". */
export const formatRate = (rate: number, locale = DEFAULT_LOCALE): string =>
  Number.isFinite(rate)
    ? (large(rate, locale, 1e9) ??
      numberFormat(locale, { maximumSignificantDigits: MAX_SIGNIFICANT_DIGITS }).format(rate))
    : "–"

/** A percentage as the visitor typed it ("0.5" → "0.5%"), up to 2 decimals. */
export const formatPercent = (percent: number, locale = DEFAULT_LOCALE): string =>
  numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100)

const dateFormats = new Map<string, Intl.DateTimeFormat>()

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

/** A day in activity, in UTC as its months are grouped: "Nov 20"; "" for a date that does not parse. */
export const formatDay = (date: Date, locale = DEFAULT_LOCALE): string =>
  Number.isNaN(date.getTime())
    ? ""
    : dateFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(date)

/** An activity month's heading, in UTC: "November", or "November 2025" when `withYear`. */
export const formatMonth = (date: Date, withYear: boolean, locale = DEFAULT_LOCALE): string =>
  dateFormat(
    locale,
    withYear ? { month: "long", year: "numeric", timeZone: "UTC" } : { month: "long", timeZone: "UTC" }
  ).format(date)

/** A moment in the visitor's own time zone, date and time: "Nov 29, 2026, 5:21 AM". */
export const formatDateTime = (date: Date, locale = DEFAULT_LOCALE): string =>
  Number.isNaN(date.getTime())
    ? ""
    : dateFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date)

/** How far ahead `seconds` is, in the largest unit that keeps it whole enough: "in 10 minutes", "in 3 days". */
export const formatTimeFromNow = (seconds: number, locale = DEFAULT_LOCALE): string => {
  const minutes = Math.max(0, Math.round(seconds / 60))
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" })
  if (minutes < 120) return relative.format(minutes, "minute")
  const hours = Math.round(minutes / 60)
  return hours < 48 ? relative.format(hours, "hour") : relative.format(Math.round(hours / 24), "day")
}
