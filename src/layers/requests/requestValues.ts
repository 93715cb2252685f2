/**
 * Reading the values an unsafe request carries, for ApproveTransaction: text fit to show (bounded, with no
 * invisible characters), quantities, token amounts, deadlines, and base58 messages. Pure and total.
 */
import { type Denomination, formatTokenExact } from "../format/format"

export const UNREADABLE = "Unreadable data"
export const MAX_TEXT_LENGTH = 2000

// The characters untrusted.ts strips from names (controls, zero-width, direction overrides), except the
// tab and line feed a message keeps.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** A string fit to show: no invisible characters, at most MAX_TEXT_LENGTH characters with an ellipsis. */
export const displayText = (value: unknown, multiline = false): string => {
  if (typeof value !== "string") return UNREADABLE
  const cleaned = value.slice(0, MAX_TEXT_LENGTH * 2).replace(HIDDEN, "")
  const text = multiline ? cleaned.replace(/\t/g, " ") : cleaned.replace(/\s+/g, " ").trim()
  if (text.length <= MAX_TEXT_LENGTH && value.length <= MAX_TEXT_LENGTH * 2)
    return text === "" ? "(empty)" : text
  let cut = text.slice(0, MAX_TEXT_LENGTH - 1)
  // Never end on half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1)
  return `${cut}…`
}

/** A non-negative integer as JSON-RPC sends it: a hex quantity, decimal digits, or a safe number. */
export const toQuantity = (value: unknown): bigint | undefined => {
  if (typeof value === "bigint") return value >= 0n ? value : undefined
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined
  return typeof value === "string" && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)
    ? BigInt(value)
    : undefined
}

/**
 * A token amount: in the token's units when its decimals were read from the chain ("12.5 sUSD", every
 * decimal kept), else in its smallest unit; from 2^255 on, as good as unlimited.
 */
export const tokenAmount = (amount: bigint, denomination?: Denomination | undefined): string =>
  amount >= 2n ** 255n
    ? "Unlimited"
    : denomination === undefined
      ? `${amount} units`
      : `${formatTokenExact(amount, denomination.decimals)} ${denomination.symbol}`

const LAST_DATE_SECONDS = 253_402_300_799n // 9999-12-31T23:59:59Z

/** A deadline in Unix seconds as a UTC date; beyond year 9999 it never comes. */
export const formatDeadline = (seconds: bigint): string =>
  seconds > LAST_DATE_SECONDS
    ? "Never"
    : `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace("T", " ")} UTC`

/** Text a person can read: valid UTF-8 without control characters other than tab and line breaks. */
export const readableText = (bytes: Uint8Array, complete: boolean): string | undefined => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !complete })
    return BINARY.test(text) ? undefined : text
  } catch {
    return undefined
  }
}

// Moved to the sign-in module, which verifies Solana sign-ins with it; re-exported for the request views.
export { decodeBase58, MAX_BASE58_LENGTH } from "../../siwx/base58"

/** One line of a description: a label and its value, made safe to show. */
export interface DescriptionRow {
  readonly label: string
  readonly value: string
  /** `code`: addresses and hex, shown monospaced; `message`: text whose line breaks are kept. */
  readonly format: "text" | "code" | "message"
}

export const row = (
  label: string,
  value: unknown,
  format: DescriptionRow["format"] = "text"
): DescriptionRow => ({
  label,
  value: displayText(value, format === "message"),
  format
})

/** A request's own part of its description: the title and the rows its params decode to. */
export interface DescribedBody {
  readonly title: string
  readonly rows: ReadonlyArray<DescriptionRow>
  readonly warnings?: ReadonlyArray<string>
}

/** Params that do not decode: shown as unreadable under the method's title. */
export const unreadable = (title: string): DescribedBody => ({ title, rows: [row("Details", UNREADABLE)] })
