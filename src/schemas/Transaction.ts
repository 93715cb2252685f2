import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import {
  decodeItems,
  IsoDateTimeString,
  nullableWithDefault,
  optionalNullable,
  SafeImageUrl,
  SanitizedName
} from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { FiniteNumber } from "./Primitives"

/** An image; `url` decodes to `undefined` unless it is safe for `<img src>` (THREATS.md T3). */
const ImageRef = Schema.Struct({ url: SafeImageUrl })

/** Names and symbols decode to plain text; one with nothing readable left is absent. */
export const FungibleInfo = Schema.Struct({
  name: optionalNullable(SanitizedName),
  symbol: optionalNullable(SanitizedName),
  icon: optionalNullable(ImageRef)
}).annotate({ identifier: "FungibleInfo" })
export type FungibleInfo = typeof FungibleInfo.Type

export const NftInfo = Schema.Struct({
  name: optionalNullable(SanitizedName),
  content: optionalNullable(Schema.Struct({ preview: optionalNullable(ImageRef) }))
}).annotate({ identifier: "NftInfo" })
export type NftInfo = typeof NftInfo.Type

export const TransferDirection = Schema.Literals(["in", "out", "self"]).annotate({
  message: "Expected a transfer direction: in, out or self"
})
export type TransferDirection = typeof TransferDirection.Type

export const Transfer = Schema.Struct({
  fungible_info: optionalNullable(FungibleInfo),
  nft_info: optionalNullable(NftInfo),
  direction: optionalNullable(TransferDirection),
  quantity: Schema.Struct({ numeric: Schema.String }),
  value: optionalNullable(FiniteNumber),
  price: optionalNullable(FiniteNumber)
}).annotate({ identifier: "Transfer" })
export type Transfer = typeof Transfer.Type

export const TransactionMetadata = Schema.Struct({
  /**
   * e.g. send, receive, deposit, withdraw (SPEC §4 picks the sign from it); shown, so plain text, and
   * `undefined` when nothing readable is left.
   */
  operationType: SanitizedName,
  /** confirmed, failed or pending in practice; kept open so a new status does not drop the entry. */
  status: Schema.String,
  sentFrom: Schema.String,
  sentTo: Schema.String,
  minedAt: IsoDateTimeString,
  /** CAIP-2 id of the chain, when the API knows it. */
  chain: optionalNullable(Schema.String),
  hash: optionalNullable(Schema.String)
}).annotate({ identifier: "TransactionMetadata" })
export type TransactionMetadata = typeof TransactionMetadata.Type

/** One entry of `GET /v1/account/{address}/history`. */
export const Transaction = Schema.Struct({
  id: Schema.String,
  metadata: TransactionMetadata,
  /** The API sends `null` for a transaction without transfers. */
  transfers: nullableWithDefault(Schema.Array(Transfer), () => [])
}).annotate({ identifier: "Transaction" })
export type Transaction = typeof Transaction.Type

export const HistoryResponse = Schema.Struct({
  data: Schema.Array(Transaction),
  /** Cursor of the next page; absent or null on the last page. */
  next: optionalNullable(Schema.String)
}).annotate({ identifier: "HistoryResponse" })
export type HistoryResponse = typeof HistoryResponse.Type

const HistoryEnvelope = Schema.Struct({
  data: Schema.Array(Schema.Unknown),
  next: optionalNullable(Schema.String)
})

export interface DecodedHistory {
  readonly data: ReadonlyArray<Transaction>
  readonly next: string | undefined
  readonly dropped: number
}

/** Per-item tolerance: the envelope must be valid; invalid transactions are dropped, the rest kept. */
export const decodeHistoryResponse = (input: unknown): Result.Result<DecodedHistory, SchemaDecodeError> =>
  Result.map(decodeUnknownResult(HistoryEnvelope, "History response")(input), (envelope) => {
    const { items, dropped } = decodeItems(Transaction)(envelope.data)
    return { data: items, next: envelope.next, dropped }
  })
