/**
 * The Buy flow (`OnrampLive`, `Onramp.lazy.ts`) over fake services: starting (the API's options or the
 * fallback, Unavailable where nothing is sold), quoting once typing pauses, the form's problems, the
 * provider's page (and the link rules), and the purchase awaited on the account. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ProviderRequestError } from "../../../src/errors"
import {
  ARRIVAL_POLL_MS,
  ARRIVAL_WAIT_MS,
  BUY_QUOTE_DELAY_MS
} from "../../../src/layers/flows/onramp/Onramp.lazy"
import { fallbackFiat } from "../../../src/layers/flows/onramp/onrampForm"
import type { BuyDraft, BuyQuote, OnrampState } from "../../../src/services/Onramp"
import { ALICE } from "../../kit/accounts"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SUSD_ADDRESS } from "../../kit/networks"
import { editAndSettle, tagged } from "../formSteps"
import {
  balance,
  defaultOptions,
  inWorld,
  mainnetEth,
  type Options,
  PAGE_URL,
  quoteFor,
  sUSD,
  type UrlRequest,
  type World
} from "./onrampWorld"

type Editing = Extract<OnrampState, { _tag: "Editing" }>
type Onramp = World["onramp"]

const failed = new ProviderRequestError({ reason: "status", status: 500, endpoint: "v1/onramp/quote" })

/** The form once its quote (or problem) landed: not Quoting any more. */
const settled = (state: OnrampState): state is Editing =>
  state._tag === "Editing" && state.quote._tag !== "Quoting"

/** Edits the form and lets the typing pause pass; answers the form once its quote landed. */
const editAndWait = (onramp: Onramp, change: Partial<BuyDraft>) =>
  editAndSettle(onramp, change, BUY_QUOTE_DELAY_MS, settled)

const withOnramp = (options: Options, body: (w: World) => Effect.Effect<void>) => inWorld(options, body)

/** Starts the flow and edits `change`; `check` looks at the form, which shows no quote: none was asked. */
const unquoted = (change: Partial<BuyDraft>, check: (form: Editing) => void) =>
  withOnramp({}, (w) =>
    Effect.gen(function* () {
      yield* w.onramp.start
      const form = yield* editAndWait(w.onramp, change)
      check(form)
      assert.deepStrictEqual(form.quote, { _tag: "None" })
      assert.deepStrictEqual(w.calls.quotes, [])
    })
  )

const quoteOf = (quote: BuyQuote) => tagged(quote, "Quoted").quote
const noQuoteOf = (quote: BuyQuote) => tagged(quote, "NoQuote").error

const COMPLETE: Partial<BuyDraft> = { country: "US", amount: "50" }

/** Starts and quotes a complete form. */
const quoted = (onramp: Onramp) =>
  Effect.gen(function* () {
    yield* onramp.start
    const form = yield* editAndWait(onramp, COMPLETE)
    quoteOf(form.quote)
    return form
  })

