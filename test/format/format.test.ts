import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { toBaseUnits } from "../../src/layers/flows/send/sendForm"
import {
  currencyName,
  feeText,
  formatAmount,
  formatDay,
  formatFeeAmount,
  formatFeeUsd,
  formatFiat,
  formatMonth,
  formatPercent,
  formatQuantity,
  formatToken,
  formatTokenExact,
  formatUnits,
  formatUsd,
  tokenText,
  truncateAddress,
  usdValue
} from "../../src/layers/format/format"

const ETH = { decimals: 18, symbol: "ETH" }

describe("formatUnits", () => {
  it("converts base units exactly", () => {
    assert.strictEqual(formatUnits(1_500_000n, 6), "1.5")
    assert.strictEqual(formatUnits(10n ** 18n, 18), "1")
    assert.strictEqual(formatUnits(1n, 18), "0.000000000000000001")
    assert.strictEqual(formatUnits(-25n, 1), "-2.5")
    assert.strictEqual(formatUnits(0n, 0), "0")
  })

  it("round-trips with the form's parser for every amount and decimals", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 36 }),
        (value, decimals) => {
          assert.strictEqual(toBaseUnits(formatUnits(value, decimals), decimals), value)
        }
      )
    )
  })
})

describe("formatAmount and formatUsd (SPEC.md §9: en-US, 2 decimals, 3 in activity)", () => {
  it("formats en-US with fixed decimals", () => {
    assert.strictEqual(formatAmount("10000"), "10,000.00")
    assert.strictEqual(formatAmount("0.005"), "0.01")
    assert.strictEqual(formatAmount("1234.56789", 3), "1,234.568")
    assert.strictEqual(formatAmount("not a number"), "0.00")
  })

  it("keeps absurd amounts short: compact from a billion, '> 999T' from 1e15 (a hostile 1e308 included)", () => {
    assert.strictEqual(formatAmount("999999999.5"), "999,999,999.50")
    assert.strictEqual(formatAmount("1234567890"), "1.23B")
    assert.strictEqual(formatAmount("1e308", 3), "> 999T")
    assert.strictEqual(formatAmount("-1e20"), "< -999T")
    assert.strictEqual(formatAmount("9".repeat(5000)), "> 999T")
    assert.strictEqual(formatUsd(12.5), "$12.50")
    assert.strictEqual(formatUsd(2.5e12), "$2.5T")
    assert.strictEqual(formatUsd(1e308), "> $999T")
    assert.strictEqual(formatUsd(Number.NaN), "$0.00")
    for (const value of [1e308, 1e100, 1.2345678901234568e17, Number.MAX_SAFE_INTEGER])
      assert.isAtMost(formatUsd(value).length, 12, String(value))
  })

  it("says 'less than $0.01' for a fee worth less than a cent, not $0.00", () => {
    assert.strictEqual(formatFeeUsd(0.004), "less than $0.01")
    assert.strictEqual(formatFeeUsd(0.12), "$0.12")
    assert.strictEqual(formatFeeUsd(0), "$0.00")
  })

  it("takes the locale as its last argument", () => {
    assert.strictEqual(formatAmount("1234.5", 2, "de-DE"), "1.234,50")
    assert.strictEqual(formatToken(1_234_500_000n, 6, "de-DE"), "1.234,5")
    assert.strictEqual(formatTokenExact(1_234_500_001n, 6, "de-DE"), "1.234,500001")
  })
})

describe("currencyName (Buy's currency picker)", () => {
  it("names a currency by its code, and falls back to the code", () => {
    assert.strictEqual(currencyName("USD"), "US Dollar")
    assert.strictEqual(currencyName("EUR"), "Euro")
    assert.strictEqual(currencyName("not a code"), "not a code")
  })
})

describe("formatFiat (Buy's currencies)", () => {
  it("writes each currency with its own symbol and 2 decimals, USD as formatUsd", () => {
    assert.strictEqual(formatFiat(50, "USD"), "$50.00")
    assert.strictEqual(formatFiat(1234.5, "EUR"), "€1,234.50")
    assert.strictEqual(formatFiat(20, "GBP"), "£20.00")
  })

  it("reads a code Intl does not know as the amount and the code, never an exception", () => {
    assert.strictEqual(formatFiat(50, "not a code"), "50.00 not a code")
  })

  it("keeps hostile sizes short", () => {
    assert.strictEqual(formatFiat(1e300, "EUR"), "> 999T")
  })

  it("writes a quote's quantity to at most 4 decimals, cut, without trailing zeros", () => {
    assert.strictEqual(formatQuantity(49.15), "49.15")
    assert.strictEqual(formatQuantity(0.123456), "0.1234")
    assert.strictEqual(formatQuantity(1234567.5), "1,234,567.5")
  })
})

