// Search: debounced, interrupted by a newer query, capped.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import { ids, searchCalls, searchState, setQuery, setup, universe } from "./walletCatalogWorld"

describe("WalletCatalog: search (SPEC.md §9: 100 a search, results after 300 ms)", () => {
  it.effect("searches once, with the last query, only after 300 ms without typing", () => {
    const t = setup()
    return Effect.gen(function* () {
      yield* setQuery("m")
      yield* TestClock.adjust("100 millis")
      yield* setQuery("me")
      yield* TestClock.adjust("100 millis")
      yield* setQuery("met")
      yield* TestClock.adjust("299 millis")
      assert.deepStrictEqual(searchCalls(t.calls), [])
      assert.deepStrictEqual(yield* searchState, { query: "", results: [], status: { _tag: "Idle" } })

      yield* TestClock.adjust("1 millis")
      const calls = searchCalls(t.calls)
      assert.deepStrictEqual(
        calls.map((c) => [c.query.search, c.query.entries, c.at]),
        [["met", 100, 500]]
      )
      const search = yield* searchState
      assert.strictEqual(search.query, "met")
      assert.deepStrictEqual(ids(search.results), ["mm", "metronome"])
      assert.deepStrictEqual(search.status, { _tag: "Idle" })
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("interrupts a search in flight when a newer query arrives", () => {
    const t = setup()
    t.control.delay = (q) => (q.search !== undefined ? 1000 : 0)
    return Effect.gen(function* () {
      yield* setQuery("met")
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(
        searchCalls(t.calls).map((c) => c.query.search),
        ["met"]
      )
      assert.strictEqual((yield* searchState).status._tag, "Loading")

      yield* setQuery("meta")
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(
        searchCalls(t.calls).map((c) => c.query.search),
        ["met", "meta"]
      )
      assert.deepStrictEqual(
        t.interrupted.map((q) => q.search),
        ["met"]
      )

      yield* TestClock.adjust("1000 millis")
      const search = yield* searchState
      assert.strictEqual(search.query, "meta")
      // "Metronome Wallet" matches "met" only: the interrupted search never wrote its results.
      assert.deepStrictEqual(ids(search.results), ["mm"])
      assert.deepStrictEqual(search.status, { _tag: "Idle" })
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("clears the search on an empty query, and caps results at 100", () => {
    const t = setup({}, universe(400))
    return Effect.gen(function* () {
      yield* setQuery("  wallet ")
      yield* TestClock.adjust("300 millis")
      const search = yield* searchState
      assert.strictEqual(search.query, "wallet")
      assert.strictEqual(search.results.length, 100)
      assert.strictEqual(searchCalls(t.calls)[0]?.query.search, "wallet")

      yield* setQuery("")
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(yield* searchState, { query: "", results: [], status: { _tag: "Idle" } })
      // Clearing is local: no request.
      assert.strictEqual(searchCalls(t.calls).length, 1)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("does not search again for the same text", () => {
    const t = setup()
    return Effect.gen(function* () {
      yield* setQuery("trust")
      yield* TestClock.adjust("300 millis")
      yield* setQuery("trust ")
      yield* TestClock.adjust("300 millis")
      assert.strictEqual(searchCalls(t.calls).length, 1)
      assert.deepStrictEqual(ids((yield* searchState).results), ["trust"])
    }).pipe(Effect.provide(t.layer))
  })
})
