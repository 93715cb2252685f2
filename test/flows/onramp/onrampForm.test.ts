import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { buyOffered } from "../../../src/layers/flows/onramp/buyRegions"
import * as OnrampForm from "../../../src/layers/flows/onramp/onrampForm"
import type { CryptoCurrency } from "../../../src/schemas/FiatOnramp"

describe("where Buy is offered", () => {
  it("not in China's time zones (SPEC §9), whatever their case; elsewhere and when unknown, yes", () => {
    for (const zone of ["Asia/Shanghai", "asia/urumqi", "Asia/Chongqing", "PRC"])
      expect(buyOffered(zone)).toBe(false)
    for (const zone of ["Europe/Paris", "America/New_York", "Asia/Tokyo", "Asia/Hong_Kong", undefined])
      expect(buyOffered(zone)).toBe(true)
  })
})

describe("fiat limits", () => {
  it("fall back to SPEC §9's: card 10-7500, bank account 10-25 000", () => {
    expect(OnrampForm.limitsOf(undefined)).toEqual(OnrampForm.FALLBACK_LIMITS)
    expect(OnrampForm.limitsOf({ id: "USD", limits: [] })).toEqual(OnrampForm.FALLBACK_LIMITS)
    expect(OnrampForm.FALLBACK_LIMITS).toEqual([
      { method: "card", min: 10, max: 7500 },
      { method: "bank_account", min: 10, max: 25_000 }
    ])
  })

  it("refuse an amount exactly when it is outside its method's limits, for 1 000 generated amounts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000 }),
        fc.constantFrom("card", "bank_account"),
        (cents, method) => {
          const text = (cents / 100).toFixed(2)
          const limit = OnrampForm.FALLBACK_LIMITS.find((l) => l.method === method)!
          const checked = OnrampForm.checkFiatAmount(text, OnrampForm.FALLBACK_LIMITS, method)
          const amount = cents / 100
          const within = amount >= limit.min && amount <= limit.max
          expect(checked.ok).toBe(within)
          if (!checked.ok) expect(checked.problem).toBe(amount < limit.min ? "below-min" : "above-max")
          else expect(checked.amount).toBe(amount)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("name what else is wrong: empty, not an amount, an unknown method", () => {
    const check = (text: string, method: string) =>
      OnrampForm.checkFiatAmount(text, OnrampForm.FALLBACK_LIMITS, method)
    expect(check(" ", "card")).toEqual({ ok: false, problem: "empty" })
    for (const bad of ["1e3", "-20", "20.001", "abc", "20,5"])
      expect(check(bad, "card")).toMatchObject({ ok: false, problem: "format" })
    expect(check("50", "paypal")).toEqual({ ok: false, problem: "method" })
  })
})

describe("what can be bought on a chain", () => {
  const sUsd: CryptoCurrency = {
    id: "sUSD",
    name: "Sandbox USD",
    symbol: "sUSD",
    networks: [
      { name: "sandbox", display_name: "Sandbox Chain", chain_id: "31337", contract_address: "0x5F" }
    ]
  }
  it("the crypto with a network on that chain, each with the provider's name for the network", () => {
    expect(OnrampForm.purchasableOn([sUsd], "31337")).toEqual([{ currency: sUsd, network: "sandbox" }])
    expect(OnrampForm.purchasableOn([sUsd], "1")).toEqual([])
  })
})
