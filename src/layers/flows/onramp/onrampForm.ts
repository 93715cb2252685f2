/**
 * Buying crypto with fiat (SPEC.md §9, FACTS.md §1.5): the providers, the fallback options and limits
 * used when the API's cannot be had, and the amount rule (where Buy is offered: buyRegions.ts). Pure.
 */
import type { CryptoCurrency, FiatCurrency, OnrampOptions } from "../../../schemas/FiatOnramp"
import type { FiatAmountProblem, OnrampProvider } from "../../../services/Onramp"

/** FACTS.md §1.5: the provider list (Meld, fees 1-2 %, EVM and Solana). */
export const ONRAMP_PROVIDERS: ReadonlyArray<OnrampProvider> = [
  { id: "meld", name: "Meld", fees: "1-2%", namespaces: ["eip155", "solana"] }
]

/** SPEC.md §9: what each payment method may buy when the API does not say. */
export const FALLBACK_LIMITS: FiatCurrency["limits"] = [
  { method: "card", min: 10, max: 7500 },
  { method: "bank_account", min: 10, max: 25_000 }
]

/** Options when the API's cannot be had: USD and EUR with the fallback limits; nothing to buy on its own. */
export const fallbackFiat: ReadonlyArray<FiatCurrency> = [
  { id: "USD", limits: FALLBACK_LIMITS },
  { id: "EUR", limits: FALLBACK_LIMITS }
]

/** The methods of `fiat`, with the API's limits where it gives them and the fallback's where not. */
export const limitsOf = (fiat: FiatCurrency | undefined): FiatCurrency["limits"] =>
  fiat === undefined || fiat.limits.length === 0 ? FALLBACK_LIMITS : fiat.limits

/** The fiat amount as a number within the method's limits, or what is wrong with it. */
export const checkFiatAmount = (
  text: string,
  limits: FiatCurrency["limits"],
  method: string
):
  | { readonly ok: true; readonly amount: number }
  | {
      readonly ok: false
      readonly problem: FiatAmountProblem
      readonly limit?: { readonly min: number; readonly max: number }
    } => {
  const limit = limits.find((l) => l.method === method)
  if (limit === undefined) return { ok: false, problem: "method" }
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "empty" }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return { ok: false, problem: "format", limit }
  const amount = Number(trimmed)
  if (amount < limit.min) return { ok: false, problem: "below-min", limit }
  if (amount > limit.max) return { ok: false, problem: "above-max", limit }
  return { ok: true, amount }
}

/** The crypto the provider sells on the chain `chainReference` (`31337` of `eip155:31337`), with its network. */
export const purchasableOn = (
  crypto: OnrampOptions["crypto"],
  chainReference: string
): ReadonlyArray<{ readonly currency: CryptoCurrency; readonly network: string }> =>
  crypto.flatMap((currency) => {
    const network = currency.networks.find((n) => n.chain_id === chainReference)
    return network === undefined ? [] : [{ currency, network: network.name }]
  })
