/**
 * The Buy flow's provider page over fake services: asked with the quote, the link rules, and what Continue
 * opens. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import { ProviderRequestError } from "../../../src/errors"
import { ARRIVAL_POLL_MS, BUY_QUOTE_DELAY_MS } from "../../../src/layers/flows/onramp/Onramp.lazy"
import { ALICE } from "../../kit/accounts"
import { flowTagged } from "../../kit/flowWorld"
import {
  COMPLETE,
  editAndWait,
  failed,
  noQuoteOf,
  opened,
  quoted,
  quoteOf,
  unquoted,
  withOnramp
} from "./onrampSteps"
import { PAGE_URL, type UrlRequest } from "./onrampWorld"

describe("Onramp", () => {
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
})
