import * as Either from "effect/Either"
import type * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { decodeItems, decodeUnknownEither, type SchemaDecodeError } from "./decode"
import { FiniteNumber, HexString, messageOverride, optionalNullable } from "./Primitives"

export const TokenQuantity = Schema.Struct({
  decimals: Schema.String.pipe(
    Schema.pattern(/^\d+$/, { message: () => 'Expected token decimals as a string of digits, e.g. "18"' })
  ),
  numeric: Schema.String
}).annotations({ identifier: "TokenQuantity" })
export type TokenQuantity = typeof TokenQuantity.Type

/** One token from the provider's balance API (`GET /v1/account/{address}/balance`). */
export const TokenBalance = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  /** CAIP-2 id of the token's chain, e.g. `eip155:1`. */
  chainId: Schema.String,
  /** Absent for the native coin. */
  address: optionalNullable(Schema.String),
  /** The API omits `value` when it has no price; 0 keeps sums well defined. */
  value: Schema.optionalWith(FiniteNumber, { nullable: true, default: () => 0 }),
  price: FiniteNumber,
  quantity: TokenQuantity,
  iconUrl: Schema.String
}).annotations({ identifier: "TokenBalance" })
export type TokenBalance = typeof TokenBalance.Type

export const BalanceResponse = Schema.Struct({
  balances: Schema.Array(TokenBalance)
}).annotations({ identifier: "BalanceResponse" })
export type BalanceResponse = typeof BalanceResponse.Type

const BalanceEnvelope = Schema.Struct({ balances: Schema.Array(Schema.Unknown) })

export interface DecodedBalances {
  readonly balances: ReadonlyArray<TokenBalance>
  /** Items that failed to decode and were left out. */
  readonly dropped: number
}

/**
 * Per-item tolerance: the envelope `{ balances: [...] }` must be valid, but a bad token is dropped and
 * the rest kept (THREATS T15), since one odd token must not blank the whole list. Zero-decimal tokens
 * are not removed here: apply {@link filterZeroDecimals} too.
 */
export const decodeBalanceResponse = (input: unknown): Either.Either<DecodedBalances, SchemaDecodeError> =>
  Either.map(decodeUnknownEither(BalanceEnvelope, "Balance response")(input), (envelope) => {
    const { items, dropped } = decodeItems(TokenBalance)(envelope.balances)
    return { balances: items, dropped }
  })

/** SPEC §5: tokens whose quantity.decimals is "0" are not shown. */
export const filterZeroDecimals = <T extends { readonly quantity: { readonly decimals: string } }>(
  balances: ReadonlyArray<T>
): ReadonlyArray<T> => balances.filter((balance) => balance.quantity.decimals !== "0")

export const WalletAssetMetadata = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.NonNegativeInt,
  value: optionalNullable(FiniteNumber),
  price: FiniteNumber,
  iconUrl: Schema.String
}).annotations({ identifier: "WalletAssetMetadata" })
export type WalletAssetMetadata = typeof WalletAssetMetadata.Type

/** One asset of an ERC-7811 `wallet_getAssets` answer. */
export const WalletAsset = Schema.Struct({
  address: Schema.String,
  /** Hex quantity in the token's smallest unit. */
  balance: HexString,
  type: Schema.Literal("ERC20", "NATIVE").annotations({
    message: messageOverride("Expected an asset type: ERC20 or NATIVE")
  }),
  metadata: WalletAssetMetadata
}).annotations({
  identifier: "WalletAsset",
  // Extra fields inside an asset are harmless; only unexpected chain keys void the answer (below).
  parseOptions: { onExcessProperty: "ignore" }
})
export type WalletAsset = typeof WalletAsset.Type

/** Hex chain id used as the key of a `wallet_getAssets` answer, e.g. `0x1`. */
export const HexChainId = HexString.annotations({
  identifier: "HexChainId",
  message: () => "Expected a hex chain id such as 0x1"
})
export type HexChainId = typeof HexChainId.Type

/** `wallet_getAssets` answer: assets by hex chain id, e.g. `{ "0x1": [...] }`. */
export const WalletAssetResponse = Schema.Record({
  key: HexChainId,
  value: Schema.Array(WalletAsset)
}).annotations({
  identifier: "WalletAssetResponse",
  // A key that is not a hex chain id is an error, not silently skipped: the answer is all-or-nothing.
  parseOptions: { onExcessProperty: "error" }
})
export type WalletAssetResponse = typeof WalletAssetResponse.Type

/**
 * SPEC §5, all-or-nothing: the answer is used only if every asset is valid; otherwise it is ignored as a
 * whole (`None`) and the caller falls back to the balance API.
 */
export const validWalletAssets = (input: unknown): Option.Option<WalletAssetResponse> =>
  Either.getRight(Schema.decodeUnknownEither(WalletAssetResponse)(input))
