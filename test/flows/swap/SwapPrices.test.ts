/**
 * The USD values Swap shows beside the amounts it quotes (`swapPrices.ts` through `Swap.lazy.ts`, over
 * `fungible/price`): asked for the quote's two tokens beside the quote, on both of its tokens and on the
 * form's list, kept per token for 15 s, bounded; a lookup that fails or never answers leaves the amounts
 * without a value and holds back no quote, review or swap. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ProviderRequestError } from "../../../src/errors"
import {
  MAX_PRICED_TOKENS,
  makePriceBook,
  PRICE_LIFETIME_MS,
  PRICE_LOOKUP_TIMEOUT
} from "../../../src/layers/flows/swap/swapPrices"
import type { FungiblePrice, Listed } from "../../../src/schemas/Convert"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SBX_ADDRESS } from "../../kit/networks"
import { type Editing, editAndWait, quoteOf, settled, startQuoted, withSwap } from "./swapSteps"
import { balance, CHAIN, ETH, SBX, SUSD, SWAP_HASH } from "./swapWorld"

const fungible = (address: string, symbol: string, price: number): FungiblePrice => ({
  address,
  name: symbol,
  symbol,
  iconUrl: undefined,
  price
})

/** The API's prices: ETH at 3100 (not the balance's 3000), SBX (not held) at 0.25, sUSD at 1. */
const PRICES: Readonly<Record<string, number>> = {
  [ETH.toLowerCase()]: 3100,
  [SBX.toLowerCase()]: 0.25,
  [SUSD.toLowerCase()]: 1
}

const pricing = (addresses: ReadonlyArray<string>) =>
  Effect.succeed<Listed<FungiblePrice>>({
    items: addresses.flatMap((address) => {
      const price = PRICES[address.toLowerCase()]
      return price === undefined ? [] : [fungible(address, "T", price)]
    }),
    dropped: 0
  })

/** The form once its quote landed with both tokens priced. */
const priced = (state: Parameters<typeof settled>[0]): state is Editing =>
  settled(state) && state.quote._tag === "Quoted" && state.quote.quote.to.price > 0

const lower = (caips: ReadonlyArray<string>) => caips.map((caip) => caip.toLowerCase())

