/**
 * The Blockchain API's onramp answers (FACTS.md §1.5): the options (fiat currencies with their payment
 * method limits, the crypto to buy and its networks), a quote, and the provider page's URL. Amounts may
 * come as numbers or numeric strings; both read as finite numbers, and lists are bounded.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, SanitizedName } from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"
import { DecimalString } from "./Formats"
import { HttpUrl } from "./Primitives"

export const MAX_ONRAMP_CURRENCIES = 100
const MAX_LIMITS = 16
const MAX_NETWORKS = 32

/** An amount, given as a number or a numeric string. */
const Amount = Schema.Union([Schema.Finite, DecimalString]).annotate({
  message: "Expected an amount: a number or a numeric string"
})
const amountOf = (value: number | string): number => (typeof value === "number" ? value : Number(value))

const Code = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.-]{1,32}$/))

const PaymentCurrency = Schema.Struct({
  id: Code,
  payment_method_limits: Schema.Array(Schema.Struct({ id: Code, min: Amount, max: Amount })).check(
    Schema.isMaxLength(MAX_LIMITS)
  )
})
const PurchaseCurrency = Schema.Struct({
  id: Code,
  name: SanitizedName,
  symbol: SanitizedName,
  networks: Schema.Array(
    Schema.Struct({
      name: Code,
      display_name: SanitizedName,
      chain_id: Schema.String.check(Schema.isMaxLength(64)),
      contract_address: Schema.String.check(Schema.isMaxLength(128))
    })
  ).check(Schema.isMaxLength(MAX_NETWORKS))
})

const Country = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/)),
  name: SanitizedName,
  currencies: Schema.Array(Code).check(Schema.isMaxLength(MAX_LIMITS)),
  payment_methods: Schema.Array(Code).check(Schema.isMaxLength(MAX_LIMITS))
})
export type OnrampCountry = typeof Country.Type

/** A fiat currency and what each payment method may buy with it. */
export interface FiatCurrency {
  readonly id: string
  readonly limits: ReadonlyArray<{ readonly method: string; readonly min: number; readonly max: number }>
}
export type CryptoCurrency = typeof PurchaseCurrency.Type

export interface OnrampOptions {
  readonly fiat: ReadonlyArray<FiatCurrency>
  readonly crypto: ReadonlyArray<CryptoCurrency>
  /** Where the provider sells, when the API says (the sandbox's addition); empty when it does not. */
  readonly countries: ReadonlyArray<OnrampCountry>
}

/** `GET v1/onramp/options`: bad currencies dropped, each list bounded. */
export const decodeOnrampOptions = (input: unknown): Result.Result<OnrampOptions, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(
      Schema.Struct({
        paymentCurrencies: Schema.Array(Schema.Unknown),
        purchaseCurrencies: Schema.Array(Schema.Unknown),
        countries: Schema.optional(Schema.Array(Schema.Unknown))
      }),
      "Onramp options response"
    )(input),
    (envelope): OnrampOptions => ({
      fiat: decodeItems(PaymentCurrency)(
        envelope.paymentCurrencies.slice(0, MAX_ONRAMP_CURRENCIES)
      ).items.map((currency) => ({
        id: currency.id,
        limits: currency.payment_method_limits.map((l) => ({
          method: l.id,
          min: amountOf(l.min),
          max: amountOf(l.max)
        }))
      })),
      crypto: decodeItems(PurchaseCurrency)(envelope.purchaseCurrencies.slice(0, MAX_ONRAMP_CURRENCIES))
        .items,
      countries: decodeItems(Country)((envelope.countries ?? []).slice(0, MAX_ONRAMP_CURRENCIES)).items
    })
  )

export interface OnrampQuote {
  readonly paymentTotal: number
  readonly paymentSubtotal: number
  readonly purchaseAmount: number
  readonly networkFee: { readonly amount: number; readonly currency: string }
  readonly quoteId: string | undefined
}

const Quote = Schema.Struct({
  paymentTotal: Amount,
  paymentSubtotal: Amount,
  purchaseAmount: Amount,
  networkFee: Schema.Struct({ amount: Amount, currency: Code }),
  quoteId: Schema.optional(Schema.String.check(Schema.isMaxLength(128)))
})

/** `POST v1/onramp/quote`. */
export const decodeOnrampQuote = (input: unknown): Result.Result<OnrampQuote, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(Quote, "Onramp quote response")(input),
    (quote): OnrampQuote => ({
      paymentTotal: amountOf(quote.paymentTotal),
      paymentSubtotal: amountOf(quote.paymentSubtotal),
      purchaseAmount: amountOf(quote.purchaseAmount),
      networkFee: { amount: amountOf(quote.networkFee.amount), currency: quote.networkFee.currency },
      quoteId: quote.quoteId
    })
  )

/** `POST v1/generators/onrampurl`: the provider's page (http or https; the caller applies its link rules). */
export const decodeOnrampUrl = (input: unknown) =>
  Result.map(decodeUnknownResult(Schema.Struct({ url: HttpUrl }), "Onramp URL response")(input), (a) => a.url)
