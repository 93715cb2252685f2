/**
 * The Buy flow (`OnrampLive`, `Onramp.lazy.ts`) up to a quote, over fake services: starting (the API's
 * options or the fallback, Unavailable where nothing is sold), quoting once typing pauses, and the form's
 * problems. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { BUY_QUOTE_DELAY_MS } from "../../../src/layers/flows/onramp/Onramp.lazy"
import { fallbackFiat } from "../../../src/layers/flows/onramp/onrampForm"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import {
  COMPLETE,
  editAndWait,
  failed,
  noQuoteOf,
  quoteOf,
  settled,
  unquoted,
  withOnramp
} from "./onrampSteps"
import { defaultOptions, mainnetEth, quoteFor, sUSD } from "./onrampWorld"

describe("Onramp", () => {
  describe("start", () => {
    it.effect("without a connected account: Unavailable, and the API is not asked", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* SubscriptionRef.set(w.connection, { namespaces: {}, attempt: undefined })
          yield* w.onramp.start
          assert.strictEqual((yield* SubscriptionRef.get(w.onramp.state))._tag, "Unavailable")
        })
      )
    )

    it.effect("the API's options: Editing with the first crypto, no country guessed, fiat and method", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          assert.strictEqual((yield* SubscriptionRef.get(w.onramp.state))._tag, "Idle")
          yield* w.onramp.start
          const state = yield* flowTagged(w.onramp, "Editing")
          assert.deepStrictEqual(state.draft, {
            provider: "meld",
            country: undefined,
            fiat: "USD",
            method: "card",
            amount: "",
            crypto: "sUSD"
          })
          assert.deepStrictEqual(state.options.fiat, defaultOptions.fiat)
          assert.deepStrictEqual(state.options.crypto, [{ currency: sUSD, network: "sandbox" }])
          assert.deepStrictEqual(
            state.options.countries.map((c) => c.id),
            ["US", "GB"]
          )
          assert.deepStrictEqual(
            state.options.providers.map((p) => p.id),
            ["meld"]
          )
          assert.isFalse(state.options.fallback)
          assert.deepStrictEqual(state.quote, { _tag: "None" })
          assert.isUndefined(state.problem)
          assert.deepStrictEqual(w.log, ["options"])
        })
      )
    )

    it.effect("options without fiat: the fallback fiat and limits, fallback: true", () =>
      withOnramp({ options: Effect.succeed({ fiat: [], crypto: [sUSD], countries: [] }) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          const state = yield* flowTagged(w.onramp, "Editing")
          assert.isTrue(state.options.fallback)
          assert.deepStrictEqual(state.options.fiat, fallbackFiat)
          assert.strictEqual(state.draft.fiat, "USD")
          assert.strictEqual(state.draft.method, "card")
          assert.deepStrictEqual(state.options.countries, [])
          // No countries offered: a complete amount is quoted without one (fallback card limits 10-7500).
          const form = yield* editAndWait(w.onramp, { amount: "10" })
          quoteOf(form.quote)
          assert.isUndefined(w.calls.quotes[0]?.country)
        })
      )
    )

    it.effect("options that cannot be had: the fallback sells no crypto, so Unavailable", () =>
      withOnramp({ options: Effect.fail(failed) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* flowTagged(w.onramp, "Unavailable")
          assert.strictEqual(w.calls.options, 1)
        })
      )
    )

    it.effect("options with no crypto at all: Unavailable", () =>
      withOnramp({ options: Effect.succeed({ ...defaultOptions, crypto: [] }) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* flowTagged(w.onramp, "Unavailable")
        })
      )
    )

    it.effect("crypto sold only on another chain: Unavailable", () =>
      withOnramp({ options: Effect.succeed({ ...defaultOptions, crypto: [mainnetEth] }) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* flowTagged(w.onramp, "Unavailable")
        })
      )
    )
  })

  describe("quoting", () => {
    it.effect("quotes once typing pauses for 400 ms, with the draft's currencies, network and country", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* w.onramp.edit(COMPLETE)
          assert.deepStrictEqual((yield* flowTagged(w.onramp, "Editing")).quote, { _tag: "Quoting" })
          yield* TestClock.adjust(BUY_QUOTE_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.quotes, [])
          assert.deepStrictEqual((yield* flowTagged(w.onramp, "Editing")).quote, { _tag: "Quoting" })
          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.onramp, settled)
          const request = {
            purchaseCurrency: "sUSD",
            paymentCurrency: "USD",
            amount: "50.00",
            network: "sandbox",
            country: "US",
            paymentMethod: "card"
          }
          assert.deepStrictEqual(w.calls.quotes, [request])
          assert.deepStrictEqual(quoteOf(form.quote), quoteFor(request))
          assert.isUndefined(form.problem)
          assert.deepStrictEqual(form.draft, {
            provider: "meld",
            country: "US",
            fiat: "USD",
            method: "card",
            amount: "50",
            crypto: "sUSD"
          })
        })
      )
    )

    it.effect("an edit within the pause cancels the pending quote: one request, for the latest form", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* w.onramp.edit({ country: "US", amount: "30" })
          yield* TestClock.adjust(BUY_QUOTE_DELAY_MS - 100)
          yield* w.onramp.edit({ amount: "40.5" })
          yield* TestClock.adjust(BUY_QUOTE_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.quotes, [])
          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.onramp, settled)
          assert.deepStrictEqual(
            w.calls.quotes.map((q) => q.amount),
            ["40.50"]
          )
          assert.strictEqual(quoteOf(form.quote).quoteId, "quote-40.50")
          yield* TestClock.adjust(10 * BUY_QUOTE_DELAY_MS)
          assert.strictEqual(w.calls.quotes.length, 1)
        })
      )
    )

    it.effect("another fiat and method: their limits and ids are asked", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          const form = yield* editAndWait(w.onramp, { country: "GB", method: "bank_account", amount: "60" })
          quoteOf(form.quote)
          assert.deepStrictEqual(w.calls.quotes[0], {
            purchaseCurrency: "sUSD",
            paymentCurrency: "USD",
            amount: "60.00",
            network: "sandbox",
            country: "GB",
            paymentMethod: "bank_account"
          })
          const eur = yield* editAndWait(w.onramp, { fiat: "EUR", method: "card", amount: "15" })
          quoteOf(eur.quote)
          assert.strictEqual(w.calls.quotes[1]?.paymentCurrency, "EUR")
        })
      )
    )

    it.effect("below the method's minimum: below-min with the limit, and no quote is asked", () =>
      unquoted({ country: "US", amount: "19.99" }, (form) => {
        assert.strictEqual(form.problem, "below-min")
        assert.strictEqual(form.limit?.min, 20)
        assert.strictEqual(form.limit?.max, 1000)
      })
    )

    it.effect("above the method's maximum: above-max with the limit, and no quote is asked", () =>
      unquoted({ country: "US", method: "bank_account", amount: "5000.01" }, (form) => {
        assert.strictEqual(form.problem, "above-max")
        assert.strictEqual(form.limit?.min, 50)
        assert.strictEqual(form.limit?.max, 5000)
      })
    )

    it.effect("no country chosen while countries are offered: country, and no quote is asked", () =>
      unquoted({ amount: "50" }, (form) => {
        assert.strictEqual(form.problem, "country")
      })
    )

    it.effect("an empty amount is not a problem yet", () =>
      unquoted({ country: "US" }, (form) => {
        assert.isUndefined(form.problem)
      })
    )

    it.effect("a quote that fails: NoQuote with its error", () =>
      withOnramp({ quote: () => Effect.fail(failed) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          const form = yield* editAndWait(w.onramp, COMPLETE)
          assert.strictEqual(noQuoteOf(form.quote), failed)
          assert.strictEqual(w.calls.quotes.length, 1)
        })
      )
    )

    it.effect("edit does nothing outside the form", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.edit(COMPLETE)
          yield* TestClock.adjust(BUY_QUOTE_DELAY_MS)
          yield* flowTagged(w.onramp, "Idle")
          assert.deepStrictEqual(w.calls.quotes, [])
        })
      )
    )
  })
})
