/**
 * Buy (OnRampProviders): loading, the providers and the form, a quote, an amount off the method's limits,
 * the provider's page opened, the coins arrived, and nothing to buy here. The options and the quote are
 * decoded from the onramp API's shapes with their schemas, as the live flow does.
 */
import * as Result from "effect/Result"
import { limitsOf, ONRAMP_PROVIDERS, purchasableOn } from "../../../src/layers/flows/onramp/onrampForm"
import { decodeOnrampOptions, decodeOnrampQuote } from "../../../src/schemas/FiatOnramp"
import type { BuyDraft, OnrampState } from "../../../src/services/Onramp"
import { binding } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const decoded = <A, E extends { readonly message: string }>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result))
    throw new Error(`gallery onramp data does not decode: ${result.failure.message}`)
  return result.success
}

const limit = (id: string, min: number | string, max: number | string) => ({ id, min, max })

const apiOptions = decoded(
  decodeOnrampOptions({
    paymentCurrencies: [
      { id: "USD", payment_method_limits: [limit("card", 20, 7500), limit("bank_account", "20", "25000")] },
      { id: "EUR", payment_method_limits: [limit("card", 20, 5000)] }
    ],
    purchaseCurrencies: ["ETH", "USDC"].map((symbol) => ({
      id: symbol,
      name: symbol === "ETH" ? "Ether" : "USD Coin",
      symbol,
      networks: [{ name: "sandbox", display_name: "Sandbox Chain", chain_id: "31337", contract_address: "" }]
    })),
    countries: [
      {
        id: "US",
        name: "United States of America",
        currencies: ["USD"],
        payment_methods: ["card", "bank_account"]
      },
      { id: "DE", name: "Germany", currencies: ["EUR"], payment_methods: ["card"] }
    ]
  })
)

const options = {
  providers: ONRAMP_PROVIDERS,
  fiat: apiOptions.fiat,
  crypto: purchasableOn(apiOptions.crypto, "31337"),
  countries: apiOptions.countries,
  fallback: false
}

const quote = decoded(
  decodeOnrampQuote({
    paymentTotal: "103.49",
    paymentSubtotal: 100,
    purchaseAmount: "0.033214567890123456",
    networkFee: { amount: 0.51, currency: "USD" },
    quoteId: "gallery-quote"
  })
)

const draft: BuyDraft = {
  provider: "meld",
  country: "US",
  fiat: "USD",
  method: "card",
  amount: "100",
  crypto: "ETH"
}

const buyIn = (onramp: OnrampState) => ({
  view: "OnRampProviders" as const,
  connection: connectedAs(),
  onramp
})

const cardLimits = limitsOf(apiOptions.fiat[0]).find((l) => l.method === "card")

export const buyScenarios = family("OnRampProviders", {
  loading: {
    title: "The provider's options on their way",
    world: buyIn({ _tag: "Loading" })
  },
  providers: {
    title: "The provider, country, what to buy, currency, method; no amount yet",
    world: buyIn({
      _tag: "Editing",
      draft: { ...draft, amount: "" },
      options,
      binding,
      quote: { _tag: "None" }
    })
  },
  quoted: {
    title: "A quote for $100: what arrives, the fees, what is paid",
    world: buyIn({ _tag: "Editing", draft, options, binding, quote: { _tag: "Quoted", quote } })
  },
  belowMin: {
    title: "$5 by card: the field says what the method takes",
    world: buyIn({
      _tag: "Editing",
      draft: { ...draft, amount: "5" },
      options,
      binding,
      quote: { _tag: "None" },
      problem: "below-min",
      limit: cardLimits
    })
  },
  opened: {
    title: "The provider's page opened; waiting for the coins",
    world: buyIn({
      _tag: "Opened",
      draft,
      options,
      binding,
      quote,
      url: "https://provider.gallery.invalid/checkout?quote=gallery-quote",
      symbol: "ETH"
    })
  },
  arrived: {
    title: "The coins arrived",
    world: buyIn({ _tag: "Arrived", symbol: "ETH", amount: "0.0332" })
  },
  unavailable: {
    title: "Nothing can be bought on this network",
    world: buyIn({ _tag: "Unavailable" })
  }
})
