/** The sandbox onramp's quote formula (sandbox/onramp/quote.mjs). */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { COUNTRIES, FIAT_CURRENCIES, PAYMENT_METHOD_LIMITS } from "../../sandbox/onramp/options.mjs"
import {
  fiatAmountFor,
  formatCents,
  NETWORK_FEE_USD_CENTS,
  ONRAMP_FEE_BPS,
  type OnrampQuoteRequest,
  parseFiatAmount
} from "../../sandbox/onramp/quote.mjs"
import { base, ok, quote } from "./onrampFixtures"

const refusal = (request: Partial<OnrampQuoteRequest>) => {
  const result = quote(request)
  if (result.ok) throw new Error("expected a refusal")
  return result.reason
}
const cents = (text: string) => parseFiatAmount(text)!

describe("the quote formula", () => {
  it("charges 1.5 % (within the 1-2 % shown) and the network fee, and buys with the rest", () => {
    const { quote: q, order } = ok({ amount: "50" })
    expect(q).toMatchObject({
      paymentTotal: "50.00",
      paymentSubtotal: "49.15",
      purchaseAmount: "49.15",
      networkFee: { amount: "0.10", currency: "USD" },
      providerFee: { amount: "0.75", currency: "USD" }
    })
    expect(q.quoteId).toMatch(/^sandbox-[0-9a-f]{32}$/)
    expect(order.units).toBe(49_150_000n)
    expect(ONRAMP_FEE_BPS).toBe(150)
    expect(NETWORK_FEE_USD_CENTS).toBe(10)
    for (const amount of ["10", "10.01", "33.33", "99.99", "1234.56", "7500"]) {
      const fee = Number(ok({ amount }).quote.providerFee.amount) / Number(amount)
      expect(fee).toBeGreaterThanOrEqual(0.01)
      expect(fee).toBeLessThanOrEqual(0.02)
    }
  })

  it("converts the payment currency at its rate and charges the network fee in it, rounded up", () => {
    const eur = ok({ paymentCurrency: "EUR", amount: "100" })
    // 100 - 1.50 - 0.10 (0.10 USD is 0.0926 EUR, rounded up) = 98.40 EUR = 106.272 USD
    expect(eur.quote).toMatchObject({ paymentSubtotal: "98.40", purchaseAmount: "106.272" })
    expect(eur.quote.networkFee).toEqual({ amount: "0.10", currency: "EUR" })
    const gbp = ok({ paymentCurrency: "gbp", amount: "100" })
    expect(gbp.quote.networkFee).toEqual({ amount: "0.08", currency: "GBP" })
    expect(FIAT_CURRENCIES.map((f) => f.id)).toEqual(["USD", "EUR", "GBP"])
  })

  it("rounds the purchase down to the asset's decimals", () => {
    const eth = ok({ purchaseCurrency: "ETH", amount: "50" })
    // 49.15 USD / 3000 = 0.016383333… ETH, cut at 18 decimals
    expect(eth.quote.purchaseAmount).toBe("0.016383333333333333")
    expect(eth.order.units).toBe(16_383_333_333_333_333n)
    // Exact: units × price ≤ subtotal < (units + 1) × price, in wei × USD cents
    const subtotal = cents(eth.quote.paymentSubtotal) * 10n ** 18n
    expect(eth.order.units * 3000n * 100n).toBeLessThanOrEqual(subtotal)
    expect((eth.order.units + 1n) * 3000n * 100n).toBeGreaterThan(subtotal)
    // sUSD has 6 decimals: EUR 33.33 → (33.33 - 0.50 - 0.10) × 1.08 = 35.3484 sUSD
    expect(ok({ paymentCurrency: "EUR", amount: "33.33" }).quote.purchaseAmount).toBe("35.3484")
    expect(ok({ prices: { sUSD: 3 }, amount: "10" }).quote.purchaseAmount).toBe("3.25")
  })

  it("refuses amounts outside the method's limits, naming them", () => {
    expect(refusal({ amount: "9.99" })).toBe("Amount must be from 10 to 7500 USD for card payments")
    expect(refusal({ amount: "7500.01" })).toBe("Amount must be from 10 to 7500 USD for card payments")
    expect(refusal({ amount: "25000.01", paymentMethod: "bank_account", paymentCurrency: "EUR" })).toBe(
      "Amount must be from 10 to 25000 EUR for bank account payments"
    )
    expect(ok({ amount: "25000", paymentMethod: "bank_account" }).quote.paymentTotal).toBe("25000.00")
    expect(refusal({ amount: "0" })).toMatch(/from 10 to 7500/)
    for (const amount of ["-5", "1e3", "12.345", "abc", "", " 50", 0.1 + 0.2, Number.NaN, null]) {
      expect(refusal({ amount })).toMatch(/amount must be a number of at most 2 decimals/)
    }
  })

  it("refuses unknown currencies, networks, countries and methods with reasons", () => {
    expect(refusal({ purchaseCurrency: "DOGE" })).toMatch(
      /Unsupported purchase currency; choose one of sUSD, ETH/
    )
    expect(refusal({ paymentCurrency: "JPY" })).toMatch(
      /Unsupported payment currency; choose one of USD, EUR, GBP/
    )
    expect(refusal({ network: "ethereum" })).toMatch(/Unsupported network/)
    expect(refusal({ country: "XX" })).toMatch(/Unsupported country/)
    expect(refusal({ paymentMethod: "paypal" })).toMatch(
      /Unsupported payment method; choose one of card, bank_account/
    )
    expect(refusal({ country: "DE" })).toBe("USD is not accepted in Germany; pay in EUR")
    expect(refusal({ country: "JP", paymentMethod: "bank_account" })).toBe(
      "bank_account payments are not available in Japan"
    )
    // Ids as the real client sends them (objects), networks by name, chain id or CAIP-2
    expect(
      ok({ purchaseCurrency: { id: "ETH" }, paymentCurrency: { id: "EUR" }, country: "fr" }).order
    ).toMatchObject({ fiat: "EUR", country: "FR" })
    for (const network of ["sandbox", "31337", "eip155:31337"]) expect(quote({ network }).ok).toBe(true)
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(8)
  })

  it("finds a fiat amount that buys a preset crypto amount", () => {
    const amount = fiatAmountFor({
      ...base,
      purchaseCurrency: "sUSD",
      paymentCurrency: "USD",
      cryptoAmount: "50"
    })!
    expect(amount).toBe("50.86")
    expect(Number(ok({ amount }).quote.purchaseAmount)).toBeGreaterThanOrEqual(50)
    expect(Number(ok({ amount: formatCents(cents(amount) - 1n) }).quote.purchaseAmount)).toBeLessThan(50)
    const eth = fiatAmountFor({
      ...base,
      purchaseCurrency: "ETH",
      paymentCurrency: "EUR",
      cryptoAmount: "0.5"
    })!
    expect(
      ok({ purchaseCurrency: "ETH", paymentCurrency: "EUR", amount: eth }).order.units
    ).toBeGreaterThanOrEqual(5n * 10n ** 17n)
  })

  it("refuses a quote exactly when the amount is outside the method's limits (1 000 amounts)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.constantFrom("USD", "EUR", "GBP"),
        fc.constantFrom(...PAYMENT_METHOD_LIMITS),
        fc.constantFrom("sUSD", "ETH"),
        fc.boolean(),
        (amountCents, fiat, limit, asset, asNumber) => {
          const text = formatCents(BigInt(amountCents))
          const result = quote({
            amount: asNumber ? amountCents / 100 : text,
            paymentCurrency: fiat,
            paymentMethod: limit.id,
            purchaseCurrency: asset
          })
          const inside = amountCents >= limit.min * 100 && amountCents <= limit.max * 100
          expect(result.ok).toBe(inside)
          if (result.ok) {
            expect(result.quote.paymentTotal).toBe(text)
            expect(result.order.units).toBeGreaterThan(0n)
          } else expect(result.reason).toMatch(new RegExp(`from ${limit.min} to ${limit.max} ${fiat}`))
        }
      ),
      { numRuns: 1000, seed: 31337 }
    )
  })
})
