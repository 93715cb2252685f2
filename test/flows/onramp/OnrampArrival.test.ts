/**
 * The Buy flow after the provider's page opened, over fake services: the purchase awaited on the account.
 * Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ARRIVAL_POLL_MS, ARRIVAL_WAIT_MS } from "../../../src/layers/flows/onramp/Onramp.lazy"
import type { OnrampState } from "../../../src/services/Onramp"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SUSD_ADDRESS } from "../../kit/networks"
import { type Editing, opened, quoteOf, settled, withOnramp } from "./onrampSteps"
import { balance, type Options } from "./onrampWorld"

describe("Onramp", () => {
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
