// The sandbox onramp's options: the fiat currencies, countries and payment methods with their limits, the
// one network, the assets for sale, the options answer, and the lookups of untrusted ids among them. Pure: no
// I/O. Apart from quote.mjs, the formula that prices an order made of them.

/** @import { SandboxToken } from "../chain/chain.mjs" */
/** @typedef {"card" | "bank_account"} PaymentMethod */
/** @typedef {{ readonly id: PaymentMethod, readonly min: number, readonly max: number }} PaymentMethodLimit */
/**
 * @typedef {object} FiatCurrency
 * @property {string} id
 * @property {string} name
 * @property {string} usd What one unit is worth in US dollars, as a decimal string.
 */
/**
 * @typedef {object} OnrampCountry
 * @property {string} id
 * @property {string} name
 * @property {ReadonlyArray<string>} currencies
 * @property {ReadonlyArray<string>} payment_methods
 */
/**
 * @typedef {object} OnrampNetwork
 * @property {string} name
 * @property {string} display_name
 * @property {string} chain_id
 * @property {string} contract_address The token's address; `""` for ether.
 */
/**
 * `GET /v1/onramp/options` (FACTS.md §1.5), plus `countries`.
 * @typedef {object} OnrampOptionsAnswer
 * @property {ReadonlyArray<{ readonly id: string, readonly payment_method_limits: ReadonlyArray<PaymentMethodLimit> }>} paymentCurrencies
 * @property {ReadonlyArray<{ readonly id: string, readonly name: string, readonly symbol: string, readonly networks: ReadonlyArray<OnrampNetwork> }>} purchaseCurrencies
 * @property {ReadonlyArray<OnrampCountry>} countries
 */
/**
 * @typedef {object} PurchaseAsset
 * @property {string} id
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 * @property {string} contract_address
 */
/**
 * An id as a string or, as the real client sends currencies, an object with an `id`.
 * @typedef {string | { readonly id: string } | undefined | null} IdInput
 */
/** @typedef {ReadonlyArray<Pick<SandboxToken, "chainId" | "address" | "name" | "symbol" | "decimals">>} OnrampTokens */

/** The payment methods, with the fallback limits of SPEC §9 (in units of the payment currency). */
/** @type {ReadonlyArray<PaymentMethodLimit>} */
export const PAYMENT_METHOD_LIMITS = Object.freeze([
  Object.freeze({ id: "card", min: 10, max: 7500 }),
  Object.freeze({ id: "bank_account", min: 10, max: 25000 })
])
export const PAYMENT_METHODS = Object.freeze(PAYMENT_METHOD_LIMITS.map((limit) => limit.id))

/** Fiat currencies and what one unit is worth in US dollars (a decimal string: exact arithmetic). */
/** @type {ReadonlyArray<FiatCurrency>} */
export const FIAT_CURRENCIES = Object.freeze([
  Object.freeze({ id: "USD", name: "US Dollar", usd: "1" }),
  Object.freeze({ id: "EUR", name: "Euro", usd: "1.08" }),
  Object.freeze({ id: "GBP", name: "Pound Sterling", usd: "1.27" })
])

/** Where the sandbox sells: each country's currencies and payment methods. */
/** @type {ReadonlyArray<OnrampCountry>} */
export const COUNTRIES = Object.freeze(
  [
    { id: "US", name: "United States", currencies: ["USD"], payment_methods: ["card", "bank_account"] },
    { id: "GB", name: "United Kingdom", currencies: ["GBP"], payment_methods: ["card", "bank_account"] },
    { id: "DE", name: "Germany", currencies: ["EUR"], payment_methods: ["card", "bank_account"] },
    { id: "FR", name: "France", currencies: ["EUR"], payment_methods: ["card", "bank_account"] },
    { id: "ES", name: "Spain", currencies: ["EUR"], payment_methods: ["card", "bank_account"] },
    { id: "NL", name: "Netherlands", currencies: ["EUR"], payment_methods: ["card", "bank_account"] },
    { id: "CA", name: "Canada", currencies: ["USD"], payment_methods: ["card"] },
    { id: "BR", name: "Brazil", currencies: ["USD"], payment_methods: ["card"] },
    { id: "JP", name: "Japan", currencies: ["USD"], payment_methods: ["card"] }
  ].map((country) =>
    Object.freeze({
      ...country,
      currencies: Object.freeze(country.currencies),
      payment_methods: Object.freeze(country.payment_methods)
    })
  )
)

