// The sandbox onramp's quote formula (buying sUSD or ETH on the sandbox chain with fiat), shared by the
// API's onramp endpoints (../api/onramp.mjs) and the payment provider's page (provider.mjs), so that the
// quote the modal shows and what the provider delivers are the same number. Pure: no I/O. All arithmetic
// is in integers (fiat in cents, tokens in base units): nothing is lost to floating point. What can be
// bought, where and how is options.mjs.
import { createHash } from "node:crypto"
import { formatUnits } from "viem"
import {
  COUNTRIES,
  FIAT_CURRENCIES,
  findAsset,
  findCountry,
  findFiat,
  idOf,
  isOnrampNetwork,
  ONRAMP_NETWORK_NAME,
  PAYMENT_METHOD_LIMITS,
  PAYMENT_METHODS,
  purchaseAssets
} from "./options.mjs"

/** @import { IdInput, OnrampCountry, OnrampTokens, PaymentMethod, PurchaseAsset } from "./options.mjs" */
/**
 * `POST /v1/onramp/quote`'s answer; amounts are decimal strings, fiat to the cent.
 * @typedef {object} OnrampQuoteAnswer
 * @property {string} paymentTotal What the buyer pays (the amount asked for).
 * @property {string} paymentSubtotal What buys the asset: the total less the provider's and the network's fees.
 * @property {string} purchaseAmount The asset bought, rounded down to its decimals.
 * @property {{ readonly amount: string, readonly currency: string }} networkFee
 * @property {{ readonly amount: string, readonly currency: string }} providerFee Our addition: the provider's 1.5 %.
 * @property {string} quoteId
 */
/**
 * @typedef {object} OnrampOrder
 * @property {PurchaseAsset} asset
 * @property {bigint} units The asset to deliver, in base units.
 * @property {string} purchaseAmount
 * @property {string} fiat
 * @property {string} amount The fiat amount, two decimals.
 * @property {PaymentMethod} method
 * @property {string | undefined} country
 * @property {string} network
 * @property {number} chainId
 */
/**
 * @typedef {{ readonly ok: true, readonly quote: OnrampQuoteAnswer, readonly order: OnrampOrder } | { readonly ok: false, readonly reason: string }} OnrampQuoteResult
 */
/**
 * @typedef {object} OnrampQuoteRequest
 * @property {number} chainId The chain sold on (the first sandbox chain).
 * @property {OnrampTokens} [tokens]
 * @property {Readonly<Record<string, number>>} [prices] USD prices by symbol; default {@link ONRAMP_PRICES}.
 * @property {IdInput} purchaseCurrency
 * @property {IdInput} paymentCurrency
 * @property {unknown} amount Fiat, a number or a decimal string of at most 2 decimals.
 * @property {IdInput} network
 * @property {IdInput} [country]
 * @property {IdInput} [paymentMethod] Default `card`.
 */

/** The provider's fee, in basis points of the fiat amount (1.5 %, within the 1-2 % the modal shows). */
export const ONRAMP_FEE_BPS = 150
/** The network fee, in US cents, charged in the payment currency (rounded up to its cent). */
export const NETWORK_FEE_USD_CENTS = 10
/** @type {Readonly<Record<string, number>>} Prices (USD) used when none are given: the sandbox API's. */
export const ONRAMP_PRICES = Object.freeze({ ETH: 3000, sUSD: 1 })
/** The fiat amount the provider's page starts with when the URL gives none. */
export const ONRAMP_DEFAULT_AMOUNT = "100"

const FIAT_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/
const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/

// ---------------------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------------------

/** A non-negative decimal string or number as the fraction `num / den` (bigints), or undefined. */
const rational = (/** @type {unknown} */ value) => {
  const text = typeof value === "number" ? String(value) : value
  if (typeof text !== "string" || !DECIMAL.test(text)) return undefined
  const [whole, fraction = ""] = text.split(".")
  return { num: BigInt(`${whole}${fraction}`), den: 10n ** BigInt(fraction.length) }
}

