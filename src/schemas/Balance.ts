import type * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, nullableWithDefault, optionalNullable, SafeImageUrl, SanitizedName } from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { FiniteNumber, HexString, withParseOptions } from "./Primitives"

export const TokenQuantity = Schema.Struct({
  decimals: Schema.String.check(
    Schema.isPattern(/^\d+$/, { message: 'Expected token decimals as a string of digits, e.g. "18"' })
  ),
  numeric: Schema.String
}).annotate({ identifier: "TokenQuantity" })
export type TokenQuantity = typeof TokenQuantity.Type

/**
 * One token from the provider's balance API (`GET /v1/account/{address}/balance`). Name and symbol decode
 * to plain text (`undefined` when nothing readable is left), the icon to an `<img src>`-safe URL or
 * `undefined` (THREATS.md T3).
 */
export const TokenBalance = Schema.Struct({
  name: SanitizedName,
  symbol: SanitizedName,
  /** CAIP-2 id of the token's chain, e.g. `eip155:1`. */
  chainId: Schema.String,
  /** Absent for the native coin. */
  address: optionalNullable(Schema.String),
  /** The API omits `value` when it has no price; 0 keeps sums well defined. */
  value: nullableWithDefault(FiniteNumber, () => 0),
  price: FiniteNumber,
  quantity: TokenQuantity,
  iconUrl: SafeImageUrl
}).annotate({ identifier: "TokenBalance" })
export type TokenBalance = typeof TokenBalance.Type

export const BalanceResponse = Schema.Struct({
  balances: Schema.Array(TokenBalance)
}).annotate({ identifier: "BalanceResponse" })
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
export const decodeBalanceResponse = (input: unknown): Result.Result<DecodedBalances, SchemaDecodeError> =>
  Result.map(decodeUnknownResult(BalanceEnvelope, "Balance response")(input), (envelope) => {
    const { items, dropped } = decodeItems(TokenBalance)(envelope.balances)
    return { balances: items, dropped }
  })

/** SPEC §5: tokens whose quantity.decimals is "0" are not shown. */
export const filterZeroDecimals = <T extends { readonly quantity: { readonly decimals: string } }>(
  balances: ReadonlyArray<T>
): ReadonlyArray<T> => balances.filter((balance) => balance.quantity.decimals !== "0")

/** Text and icon made safe as in {@link TokenBalance}: a wallet's answer is third-party too. */
export const WalletAssetMetadata = Schema.Struct({
  name: SanitizedName,
  symbol: SanitizedName,
  decimals: Schema.Natural,
  value: optionalNullable(FiniteNumber),
  price: FiniteNumber,
  iconUrl: SafeImageUrl
}).annotate({ identifier: "WalletAssetMetadata" })
export type WalletAssetMetadata = typeof WalletAssetMetadata.Type

/** One asset of an ERC-7811 `wallet_getAssets` answer. */
export const WalletAsset = withParseOptions(
  Schema.Struct({
    address: Schema.String,
    /** Hex quantity in the token's smallest unit. */
    balance: HexString,
    type: Schema.Literals(["ERC20", "NATIVE"]).annotate({
      message: "Expected an asset type: ERC20 or NATIVE"
    }),
    metadata: WalletAssetMetadata
  }),
  // Extra fields inside an asset are harmless; only unexpected chain keys void the answer (below).
  { onExcessProperty: "ignore" }
).annotate({ identifier: "WalletAsset" })
export type WalletAsset = typeof WalletAsset.Type

/** Hex chain id used as the key of a `wallet_getAssets` answer, e.g. `0x1`. */
export const HexChainId = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]+$/, {
    message: "Expected a hex chain id such as 0x1"
  })
)
export type HexChainId = typeof HexChainId.Type

/** `wallet_getAssets` answer: assets by hex chain id, e.g. `{ "0x1": [...] }`. */
export const WalletAssetResponse = withParseOptions(
  Schema.Record(HexChainId, Schema.Array(WalletAsset)),
  // A key that is not a hex chain id is an error, not silently skipped: the answer is all-or-nothing.
  { onExcessProperty: "error" }
).annotate({ identifier: "WalletAssetResponse" })
export type WalletAssetResponse = typeof WalletAssetResponse.Type

/**
 * SPEC §5, all-or-nothing: the answer is used only if every asset is valid; otherwise it is ignored as a
 * whole (`None`) and the caller falls back to the balance API.
 */
export const validWalletAssets = (input: unknown): Option.Option<WalletAssetResponse> =>
  Result.getSuccess(Schema.decodeUnknownResult(WalletAssetResponse)(input))