describe("Swap: USD values of the amounts quoted", () => {
  it.effect("a quote's two tokens are priced by fungible/price, asked once beside the quote", () =>
    withSwap({ prices: pricing }, (w) =>
      Effect.gen(function* () {
        yield* w.swap.start
        yield* w.swap.edit({ to: SBX, amount: "1" })
        yield* TestClock.adjust(400)
        const form = yield* untilFlow(w.swap, priced)
        const quote = quoteOf(form.quote)
        assert.strictEqual(quote.from.price, 3100)
        assert.strictEqual(quote.to.price, 0.25)
        // The form's list has them too, and a token not asked keeps its balance's price.
        assert.deepStrictEqual(
          form.tokens.map((token) => [token.symbol, token.price]),
          [
            ["ETH", 3100],
            ["sUSD", 1],
            ["SBX", 0.25]
          ]
        )
        assert.deepStrictEqual(w.calls.prices, [lower([ETH, SBX])])
      })
    )
  )

  it.effect("a price is kept for 15 s per token: another quote within asks only for the token not kept", () =>
    withSwap({ prices: pricing }, (w) =>
      Effect.gen(function* () {
        yield* w.swap.start
        yield* w.swap.edit({ to: SBX, amount: "1" })
        yield* TestClock.adjust(400)
        yield* untilFlow(w.swap, priced)
        quoteOf((yield* editAndWait(w.swap, { amount: "0.5" })).quote)
        assert.deepStrictEqual(w.calls.prices, [lower([ETH, SBX])])
        quoteOf((yield* editAndWait(w.swap, { to: SUSD })).quote)
        yield* untilFlow(w.swap, (state): state is Editing => priced(state) && w.calls.prices.length === 2)
        assert.deepStrictEqual(w.calls.prices, [lower([ETH, SBX]), lower([SUSD])])
        // 15 s after they were priced, the next quote asks for both again.
        yield* TestClock.adjust(PRICE_LIFETIME_MS)
        quoteOf((yield* editAndWait(w.swap, { amount: "0.25" })).quote)
        yield* untilFlow(w.swap, (state): state is Editing => priced(state) && w.calls.prices.length === 3)
        assert.deepStrictEqual(w.calls.prices[2], lower([ETH, SUSD]))
      })
    )
  )

  it.effect("balances that arrive after the prices keep them on the form", () =>
    withSwap({ prices: pricing }, (w) =>
      Effect.gen(function* () {
        yield* w.swap.start
        yield* w.swap.edit({ to: SBX, amount: "1" })
        yield* TestClock.adjust(400)
        yield* untilFlow(w.swap, priced)
        // The account now holds SBX, which the balance API prices at 0.2.
        yield* SubscriptionRef.set(w.tokens, {
          _tag: "Ready",
          value: [balance("ETH", "2", 18, 3000), balance("SBX", "5", 18, 0.2, SBX_ADDRESS)]
        })
        const form = yield* untilFlow(
          w.swap,
          (state): state is Editing =>
            state._tag === "Editing" &&
            state.tokens.some((token) => token.symbol === "SBX" && token.balance > 0n)
        )
        assert.deepStrictEqual(
          form.tokens.map((token) => [token.symbol, token.price]),
          [
            ["ETH", 3100],
            ["SBX", 0.25],
            // No longer held, and never asked: no price.
            ["sUSD", 0]
          ]
        )
      })
    )
  )

  it.effect(
    "a lookup that never answers: the quote lands without a value, and review and swap go through",
    () =>
      withSwap({ prices: () => Effect.never }, (w) =>
        Effect.gen(function* () {
          const form = yield* startQuoted(w.swap, { to: SBX, amount: "1" })
          const quote = quoteOf(form.quote)
          // The balance's price for the token held, none for the other.
          assert.strictEqual(quote.from.price, 3000)
          assert.strictEqual(quote.to.price, 0)
          yield* w.swap.review
          yield* flowTagged(w.swap, "Preview")
          yield* w.swap.confirm
          assert.strictEqual((yield* flowTagged(w.swap, "Swapped")).hash, SWAP_HASH)
        })
      )
  )

  it.effect("a lookup still out after 5 s is given up: the next quote asks again", () =>
    Effect.gen(function* () {
      const answer = yield* Deferred.make<Listed<FungiblePrice>, ProviderRequestError>()
      yield* withSwap({ prices: () => Deferred.await(answer) }, (w) =>
        Effect.gen(function* () {
          yield* startQuoted(w.swap, { to: SBX, amount: "1" })
          yield* TestClock.adjust(PRICE_LOOKUP_TIMEOUT)
          yield* Deferred.succeed(answer, { items: [fungible(SBX, "SBX", 0.25)], dropped: 0 })
          yield* editAndWait(w.swap, { amount: "2" })
          const form = yield* untilFlow(w.swap, priced)
          assert.strictEqual(quoteOf(form.quote).to.price, 0.25)
          assert.deepStrictEqual(w.calls.prices, [lower([ETH, SBX]), lower([ETH, SBX])])
        })
      )
    })
  )

  it.effect("a failed lookup leaves the amounts without a value and is asked again with the next quote", () =>
    withSwap(
      {
        prices: () =>
          Effect.fail(
            new ProviderRequestError({ reason: "status", status: 503, endpoint: "/v1/fungible/price" })
          )
      },
      (w) =>
        Effect.gen(function* () {
          const form = yield* startQuoted(w.swap, { to: SBX, amount: "1" })
          assert.strictEqual(quoteOf(form.quote).to.price, 0)
          yield* editAndWait(w.swap, { amount: "2" })
          assert.deepStrictEqual(w.calls.prices, [lower([ETH, SBX]), lower([ETH, SBX])])
          // Nothing said to the visitor: a missing value is no error.
          assert.deepStrictEqual(w.calls.errors, [])
        })
    )
  )

  it.effect("an answer prices only what was asked: another token in it is not taken", () =>
    withSwap(
      {
        prices: (addresses) =>
          Effect.succeed({
            items: [...addresses.map((address) => fungible(address, "T", 2)), fungible(SUSD, "sUSD", 99)],
            dropped: 0
          })
      },
      (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          yield* w.swap.edit({ to: SBX, amount: "1" })
          yield* TestClock.adjust(400)
          const form = yield* untilFlow(w.swap, priced)
          assert.strictEqual(form.tokens.find((token) => token.caip === SUSD)?.price, 1)
          assert.strictEqual(quoteOf(form.quote).to.price, 2)
        })
    )
  )

  it.effect("the book asks the API only for the tokens it keeps no fresh price of", () =>
    Effect.gen(function* () {
      const asked: Array<ReadonlyArray<string>> = []
      const book = yield* makePriceBook({
        fungiblePrices: (addresses) =>
          Effect.tap(pricing(addresses), () => Effect.sync(() => asked.push(addresses)))
      })
      assert.deepStrictEqual(
        [...(yield* book.lookup([ETH, SBX]))],
        [
          [ETH.toLowerCase(), 3100],
          [SBX.toLowerCase(), 0.25]
        ]
      )
      yield* TestClock.adjust(PRICE_LIFETIME_MS - 1)
      const kept = yield* book.lookup([SBX, SUSD])
      assert.strictEqual(kept.get(SBX.toLowerCase()), 0.25)
      assert.strictEqual(kept.get(SUSD.toLowerCase()), 1)
      yield* TestClock.adjust(1)
      yield* book.lookup([ETH, SUSD])
      assert.deepStrictEqual(asked, [lower([ETH, SBX]), lower([SUSD]), lower([ETH])])
    })
  )

  it.effect(`the book keeps at most ${MAX_PRICED_TOKENS} tokens, the oldest leaving first`, () =>
    Effect.gen(function* () {
      const asked: Array<ReadonlyArray<string>> = []
      const token = (n: number) => `${CHAIN}:0x${n.toString(16).padStart(40, "0")}`
      const book = yield* makePriceBook({
        fungiblePrices: (addresses) =>
          Effect.sync(() => {
            asked.push(addresses)
            return { items: addresses.map((address) => fungible(address, "T", 1)), dropped: 0 }
          })
      })
      for (let n = 0; n < MAX_PRICED_TOKENS + 6; n++) yield* book.lookup([token(n)])
      const known = yield* book.known
      assert.strictEqual(known.size, MAX_PRICED_TOKENS)
      assert.isFalse(known.has(token(0)))
      assert.isTrue(known.has(token(MAX_PRICED_TOKENS + 5)))
      // The oldest is asked again; a kept one is not.
      yield* book.lookup([token(0), token(MAX_PRICED_TOKENS + 5)])
      assert.deepStrictEqual(asked.at(-1), [token(0)])
    })
  )
})