/**
 * A fiat amount (a number or a decimal string, at most 2 decimals) in cents, or undefined when it is not
 * one. 0 parses (and is then refused by the limits); negative numbers and more than 2 decimals do not.
 * @param {unknown} value
 * @returns {bigint | undefined}
 */
export const parseFiatAmount = (value) => {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value
  if (typeof text !== "string" || !FIAT_AMOUNT.test(text)) return undefined
  const [whole, fraction = ""] = text.split(".")
  return BigInt(whole ?? "0") * 100n + BigInt(fraction.padEnd(2, "0"))
}

/** Cents as a decimal string with two decimals: `4915n` → `"49.15"`. */
export const formatCents = (/** @type {bigint} */ cents) =>
  `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`

const ceilDiv = (/** @type {bigint} */ a, /** @type {bigint} */ b) => (a + b - 1n) / b

// ---------------------------------------------------------------------------------------------------------
// The quote
// ---------------------------------------------------------------------------------------------------------

/**
 * @param {string} reason
 * @returns {OnrampQuoteResult}
 */
const refuse = (reason) => ({ ok: false, reason })

/**
 * Quotes buying `purchaseCurrency` on `network` with `amount` of `paymentCurrency` by `paymentMethod`
 * (default `card`) from `country` (optional). Ids are strings or `{ id }` objects (the real client sends
 * objects). `prices` are USD prices by symbol (default {@link ONRAMP_PRICES}).
 *
 * The provider keeps {@link ONRAMP_FEE_BPS} of the amount (rounded to the cent) and the network fee
 * ({@link NETWORK_FEE_USD_CENTS} US cents in the payment currency, rounded up); the rest, in US dollars,
 * buys the asset at its price, rounded down to the asset's decimals.
 *
 * Resolves to `{ ok: true, quote, order }` (`quote` is the API's answer, `order` what to deliver: `asset`,
 * `units` in base units, the normalised inputs) or `{ ok: false, reason }`.
 * @param {OnrampQuoteRequest} request
 * @returns {OnrampQuoteResult}
 */
