import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { optionalNullable } from "./ApiFields"
import { decodeUnknownResult } from "./decode"

/** A transaction hash: `0x` and 64 hex characters (32 bytes). */
export const TransactionHash = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]{64}$/, {
    message: "Expected a transaction hash: 0x followed by 64 hex characters"
  })
)

/** A JSON-RPC quantity of at most 256 bits (`0x` and 1 to 64 hex digits), decoded to a bigint. */
export const HexQuantity = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]{1,64}$/, {
    message: "Expected a hex quantity: 0x followed by 1 to 64 hex digits"
  })
).pipe(
  Schema.decodeTo(Schema.BigInt, {
    decode: SchemaGetter.transform((hex) => BigInt(hex)),
    encode: SchemaGetter.transform((quantity) => `0x${quantity.toString(16)}`)
  })
)

/** A receipt's `status`: `0x1` succeeded, `0x0` reverted (EIP-658). */
export const ReceiptStatus = Schema.Literals(["0x1", "0x0"])
  .annotate({ message: 'Expected a receipt status: "0x1" or "0x0"' })
  .pipe(
    Schema.decodeTo(Schema.Literals(["success", "reverted"]), {
      decode: SchemaGetter.transform((status) => (status === "0x1" ? "success" : "reverted")),
      encode: SchemaGetter.transform((status) => (status === "success" ? "0x1" : "0x0"))
    })
  )

/** The fields of an `eth_getTransactionReceipt` receipt Airlock reads; the node's other fields are ignored. */
export const TransactionReceipt = Schema.Struct({
  transactionHash: TransactionHash,
  blockNumber: HexQuantity,
  status: ReceiptStatus
}).annotate({ identifier: "TransactionReceipt" })
export type TransactionReceipt = typeof TransactionReceipt.Type

/** An `eth_getTransactionReceipt` answer: `null` while the transaction is not mined. */
export const ReceiptResponse = Schema.NullOr(TransactionReceipt).annotate({ identifier: "ReceiptResponse" })
export type ReceiptResponse = typeof ReceiptResponse.Type

export const decodeReceiptResponse = decodeUnknownResult(ReceiptResponse, "Transaction receipt")

/** Where an EIP-5792 batch stands, whichever way the wallet spelled it. */
export const CallsState = Schema.Literals(["pending", "confirmed", "failed"])
export type CallsState = typeof CallsState.Type

const STATUS_CODE_MESSAGE =
  "Expected a calls status code: 1xx pending, 2xx confirmed, 4xx, 5xx or 6xx failed (or PENDING / CONFIRMED)"

/**
 * The state an EIP-5792 status code names, by its hundreds: 100 pending, 200 confirmed, 400 failed off
 * chain, 500 reverted, 600 partly reverted; `undefined` for a code outside those classes.
 */
export const callsStateOfCode = (code: number): CallsState | undefined => {
  if (!Number.isInteger(code)) return undefined
  if (code >= 100 && code < 200) return "pending"
  if (code >= 200 && code < 300) return "confirmed"
  if (code >= 400 && code < 700) return "failed"
  return undefined
}

const CODE_OF_STATE: Record<CallsState, number> = { pending: 100, confirmed: 200, failed: 500 }

const NumericCallsStatus = Schema.Number.check(
  Schema.makeFilter((code) => callsStateOfCode(code) !== undefined, { message: STATUS_CODE_MESSAGE })
).pipe(
  Schema.decodeTo(CallsState, {
    decode: SchemaGetter.transform((code) => callsStateOfCode(code) ?? "failed"),
    encode: SchemaGetter.transform((state) => CODE_OF_STATE[state])
  })
)

/** The string form of early EIP-5792 drafts, still sent by some wallets. */
const NamedCallsStatus = Schema.Literals(["PENDING", "CONFIRMED"]).pipe(
  Schema.decodeTo(Schema.Literals(["pending", "confirmed"]), {
    decode: SchemaGetter.transform((name) => (name === "PENDING" ? "pending" : "confirmed")),
    encode: SchemaGetter.transform((state) => (state === "pending" ? "PENDING" : "CONFIRMED"))
  })
)

export const CallsStatusCode = Schema.Union([NumericCallsStatus, NamedCallsStatus]).annotate({
  message: STATUS_CODE_MESSAGE
})

/** A receipt inside a `wallet_getCallsStatus` answer: the fields Airlock reads. */
export const CallsReceipt = Schema.Struct({
  transactionHash: TransactionHash,
  status: ReceiptStatus
}).annotate({ identifier: "CallsReceipt" })
export type CallsReceipt = typeof CallsReceipt.Type

/** More receipts than a wallet would put in one batch; the length is checked before any item is decoded. */
export const MAX_CALLS_RECEIPTS = 256

const CallsReceipts = Schema.Array(Schema.Unknown)
  .check(
    Schema.isMaxLength(MAX_CALLS_RECEIPTS, {
      message: `Expected at most ${MAX_CALLS_RECEIPTS} receipts`
    })
  )
  .pipe(
    Schema.decodeTo(Schema.Array(CallsReceipt), {
      decode: SchemaGetter.passthrough({ strict: false }),
      encode: SchemaGetter.passthrough({ strict: false })
    })
  )

/**
 * A `wallet_getCallsStatus` answer (EIP-5792). Wallets send `receipts` once the batch is on chain; some send
 * `null` before that, read as no receipts.
 */
export const CallsStatus = Schema.Struct({
  status: CallsStatusCode,
  receipts: optionalNullable(CallsReceipts)
}).annotate({ identifier: "CallsStatus" })
export type CallsStatus = typeof CallsStatus.Type

export const decodeCallsStatus = decodeUnknownResult(CallsStatus, "Calls status")