/** Starts, quotes and proceeds (as the click that opens the provider's page does). */
const opened = (onramp: Onramp) =>
  Effect.gen(function* () {
    yield* quoted(onramp)
    yield* onramp.proceed
    return yield* flowTagged(onramp, "Opened")
  })

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

  describe("the provider's page, asked with the quote", () => {
    it.effect("a quoted form holds the page for its account, network and purchase, Continue opens it", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          const form = yield* quoted(w.onramp)
          assert.deepStrictEqual(w.calls.urls, [
            {
              address: ALICE,
              blockchains: ["sandbox"],
              assets: ["sUSD"],
              partnerUserId: ALICE,
              presetFiatAmount: 50,
              country: "US",
              paymentCurrency: "USD",
              paymentMethod: "card"
            }
          ])
          assert.deepStrictEqual(w.log.slice(-2), ["quote 50.00", "url"])
          assert.deepStrictEqual(form.page, { url: PAGE_URL, symbol: "sUSD" })
          yield* w.onramp.proceed
          const state = yield* flowTagged(w.onramp, "Opened")
          assert.strictEqual(state.url, PAGE_URL)
          assert.strictEqual(state.symbol, "sUSD")
          assert.deepStrictEqual(state.quote, quoteOf(form.quote))
          assert.deepStrictEqual(state.draft, form.draft)
          // Nothing more is asked of the API once the click opened the page.
          assert.strictEqual(w.calls.urls.length, 1)
        })
      )
    )

    it.effect("a form with a problem asks for no page", () =>
      unquoted({ country: "US", amount: "5" }, (form) => {
        assert.isUndefined(form.page)
      })
    )

    it.effect("http to the visitor's own machine is allowed", () =>
      Effect.gen(function* () {
        for (const url of ["http://localhost:4000/buy", "http://127.0.0.1:4000/buy"]) {
          yield* withOnramp({ url: () => Effect.succeed(url) }, (w) =>
            Effect.gen(function* () {
              const state = yield* opened(w.onramp)
              assert.strictEqual(state.url, url)
            })
          )
        }
      })
    )

    it.effect("a URL the link rules refuse: NoQuote and no page, so Continue opens nothing", () =>
      Effect.gen(function* () {
        for (const url of [
          "http://buy.example/checkout",
          "javascript:alert(1)",
          "https://user:pass@buy.example/",
          " https://buy.example/",
          "not a url"
        ]) {
          yield* withOnramp({ url: () => Effect.succeed(url) }, (w) =>
            Effect.gen(function* () {
              yield* w.onramp.start
              const form = yield* editAndWait(w.onramp, COMPLETE)
              const error = noQuoteOf(form.quote)
              assert.instanceOf(error, ProviderRequestError)
              assert.strictEqual((error as ProviderRequestError).reason, "malformed-body")
              assert.isUndefined(form.page)
              yield* w.onramp.proceed
              assert.strictEqual((yield* flowTagged(w.onramp, "Editing")).quote, form.quote)
              // No arrival is awaited.
              yield* TestClock.adjust(3 * ARRIVAL_POLL_MS)
              assert.strictEqual(w.refreshes(), 0)
            })
          )
        }
      })
    )

    it.effect("a generator that fails: NoQuote with its error, and nothing to open", () =>
      withOnramp({ url: () => Effect.fail(failed) }, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          const form = yield* editAndWait(w.onramp, COMPLETE)
          assert.strictEqual(noQuoteOf(form.quote), failed)
          assert.isUndefined(form.page)
          yield* w.onramp.proceed
          yield* flowTagged(w.onramp, "Editing")
          yield* TestClock.adjust(3 * ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 0)
        })
      )
    )

    it.effect("proceed does nothing without a quote", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* w.onramp.start
          yield* w.onramp.edit(COMPLETE)
          yield* w.onramp.proceed
          assert.deepStrictEqual((yield* flowTagged(w.onramp, "Editing")).quote, { _tag: "Quoting" })
          assert.deepStrictEqual(w.calls.urls, [])
        })
      )
    )

    it.effect("an edit while the page is asked: the late page is not kept, the new form gets its own", () =>
      Effect.gen(function* () {
        const asked = yield* Deferred.make<void>()
        const first = yield* Deferred.make<string, ProviderRequestError>()
        const url = (request: UrlRequest) =>
          request.presetFiatAmount === 50
            ? Effect.andThen(Deferred.succeed(asked, undefined), Deferred.await(first))
            : Effect.succeed(PAGE_URL)
        yield* withOnramp({ url }, (w) =>
          Effect.gen(function* () {
            yield* w.onramp.start
            yield* w.onramp.edit(COMPLETE)
            yield* TestClock.adjust(BUY_QUOTE_DELAY_MS)
            yield* Deferred.await(asked)
            const form = yield* editAndWait(w.onramp, { amount: "60" })
            assert.deepStrictEqual(form.page, { url: PAGE_URL, symbol: "sUSD" })
            assert.strictEqual(quoteOf(form.quote).quoteId, "quote-60.00")
            yield* Deferred.succeed(first, "https://buy.example/stale")
            yield* TestClock.adjust(BUY_QUOTE_DELAY_MS)
            assert.deepStrictEqual((yield* flowTagged(w.onramp, "Editing")).page, form.page)
          })
        )
      })
    )
  })

  describe("arrival", () => {
    /** The 3rd refresh finds 149.15 sUSD (100 before). */
    const landsOnThird: Options = {
      onRefresh: (n, tokens) =>
        n === 3
          ? SubscriptionRef.set(tokens, {
              _tag: "Ready",
              value: [balance("ETH", "1", 18), balance("sUSD", "149.15", 6, SUSD_ADDRESS)]
            })
          : Effect.void
    }

    it.effect("the account is read every 5 s; the purchase landing: Arrived with the difference", () =>
      withOnramp(landsOnThird, (w) =>
        Effect.gen(function* () {
          yield* opened(w.onramp)
          assert.strictEqual(w.refreshes(), 0)
          yield* TestClock.adjust(ARRIVAL_POLL_MS - 1)
          assert.strictEqual(w.refreshes(), 0)
          yield* TestClock.adjust(1)
          assert.strictEqual(w.refreshes(), 1)
          yield* TestClock.adjust(ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 2)
          yield* flowTagged(w.onramp, "Opened")
          yield* TestClock.adjust(ARRIVAL_POLL_MS)
          const state = yield* untilFlow(
            w.onramp,
            (s): s is Extract<OnrampState, { _tag: "Arrived" }> => s._tag === "Arrived"
          )
          assert.deepStrictEqual(state, { _tag: "Arrived", symbol: "sUSD", amount: "49.15" })
          assert.strictEqual(w.refreshes(), 3)
          // Nothing is read once it arrived.
          yield* TestClock.adjust(10 * ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 3)
        })
      )
    )

    it.effect("a crypto not held before: the whole balance arrived", () =>
      withOnramp({ balances: [balance("ETH", "1", 18)], ...landsOnThird }, (w) =>
        Effect.gen(function* () {
          yield* opened(w.onramp)
          yield* TestClock.adjust(3 * ARRIVAL_POLL_MS)
          assert.deepStrictEqual(yield* flowTagged(w.onramp, "Arrived"), {
            _tag: "Arrived",
            symbol: "sUSD",
            amount: "149.15"
          })
        })
      )
    )

    it.effect("nothing arrives: still Opened after the wait, and no refresh after it", () =>
      withOnramp({}, (w) =>
        Effect.gen(function* () {
          yield* opened(w.onramp)
          yield* TestClock.adjust(ARRIVAL_WAIT_MS)
          yield* flowTagged(w.onramp, "Opened")
          assert.strictEqual(w.refreshes(), ARRIVAL_WAIT_MS / ARRIVAL_POLL_MS)
          yield* TestClock.adjust(ARRIVAL_WAIT_MS)
          assert.strictEqual(w.refreshes(), ARRIVAL_WAIT_MS / ARRIVAL_POLL_MS)
          yield* flowTagged(w.onramp, "Opened")
        })
      )
    )

    it.effect("back from Opened stops the wait and returns to the form, quoted anew", () =>
      withOnramp(landsOnThird, (w) =>
        Effect.gen(function* () {
          const page = yield* opened(w.onramp)
          yield* TestClock.adjust(ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 1)
          yield* w.onramp.back
          const back = yield* SubscriptionRef.get(w.onramp.state)
          assert.strictEqual(back._tag, "Editing")
          assert.deepStrictEqual((back as Editing).draft, page.draft)
          yield* TestClock.adjust(5 * ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 1)
          const form = yield* untilFlow(w.onramp, settled)
          quoteOf(form.quote)
          assert.strictEqual(w.calls.quotes.length, 2)
        })
      )
    )

    it.effect("start again while Opened stops the wait", () =>
      withOnramp(landsOnThird, (w) =>
        Effect.gen(function* () {
          yield* opened(w.onramp)
          yield* w.onramp.start
          yield* flowTagged(w.onramp, "Editing")
          yield* TestClock.adjust(5 * ARRIVAL_POLL_MS)
          assert.strictEqual(w.refreshes(), 0)
        })
      )
    )
  })
})