/** The one network the sandbox delivers on: the first sandbox chain. */
export const ONRAMP_NETWORK_NAME = /** @type {const} */ ("sandbox")
export const ONRAMP_NETWORK_DISPLAY_NAME = /** @type {const} */ ("Sandbox Chain")
/** What can be bought: ether, and the sandbox stablecoin when its token is deployed. */
export const PURCHASE_SYMBOLS = Object.freeze(["sUSD", "ETH"])

const NATIVE = Object.freeze({ id: "ETH", name: "Ether", symbol: "ETH", decimals: 18 })
const MAX_TEXT = 64

// ---------------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------------

/**
 * The purchase currencies on chain `chainId` (the first sandbox chain): sUSD (when `tokens` has it) and
 * ETH, with their decimals and contract address (`""` for ether).
 * @param {{ readonly chainId: number, readonly tokens?: OnrampTokens }} input
 * @returns {ReadonlyArray<PurchaseAsset>}
 */
export const purchaseAssets = ({ chainId, tokens = [] }) => {
  const sUSD = tokens.find((token) => token.symbol === "sUSD" && token.chainId === chainId)
  return [
    ...(sUSD === undefined
      ? []
      : [
          {
            id: "sUSD",
            name: sUSD.name,
            symbol: "sUSD",
            decimals: sUSD.decimals,
            contract_address: sUSD.address
          }
        ]),
    { ...NATIVE, contract_address: "" }
  ]
}

const networkOf = (/** @type {number} */ chainId) => ({
  name: ONRAMP_NETWORK_NAME,
  display_name: ONRAMP_NETWORK_DISPLAY_NAME,
  chain_id: String(chainId)
})

/**
 * `GET /v1/onramp/options` (FACTS.md §1.5): `paymentCurrencies` (each with its payment methods' limits),
 * `purchaseCurrencies` (each with its networks) and, our addition, `countries`.
 * @param {{ readonly chainId: number, readonly tokens?: OnrampTokens }} input
 * @returns {OnrampOptionsAnswer}
 */
export const onrampOptions = ({ chainId, tokens = [] }) => ({
  paymentCurrencies: FIAT_CURRENCIES.map((fiat) => ({
    id: fiat.id,
    payment_method_limits: PAYMENT_METHOD_LIMITS.map((limit) => ({ ...limit }))
  })),
  purchaseCurrencies: purchaseAssets({ chainId, tokens }).map((asset) => ({
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    networks: [{ ...networkOf(chainId), contract_address: asset.contract_address }]
  })),
  countries: COUNTRIES.map((country) => ({
    ...country,
    currencies: [...country.currencies],
    payment_methods: [...country.payment_methods]
  }))
})

// ---------------------------------------------------------------------------------------------------------
// Lookups (every input is untrusted: a bounded string, or an object with such an `id`)
// ---------------------------------------------------------------------------------------------------------

/** @param {unknown} value */
export const idOf = (value) => {
  const raw =
    value !== null && typeof value === "object" && !Array.isArray(value) && "id" in value ? value.id : value
  return typeof raw === "string" && raw.length > 0 && raw.length <= MAX_TEXT ? raw : undefined
}

/**
 * @param {IdInput} value
 * @returns {FiatCurrency | undefined}
 */
export const findFiat = (value) => {
  const id = idOf(value)?.toUpperCase()
  return FIAT_CURRENCIES.find((fiat) => fiat.id === id)
}
/**
 * @param {IdInput} value
 * @returns {OnrampCountry | undefined}
 */
export const findCountry = (value) => {
  const id = idOf(value)?.toUpperCase()
  return COUNTRIES.find((country) => country.id === id)
}
/**
 * @param {ReadonlyArray<PurchaseAsset>} assets
 * @param {IdInput} value
 * @returns {PurchaseAsset | undefined}
 */
export const findAsset = (assets, value) => {
  const id = idOf(value)?.toLowerCase()
  return assets.find((asset) => asset.id.toLowerCase() === id)
}
/**
 * The network by name (`sandbox`), chain id (`31337`) or CAIP-2 id (`eip155:31337`).
 * @param {IdInput} value
 * @param {number} chainId
 * @returns {boolean}
 */
export const isOnrampNetwork = (value, chainId) => {
  const id = idOf(value)?.toLowerCase()
  return id === ONRAMP_NETWORK_NAME || id === String(chainId) || id === `eip155:${chainId}`
}
