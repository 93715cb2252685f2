import type { SandboxToken } from "../chain/chain.mjs"

export interface PaymentMethodLimit {
  readonly id: "card" | "bank_account"
  readonly min: number
  readonly max: number
}
export interface FiatCurrency {
  readonly id: string
  readonly name: string
  /** What one unit is worth in US dollars, as a decimal string. */
  readonly usd: string
}
export interface OnrampCountry {
  readonly id: string
  readonly name: string
  readonly currencies: ReadonlyArray<string>
  readonly payment_methods: ReadonlyArray<string>
}
export interface OnrampNetwork {
  readonly name: string
  readonly display_name: string
  readonly chain_id: string
  /** The token's address; `""` for ether. */
  readonly contract_address: string
}
/** `GET /v1/onramp/options` (FACTS.md §1.5), plus `countries`. */
export interface OnrampOptionsAnswer {
  readonly paymentCurrencies: ReadonlyArray<{
    readonly id: string
    readonly payment_method_limits: ReadonlyArray<PaymentMethodLimit>
  }>
  readonly purchaseCurrencies: ReadonlyArray<{
    readonly id: string
    readonly name: string
    readonly symbol: string
    readonly networks: ReadonlyArray<OnrampNetwork>
  }>
  readonly countries: ReadonlyArray<OnrampCountry>
}
export interface PurchaseAsset {
  readonly id: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly contract_address: string
}
/** `POST /v1/onramp/quote`'s answer; amounts are decimal strings, fiat to the cent. */
export interface OnrampQuoteAnswer {
  /** What the buyer pays (the amount asked for). */
  readonly paymentTotal: string
  /** What buys the asset: the total less the provider's and the network's fees. */
  readonly paymentSubtotal: string
  /** The asset bought, rounded down to its decimals. */
  readonly purchaseAmount: string
  readonly networkFee: { readonly amount: string; readonly currency: string }
  /** Our addition: the provider's 1.5 %. */
  readonly providerFee: { readonly amount: string; readonly currency: string }
  readonly quoteId: string
}
export interface OnrampOrder {
  readonly asset: PurchaseAsset
  /** The asset to deliver, in base units. */
  readonly units: bigint
  readonly purchaseAmount: string
  readonly fiat: string
  /** The fiat amount, two decimals. */
  readonly amount: string
  readonly method: "card" | "bank_account"
  readonly country: string | undefined
  readonly network: string
  readonly chainId: number
}
export type OnrampQuoteResult =
  | { readonly ok: true; readonly quote: OnrampQuoteAnswer; readonly order: OnrampOrder }
  | { readonly ok: false; readonly reason: string }

/** An id as a string or, as the real client sends currencies, an object with an `id`. */
export type IdInput = string | { readonly id: string } | undefined | null

export interface OnrampQuoteRequest {
  /** The chain sold on (the first sandbox chain). */
  readonly chainId: number
  readonly tokens?: ReadonlyArray<Pick<SandboxToken, "chainId" | "address" | "name" | "symbol" | "decimals">>
  /** USD prices by symbol; default {@link ONRAMP_PRICES}. */
  readonly prices?: Readonly<Record<string, number>>
  readonly purchaseCurrency: IdInput
  readonly paymentCurrency: IdInput
  /** Fiat, a number or a decimal string of at most 2 decimals. */
  readonly amount: unknown
  readonly network: IdInput
  readonly country?: IdInput
  /** Default `card`. */
  readonly paymentMethod?: IdInput
}

export declare const ONRAMP_FEE_BPS: number
export declare const NETWORK_FEE_USD_CENTS: number
export declare const PAYMENT_METHOD_LIMITS: ReadonlyArray<PaymentMethodLimit>
export declare const PAYMENT_METHODS: ReadonlyArray<"card" | "bank_account">
export declare const FIAT_CURRENCIES: ReadonlyArray<FiatCurrency>
export declare const COUNTRIES: ReadonlyArray<OnrampCountry>
export declare const ONRAMP_NETWORK_NAME: "sandbox"
export declare const ONRAMP_NETWORK_DISPLAY_NAME: "Sandbox Chain"
export declare const ONRAMP_PRICES: Readonly<Record<string, number>>
export declare const PURCHASE_SYMBOLS: ReadonlyArray<string>
export declare const ONRAMP_DEFAULT_AMOUNT: string

/** Cents, or undefined when `value` is not a non-negative amount of at most 2 decimals. */
export declare function parseFiatAmount(value: unknown): bigint | undefined
/** `4915n` → `"49.15"`. */
export declare function formatCents(cents: bigint): string
export declare function purchaseAssets(input: {
  readonly chainId: number
  readonly tokens?: OnrampQuoteRequest["tokens"]
}): ReadonlyArray<PurchaseAsset>
export declare function onrampOptions(input: {
  readonly chainId: number
  readonly tokens?: OnrampQuoteRequest["tokens"]
}): OnrampOptionsAnswer
export declare function findFiat(value: IdInput): FiatCurrency | undefined
export declare function findCountry(value: IdInput): OnrampCountry | undefined
export declare function findAsset(
  assets: ReadonlyArray<PurchaseAsset>,
  value: IdInput
): PurchaseAsset | undefined
export declare function isOnrampNetwork(value: IdInput, chainId: number): boolean
export declare function quoteOnramp(request: OnrampQuoteRequest): OnrampQuoteResult
/** A fiat amount (two decimals, within the method's limits) that buys at least `cryptoAmount`. */
export declare function fiatAmountFor(
  request: Omit<OnrampQuoteRequest, "amount"> & { readonly cryptoAmount: string | number }
): string | undefined
