/**
 * The Blockchain API's convert (swap) and fungible price answers (FACTS.md §1.5), read as the rest of that
 * API is: each envelope must be valid, a bad list item is dropped and the rest kept (THREATS.md T15), and
 * every list has a bound. Amounts are integer strings in the token's smallest unit, never numbers, so that
 * no precision is lost before `BigInt`.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, optionalNullable, SafeImageUrl, SanitizedName } from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { FiniteNumber, HexString } from "./Primitives"

/** Items a list answer may carry; the rest are not read (a provider cannot grow the modal's memory). */
export const MAX_CONVERT_TOKENS = 500
export const MAX_QUOTES = 20
export const MAX_FUNGIBLE_PRICES = 100

/** A non-negative integer in a token's smallest unit, as a decimal string. */
export const BaseUnits = Schema.String.check(
  Schema.isPattern(/^\d{1,78}$/, { message: "Expected an integer amount in base units" })
)

/** `namespace:reference:address`, e.g. `eip155:1:0xA0b8…`: how the API names a token. */
export const CaipAddress = Schema.String.check(
  Schema.isPattern(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, {
    message: "Expected a CAIP-10 address such as eip155:1:0xabc…"
  })
)

export const ConvertToken = Schema.Struct({
  name: SanitizedName,
  symbol: SanitizedName,
  address: CaipAddress,
  decimals: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 36 })),
  logoUri: optionalNullable(SafeImageUrl),
  eip2612: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "ConvertToken" })
export type ConvertToken = typeof ConvertToken.Type

export const ConvertQuote = Schema.Struct({
  id: optionalNullable(Schema.String.check(Schema.isMaxLength(128))),
  fromAmount: BaseUnits,
  fromAccount: CaipAddress,
  toAmount: BaseUnits,
  toAccount: CaipAddress
}).annotate({ identifier: "ConvertQuote" })
export type ConvertQuote = typeof ConvertQuote.Type

export const GasPrices = Schema.Struct({
  standard: BaseUnits,
  fast: BaseUnits,
  instant: BaseUnits
}).annotate({ identifier: "GasPrices" })
export type GasPrices = typeof GasPrices.Type

/** A transaction the API built for the account to send (a swap, or the approval it needs first). */
export const ConvertTransaction = Schema.Struct({
  from: CaipAddress,
  to: CaipAddress,
  data: HexString,
  /** Native value sent with it: `amount` for a swap, `value` for an approval. */
  value: BaseUnits,
  eip155: Schema.Struct({
    gas: BaseUnits,
    gasPrice: BaseUnits
  })
}).annotate({ identifier: "ConvertTransaction" })
export type ConvertTransaction = typeof ConvertTransaction.Type

export const FungiblePrice = Schema.Struct({
  address: CaipAddress,
  name: SanitizedName,
  symbol: SanitizedName,
  iconUrl: optionalNullable(SafeImageUrl),
  price: FiniteNumber.check(Schema.isGreaterThanOrEqualTo(0))
}).annotate({ identifier: "FungiblePrice" })
export type FungiblePrice = typeof FungiblePrice.Type

/** A decoded list: the items that decoded, and how many were dropped. */
export interface Listed<A> {
  readonly items: ReadonlyArray<A>
  readonly dropped: number
}

const listOf =
  <S extends Schema.Decoder<unknown>>(item: S, key: string, max: number, subject: string) =>
  (input: unknown): Result.Result<Listed<S["Type"]>, SchemaDecodeError> =>
    Result.map(
      decodeUnknownResult(Schema.Struct({ [key]: Schema.Array(Schema.Unknown) }), subject)(input),
      (envelope) => {
        const all = envelope[key] as ReadonlyArray<unknown>
        const { items, dropped } = decodeItems(item)(all.slice(0, max))
        return { items, dropped: dropped + Math.max(0, all.length - max) }
      }
    )

/** `GET v1/convert/tokens`: `{ tokens }`. */
export const decodeConvertTokens = listOf(ConvertToken, "tokens", MAX_CONVERT_TOKENS, "Swap tokens response")
/** `GET v1/convert/quotes`: `{ quotes }`. */
export const decodeConvertQuotes = listOf(ConvertQuote, "quotes", MAX_QUOTES, "Swap quotes response")
/** `POST v1/fungible/price`: `{ fungibles }`. */
export const decodeFungiblePrices = listOf(
  FungiblePrice,
  "fungibles",
  MAX_FUNGIBLE_PRICES,
  "Fungible price response"
)

/** `GET v1/convert/allowance`: `{ allowance }`. */
export const decodeAllowance = (input: unknown) =>
  Result.map(
    decodeUnknownResult(Schema.Struct({ allowance: BaseUnits }), "Swap allowance response")(input),
    (answer) => answer.allowance
  )

/** `GET v1/convert/gas-price`. */
export const decodeGasPrices = decodeUnknownResult(GasPrices, "Gas price response")

const SwapTransaction = Schema.Struct({
  tx: Schema.Struct({
    from: CaipAddress,
    to: CaipAddress,
    data: HexString,
    amount: BaseUnits,
    eip155: ConvertTransaction.fields.eip155
  })
})
const ApproveTransaction = Schema.Struct({
  tx: Schema.Struct({
    from: CaipAddress,
    to: CaipAddress,
    data: HexString,
    value: BaseUnits,
    eip155: Schema.Struct({
      gas: Schema.Union([
        BaseUnits,
        Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))
      ]),
      gasPrice: BaseUnits
    })
  })
})

/** `POST v1/convert/build-transaction`: its `amount` is the native value sent. */
export const decodeSwapTransaction = (input: unknown): Result.Result<ConvertTransaction, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(SwapTransaction, "Swap transaction response")(input),
    ({ tx }): ConvertTransaction => ({
      from: tx.from,
      to: tx.to,
      data: tx.data,
      value: tx.amount,
      eip155: tx.eip155
    })
  )

/** `GET v1/convert/build-approve`: its gas may come as a number. */
export const decodeApproveTransaction = (
  input: unknown
): Result.Result<ConvertTransaction, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(ApproveTransaction, "Swap approval response")(input),
    ({ tx }): ConvertTransaction => ({
      from: tx.from,
      to: tx.to,
      data: tx.data,
      value: tx.value,
      eip155: { gas: String(tx.eip155.gas), gasPrice: tx.eip155.gasPrice }
    })
  )