describe("token amounts in human units", () => {
  it("shows lists and quotes with at most 4 decimals, cut, never rounded up", () => {
    assert.strictEqual(formatToken(12_500_000n, 6), "12.5")
    assert.strictEqual(formatToken(10000846722034904593403n, 18), "10,000.8467")
    assert.strictEqual(formatToken(99_999_999n, 8), "0.9999")
    assert.strictEqual(formatToken(0n, 18), "0")
    assert.strictEqual(tokenText(12_500_000n, { decimals: 6, symbol: "sUSD" }), "12.5 sUSD")
    assert.strictEqual(tokenText(314159265358979323n, { decimals: 17, symbol: "SBX" }), "3.1415 SBX")
  })

  it("is compact for the large and the tiny: '1.2M', '< 0.0001'", () => {
    assert.strictEqual(formatToken(1_234_567n * 10n ** 18n, 18), "1.23M")
    assert.strictEqual(formatToken(1n, 18), "< 0.0001")
    assert.strictEqual(formatToken(-1n, 18), "-< 0.0001")
    assert.strictEqual(formatToken(10n ** 40n, 18), "> 999T")
  })

  it("never shows more than 4 decimals nor more than a line's characters, whatever the amount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 80n }),
        fc.integer({ min: 0, max: 77 }),
        (value, decimals) => {
          const shown = formatToken(value, decimals)
          assert.isAtMost(shown.length, 13, shown)
          assert.notMatch(shown, /\.\d{5}/, shown)
          const figure = Number(shown.replace(/,/g, ""))
          // Cut, not rounded: a figure shown is never above the amount.
          if (!Number.isNaN(figure))
            assert.isAtMost(figure, Number(formatUnits(value, decimals)) * (1 + 1e-12))
        }
      )
    )
  })

  it("keeps every decimal where the visitor's own amount is reviewed", () => {
    assert.strictEqual(formatTokenExact(12_500_000n, 6), "12.5")
    assert.strictEqual(formatTokenExact(1_234_567_000_001n, 6), "1,234,567.000001")
    assert.strictEqual(formatTokenExact(-5n, 1), "-0.5")
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (value, decimals) => {
          assert.strictEqual(
            toBaseUnits(formatTokenExact(value, decimals).replace(/,/g, ""), decimals),
            value
          )
        }
      )
    )
  })

  it("shows fees to a few significant digits, with their USD value", () => {
    assert.strictEqual(formatFeeAmount(34_983_183_175_974n, 18), "0.000035")
    assert.strictEqual(formatFeeAmount(1n, 18), "< 0.000000001")
    assert.strictEqual(feeText({ amount: 34_983_183_175_974n, usd: 0.12 }, ETH), "0.000035 ETH ($0.12)")
    assert.strictEqual(
      feeText({ amount: 21_000n * 10n ** 9n, usd: 0.0001 }, ETH),
      "0.000021 ETH (less than $0.01)"
    )
    assert.strictEqual(feeText({ amount: 21_000n * 10n ** 9n, usd: undefined }, ETH), "0.000021 ETH")
  })

  it("values base units in USD only when the price is known", () => {
    assert.strictEqual(usdValue(12_500_000n, 6, 1), 12.5)
    assert.strictEqual(usdValue(12_500_000n, 6, 0), undefined)
  })
})

describe("percentages, dates and addresses", () => {
  it("formats a slippage tolerance", () => {
    assert.strictEqual(formatPercent(0.5), "0.5%")
    assert.strictEqual(formatPercent(1), "1%")
  })

  it("dates activity in UTC, as its months are grouped", () => {
    assert.strictEqual(formatDay(new Date("2026-11-20T23:30:00Z")), "Nov 20")
    assert.strictEqual(formatDay(new Date("not a date")), "")
    assert.strictEqual(formatMonth(new Date("2025-12-01T00:00:00Z"), true), "December 2025")
    assert.strictEqual(formatMonth(new Date("2026-11-01T00:00:00Z"), false), "November")
  })

  it("truncates addresses to 4 leading and 6 trailing characters", () => {
    assert.strictEqual(truncateAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), "0x70…dc79C8")
  })
})