export const quoteOnramp = ({
  chainId,
  tokens = [],
  prices = ONRAMP_PRICES,
  purchaseCurrency,
  paymentCurrency,
  amount,
  network,
  country,
  paymentMethod
}) => {
  const assets = purchaseAssets({ chainId, tokens })
  const asset = findAsset(assets, purchaseCurrency)
  if (asset === undefined)
    return refuse(`Unsupported purchase currency; choose one of ${assets.map((a) => a.id).join(", ")}`)
  if (!isOnrampNetwork(network, chainId))
    return refuse(`Unsupported network; ${asset.id} is sold on "${ONRAMP_NETWORK_NAME}" (chain ${chainId})`)
  const fiat = findFiat(paymentCurrency)
  if (fiat === undefined)
    return refuse(
      `Unsupported payment currency; choose one of ${FIAT_CURRENCIES.map((f) => f.id).join(", ")}`
    )
  const methodId = paymentMethod === undefined || paymentMethod === null ? "card" : idOf(paymentMethod)
  const limit = PAYMENT_METHOD_LIMITS.find((l) => l.id === methodId)
  if (limit === undefined)
    return refuse(`Unsupported payment method; choose one of ${PAYMENT_METHODS.join(", ")}`)
  /** @type {OnrampCountry | undefined} */
  let place
  if (country !== undefined && country !== null && country !== "") {
    place = findCountry(country)
    if (place === undefined)
      return refuse(`Unsupported country; choose one of ${COUNTRIES.map((c) => c.id).join(", ")}`)
    if (!place.currencies.includes(fiat.id))
      return refuse(`${fiat.id} is not accepted in ${place.name}; pay in ${place.currencies.join(" or ")}`)
    if (!place.payment_methods.includes(limit.id))
      return refuse(`${limit.id} payments are not available in ${place.name}`)
  }
  const cents = parseFiatAmount(amount)
  if (cents === undefined) return refuse("amount must be a number of at most 2 decimals, such as 50 or 49.99")
  if (cents < BigInt(limit.min) * 100n || cents > BigInt(limit.max) * 100n)
    return refuse(
      `Amount must be from ${limit.min} to ${limit.max} ${fiat.id} for ${limit.id === "card" ? "card" : "bank account"} payments`
    )
  const price = rational(prices[asset.symbol])
  if (price === undefined || price.num === 0n) return refuse(`No price for ${asset.symbol}`)

  // One unit of fiat is rate.num / rate.den US dollars.
  const rate = rational(fiat.usd)
  if (rate === undefined) return refuse(`No rate for ${fiat.id}`)
  const feeCents = (cents * BigInt(ONRAMP_FEE_BPS) + 5_000n) / 10_000n
  const networkFeeCents = ceilDiv(BigInt(NETWORK_FEE_USD_CENTS) * rate.den, rate.num)
  const subtotalCents = cents - feeCents - networkFeeCents
  // units = subtotal (cents) / 100 × rate (USD per unit) / price (USD per token) × 10^decimals, rounded down
  const units =
    subtotalCents <= 0n
      ? 0n
      : (subtotalCents * rate.num * price.den * 10n ** BigInt(asset.decimals)) / (100n * rate.den * price.num)
  if (units === 0n) return refuse("Amount too small to cover the fees")
  const purchaseAmount = formatUnits(units, asset.decimals)
  const quoteId = `sandbox-${createHash("sha256")
    .update([asset.id, chainId, fiat.id, limit.id, place?.id ?? "", cents].join("|"))
    .digest("hex")
    .slice(0, 32)}`
  return {
    ok: true,
    quote: {
      paymentTotal: formatCents(cents),
      paymentSubtotal: formatCents(subtotalCents),
      purchaseAmount,
      networkFee: { amount: formatCents(networkFeeCents), currency: fiat.id },
      providerFee: { amount: formatCents(feeCents), currency: fiat.id },
      quoteId
    },
    order: {
      asset,
      units,
      purchaseAmount,
      fiat: fiat.id,
      amount: formatCents(cents),
      method: limit.id,
      country: place?.id,
      network: ONRAMP_NETWORK_NAME,
      chainId
    }
  }
}

/**
 * A fiat amount (to the cent, at least the method's minimum, at most its maximum) whose quote buys at least
 * `cryptoAmount` of the asset; undefined when the inputs are not valid. For the URL generator's
 * `presetCryptoAmount`.
 * @param {Omit<OnrampQuoteRequest, "amount"> & { readonly cryptoAmount: string | number }} request
 * @returns {string | undefined}
 */
export const fiatAmountFor = ({ cryptoAmount, ...request }) => {
  const wanted = rational(cryptoAmount)
  const first = quoteOnramp({ ...request, amount: "1000" })
  if (wanted === undefined || !first.ok) return undefined
  const { asset, method } = first.order
  const limit = PAYMENT_METHOD_LIMITS.find((l) => l.id === method)
  if (limit === undefined) return undefined
  // Scale the 1000-unit quote (fees are near-linear), then step up to the cent that buys enough.
  const target = (wanted.num * 10n ** BigInt(asset.decimals)) / wanted.den
  let cents = first.order.units === 0n ? 0n : (target * 100_000n) / first.order.units
  cents = cents < BigInt(limit.min) * 100n ? BigInt(limit.min) * 100n : cents
  const max = BigInt(limit.max) * 100n
  for (let step = 0; step < 1000 && cents < max; step++) {
    const attempt = quoteOnramp({ ...request, amount: formatCents(cents) })
    if (attempt.ok && attempt.order.units >= target) break
    cents += 1n
  }
  return formatCents(cents > max ? max : cents)
}
