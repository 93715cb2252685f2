/**
 * Reading the values an unsafe request carries, for ApproveTransaction: text fit to show (bounded, with no
 * invisible characters), quantities, token amounts, deadlines, and base58 messages. Pure and total. A
 * description is structure (a kind and its values); the approval view words it from its catalog
 * (`requestWords.ts`), so nothing here is English.
 */
import type { Denomination } from "../format/format"

export const MAX_TEXT_LENGTH = 2000

// The characters untrusted.ts strips from names (controls, zero-width, direction overrides), except the
// tab and line feed a message keeps.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * A string fit to show: no invisible characters, at most MAX_TEXT_LENGTH characters with an ellipsis;
 * `undefined` for what is not a string (unreadable). An empty result is shown as "(empty)".
 */
export const displayText = (value: unknown, multiline = false): string | undefined => {
  if (typeof value !== "string") return undefined
  const cleaned = value.slice(0, MAX_TEXT_LENGTH * 2).replace(HIDDEN, "")
  const text = multiline ? cleaned.replace(/\t/g, " ") : cleaned.replace(/\s+/g, " ").trim()
  if (text.length <= MAX_TEXT_LENGTH && value.length <= MAX_TEXT_LENGTH * 2) return text
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

/** Amounts this large are as good as unlimited (wallets use the largest uint256, or 2^255 and up). */
export const UNLIMITED = 2n ** 255n

/**
 * A token amount: unlimited from 2^255 on; in the token's units when its decimals were read from the chain
 * (the view shows every decimal: "12.5 sUSD"); else in its smallest unit ("1500000 units"). A native
 * amount's `symbol` is `undefined` when the network's is not known.
 */
export type AmountValue =
  | { readonly _tag: "Unlimited" }
  | { readonly _tag: "Units"; readonly amount: bigint }
  | {
      readonly _tag: "Token"
      readonly amount: bigint
      readonly decimals: number
      readonly symbol: string | undefined
    }

export const tokenAmount = (amount: bigint, denomination?: Denomination | undefined): AmountValue =>
  amount >= UNLIMITED
    ? { _tag: "Unlimited" }
    : denomination === undefined
      ? { _tag: "Units", amount }
      : { _tag: "Token", amount, decimals: denomination.decimals, symbol: denomination.symbol }

const LAST_DATE_SECONDS = 253_402_300_799n // 9999-12-31T23:59:59Z

/** A deadline in Unix seconds as a UTC date ("2030-01-01 00:00:00 UTC"); `undefined` beyond year 9999: never. */
export const formatDeadline = (seconds: bigint): string | undefined =>
  seconds > LAST_DATE_SECONDS
    ? undefined
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

/** Call data in brief: the token call it makes, else its selector and size. */
export type CallSummary =
  | { readonly _tag: "NoData" }
  | { readonly _tag: "Unreadable" }
  | { readonly _tag: "Function"; readonly selector: string; readonly bytes: number }
  | { readonly _tag: "Transfer"; readonly amount: AmountValue; readonly to: string }
  | {
      readonly _tag: "TransferFrom"
      readonly amount: AmountValue
      readonly from: string
      readonly to: string
    }
  | { readonly _tag: "Approve"; readonly spender: string; readonly amount: AmountValue }
  | {
      readonly _tag: "Permit"
      readonly spender: string
      readonly amount: AmountValue
      readonly owner: string
    }
  | { readonly _tag: "ApprovalForAll"; readonly operator: string; readonly approved: boolean }

/** What a row shows: text from the request (cleaned and bounded; "" is empty), or a value the view words. */
export type RowValue =
  | { readonly _tag: "Text"; readonly text: string }
  | { readonly _tag: "Unreadable" }
  | { readonly _tag: "Amount"; readonly amount: AmountValue }
  /** A UTC date ("2030-01-01 00:00:00 UTC"), or `undefined`: never. */
  | { readonly _tag: "Deadline"; readonly date: string | undefined }
  /** A chain id, with the active network's name when it is the active chain. */
  | { readonly _tag: "Chain"; readonly chainId: string; readonly networkName: string | undefined }
  | { readonly _tag: "Count"; readonly count: number }
  /** "and 2 more" */
  | { readonly _tag: "More"; readonly count: number }
  /** Names listed, `more` not listed; none at all reads "(none)". */
  | { readonly _tag: "List"; readonly items: ReadonlyArray<string>; readonly more: number }
  | { readonly _tag: "CallData"; readonly call: CallSummary }
  /** A call of a batch: its recipient, value (`undefined`: unreadable) and call data. */
  | {
      readonly _tag: "Call"
      readonly to: string
      readonly value: AmountValue | undefined
      readonly call: CallSummary
    }
  /** An ERC-7715 permission: its type and its data as JSON. */
  | { readonly _tag: "Permission"; readonly type: string; readonly data: string }
  | { readonly _tag: "NoAllowance" }
  | { readonly _tag: "AllTokens" }
  | { readonly _tag: "NoOperator" }
  | { readonly _tag: "NotDecoded" }
  | { readonly _tag: "UnknownNetwork" }

/** What a row is: its label in the view's words ("Call" and "Permission" are numbered). */
export type RowLabel =
  | "Method"
  | "Network"
  | "From"
  | "Message"
  | "MessageHex"
  | "MessageBase58"
  | "Value"
  | "ContractCode"
  | "To"
  | "Data"
  | "Token"
  | "Recipient"
  | "Amount"
  | "Spender"
  | "Allowance"
  | "Owner"
  | "ValidUntil"
  | "Collection"
  | "Operator"
  | "Access"
  | "Deadline"
  | "Domain"
  | "Version"
  | "Chain"
  | "Contract"
  | "PrimaryType"
  | "Calls"
  | "Call"
  | "MoreCalls"
  | "SmartAccount"
  | "EntryPoint"
  | "CallData"
  | "Account"
  | "Expires"
  | "Signer"
  | "Permission"
  | "MorePermissions"
  | "Permissions"
  | "Details"
  | "PublicKey"
  | "Website"
  | "Statement"
  | "Nonce"
  | "Transactions"
  | "Contents"

/** One line of a description: what it is and its value, made safe to show. */
export interface DescriptionRow {
  readonly label: RowLabel
  /** The number of a call or a permission, from 1. */
  readonly index?: number
  readonly value: RowValue
  /** `code`: addresses and hex, shown monospaced; `message`: text whose line breaks are kept. */
  readonly format: "text" | "code" | "message"
}

/** A row's identity within its description: its label and number. */
export const rowKey = (row: DescriptionRow): string => `${row.label}${row.index ?? ""}`

/** A row of text from the request: cleaned and bounded, or unreadable when it is not a string. */
export const row = (
  label: RowLabel,
  value: unknown,
  format: DescriptionRow["format"] = "text"
): DescriptionRow => valueRow(label, textValue(value, format === "message"), format)

/** A row of a value the view words. */
export const valueRow = (
  label: RowLabel,
  value: RowValue,
  format: DescriptionRow["format"] = "text"
): DescriptionRow => ({ label, value, format })

/** Text from the request as a row's value: cleaned and bounded, or unreadable. */
export const textValue = (value: unknown, multiline = false): RowValue => {
  const text = displayText(value, multiline)
  return text === undefined ? { _tag: "Unreadable" } : { _tag: "Text", text }
}

export const UNREADABLE: RowValue = { _tag: "Unreadable" }

/** What a request's title says it asks. */
export type TitleKind =
  | "SignMessage"
  | "SignTypedData"
  | "SignPermit"
  | "SendTransaction"
  | "DeployContract"
  | "SendCalls"
  | "SendUserOperation"
  | "GrantPermissions"
  | "RevokePermissions"
  | "SignIn"
  | "SignTransaction"
  | "SignTransactions"
  | "SignAndSendTransaction"
  | "ApproveRequest"
  | "Transfer"
  | "TransferFrom"
  | "ApproveSpender"
  | "RevokeApproval"
  | "SubmitPermit"
  | "ApproveOperator"
  | "RevokeOperator"

/** What a chain-bound request is, in a warning about its chain. */
export type ChainBound = "transaction" | "signature" | "batch" | "permission"

/** What the visitor must read before answering. Values are cleaned and bounded. */
export type RequestWarning =
  /** An allowance of 2^255 or more: the spender could move all of this token. */
  | { readonly _tag: "Unlimited"; readonly spender: string }
  | { readonly _tag: "ChainUnreadable"; readonly what: ChainBound }
  | { readonly _tag: "ChainUnknown"; readonly what: ChainBound; readonly chainId: string }
  /** For another chain than the active one (`networkName`: the active network's, when known). */
  | {
      readonly _tag: "OtherChain"
      readonly what: ChainBound
      readonly chainId: string
      readonly activeChainId: string
      readonly networkName: string | undefined
    }

/** A request's own part of its description: the title and the rows its params decode to. */
export interface DescribedBody {
  readonly title: TitleKind
  readonly rows: ReadonlyArray<DescriptionRow>
  readonly warnings?: ReadonlyArray<RequestWarning>
}

/** Params that do not decode: shown as unreadable under the method's title. */
export const unreadable = (title: TitleKind): DescribedBody => ({
  title,
  rows: [valueRow("Details", UNREADABLE)]
})

/** One line of a simulation, for the view to word. */
export type SimulationLine =
  | { readonly _tag: "Simulating" }
  | { readonly _tag: "NotSimulated" }
  | { readonly _tag: "Reverted" }
  | { readonly _tag: "NoChange" }
  /** A change in the token's units (`delta` in its smallest unit, signed). */
  | { readonly _tag: "Change"; readonly delta: bigint; readonly decimals: number; readonly symbol: string }
  /** A change of a token whose symbol or decimals are unknown: in base units of its address. */
  | { readonly _tag: "Units"; readonly delta: bigint; readonly token: string }
