/**
 * The words of Buy's form from the `buy` catalog: payment methods' names, the limits line, what is wrong
 * with the form, and countries' names in the visitor's language (`Intl.DisplayNames`).
 */
import { formatFiat } from "../../../../../layers/format/format"
import type { buyWords } from "../../../../../messages/compiled/en/buy"
import type { BuyProblem } from "../../../../../services/Onramp"

/** The `buy` namespace's messages, in any locale. */
export type BuyWords = typeof buyWords

/** A payment method's name ("Card"); the provider's code when it is not one of ours. */
export const methodName = (t: BuyWords, method: string): string =>
  method === "card" ? t.methodCard() : method === "bank_account" ? t.methodBank() : method

type Limit = { readonly min: number; readonly max: number }

const range = (limit: Limit, fiat: string, locale: string) => ({
  min: formatFiat(limit.min, fiat, locale),
  max: formatFiat(limit.max, fiat, locale)
})

/** Under the amount: what the chosen method takes ("Card: from $10.00 to $7,500.00"). */
export const limitsLine = (
  t: BuyWords,
  method: string,
  limit: Limit | undefined,
  fiat: string,
  locale: string
): string | undefined =>
  limit === undefined ? undefined : t.limits({ method: methodName(t, method), ...range(limit, fiat, locale) })

export const problemText = (
  t: BuyWords,
  problem: BuyProblem,
  limit: Limit | undefined,
  fiat: string,
  locale: string
): string => {
  switch (problem) {
    case "empty":
      return t.enterAmount()
    case "format":
      return t.amountFormat()
    case "below-min":
    case "above-max":
      return limit === undefined ? t.outOfLimitsUnknown() : t.outOfLimits(range(limit, fiat, locale))
    case "method":
      return t.methodNotOffered()
    case "country":
      return t.chooseCountry()
    case "crypto":
      return t.chooseCrypto()
  }
}

/** Which field a problem is shown under. */
export const problemField = (problem: BuyProblem): "amount" | "country" | "crypto" | "method" =>
  problem === "country" || problem === "crypto" || problem === "method" ? problem : "amount"

const regionNames = new Map<string, Intl.DisplayNames | undefined>()

/** A country's name in `locale` ("United States", "États-Unis"); `undefined` when `Intl` has none. */
export const countryName = (code: string, locale: string): string | undefined => {
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([locale], { type: "region", fallback: "none" }))
    } catch {
      regionNames.set(locale, undefined)
    }
  }
  try {
    return regionNames.get(locale)?.of(code)
  } catch {
    // Not a region code.
    return undefined
  }
}
