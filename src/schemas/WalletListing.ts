import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, optionalNullable } from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { nonBlankString } from "./Primitives"

/**
 * A wallet from the explorer API (`GET /getWallets`). The API sends `null` for empty fields; they decode
 * to absent keys. Links are plain strings here: scheme checks belong to the deep-link builder.
 */
export const WalletListing = Schema.Struct({
  id: nonBlankString("wallet id"),
  name: Schema.String,
  image_id: optionalNullable(Schema.String),
  image_url: optionalNullable(Schema.String),
  rdns: optionalNullable(Schema.String),
  /** CAIP-2 ids; kept as strings because the listing covers namespaces we do not support. */
  chains: optionalNullable(Schema.Array(Schema.String)),
  homepage: optionalNullable(Schema.String),
  mobile_link: optionalNullable(Schema.String),
  desktop_link: optionalNullable(Schema.String),
  webapp_link: optionalNullable(Schema.String),
  app_store: optionalNullable(Schema.String),
  play_store: optionalNullable(Schema.String)
}).annotate({ identifier: "WalletListing" })
export type WalletListing = typeof WalletListing.Type

export const WalletListResponse = Schema.Struct({
  count: Schema.Natural,
  data: Schema.Array(WalletListing)
}).annotate({ identifier: "WalletListResponse" })
export type WalletListResponse = typeof WalletListResponse.Type

const WalletListEnvelope = Schema.Struct({
  count: Schema.Natural,
  data: Schema.Array(Schema.Unknown)
})

export interface DecodedWalletList {
  /** Total count reported by the API (for paging), not the number of decoded items. */
  readonly count: number
  readonly data: ReadonlyArray<WalletListing>
  readonly dropped: number
}

/** Per-item tolerance: the envelope must be valid; invalid listings are dropped, the rest kept. */
export const decodeWalletListResponse = (
  input: unknown
): Result.Result<DecodedWalletList, SchemaDecodeError> =>
  Result.map(decodeUnknownResult(WalletListEnvelope, "Wallet list response")(input), (envelope) => {
    const { items, dropped } = decodeItems(WalletListing)(envelope.data)
    return { count: envelope.count, data: items, dropped }
  })
