// Paging: pages of 40 until the count, and a listing that lies about it.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { ServiceUnavailableError } from "../../src/errors"
import { MAX_PAGES } from "../../src/layers/wallets/walletCatalogState"
import { walletPage } from "../kit/fakeExplorer"
import { type Call, catalogState, ids, load, loadNextPage, setup, universe } from "./walletCatalogWorld"

describe("WalletCatalog: paging", () => {
  it.effect("loads pages of 40 until count, never the same page twice", () => {
    // 130 listings: 4 recommended, 126 paged: 40 + 40 + 40 + 6.
    const t = setup({}, universe(130))
    t.control.delay = (q) => (q.entries === 40 ? 100 : 0)
    const pageCalls = () => t.calls.filter((c) => c.query.entries === 40).map((c) => c.query.page)
    return Effect.gen(function* () {
      const first = yield* Effect.forkChild(load)
      yield* TestClock.adjust("100 millis")
      yield* Fiber.join(first)
      assert.strictEqual((yield* catalogState).count, 126)

      // Two calls while page 2 loads: one request.
      const a = yield* Effect.forkChild(loadNextPage)
      const b = yield* Effect.forkChild(loadNextPage)
      yield* Effect.yieldNow
      assert.strictEqual((yield* catalogState).status._tag, "Loading")
      yield* TestClock.adjust("100 millis")
      yield* Fiber.join(a)
      yield* Fiber.join(b)
      assert.deepStrictEqual(pageCalls(), [1, 2])
      assert.strictEqual((yield* catalogState).wallets.length, 80)

      for (const _ of [3, 4]) {
        const next = yield* Effect.forkChild(loadNextPage)
        yield* TestClock.adjust("100 millis")
        yield* Fiber.join(next)
      }
      const done = yield* catalogState
      assert.strictEqual(done.wallets.length, 126)
      assert.strictEqual(done.page, 4)
      assert.isFalse(done.hasMore)
      assert.strictEqual(new Set(ids(done.list)).size, 130)

      // Nothing left: no request.
      yield* loadNextPage
      yield* load
      assert.deepStrictEqual(pageCalls(), [1, 2, 3, 4])
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("keeps loaded pages when a later page fails, and retries that page", () => {
    const t = setup({}, universe(130))
    const error = new ServiceUnavailableError({ status: 503 })
    return Effect.gen(function* () {
      yield* load
      t.control.fail = (q) => (q.page === 2 ? error : undefined)
      yield* loadNextPage
      const failed = yield* catalogState
      assert.deepStrictEqual(failed.status, { _tag: "Failed", error })
      assert.strictEqual(failed.wallets.length, 40)
      t.control.fail = () => undefined
      yield* load
      const retried = yield* catalogState
      assert.strictEqual(retried.wallets.length, 80)
      assert.strictEqual(retried.page, 2)
    }).pipe(Effect.provide(t.layer))
  })
})

describe("WalletCatalog: a listing that lies (THREATS.md T15, issue 12 item 2)", () => {
  /** As the grid does while the list stays near its end: asks for the next page again and again. */
  const scrollHard = Effect.forEach(Array.from({ length: 200 }), () => loadNextPage, { discard: true })
  const pageCalls = (calls: ReadonlyArray<Call>) => calls.filter((c) => c.query.entries === 40).length

  it.effect(
    "a listing that repeats its page and claims a million wallets is asked twice, not forever",
    () => {
      const t = setup({}, universe(200), [], (query) => ({
        ...walletPage(universe(200), { ...query, page: 1 }),
        count: 1_000_000
      }))
      return Effect.gen(function* () {
        yield* load
        yield* scrollHard
        // The first page, then one that added nothing new: paging stops there.
        assert.deepStrictEqual(
          t.calls.filter((c) => c.query.entries === 40).map((c) => c.query.page),
          [1, 2]
        )
        assert.isFalse((yield* catalogState).hasMore)
      }).pipe(Effect.provide(t.layer))
    }
  )

  it.effect("a page of only invalid listings stops paging", () => {
    const t = setup({}, universe(200), [], (query) =>
      query.page === 1
        ? { ...walletPage(universe(200), query), count: 1_000_000 }
        : { count: 1_000_000, data: [], dropped: 40 }
    )
    return Effect.gen(function* () {
      yield* load
      yield* scrollHard
      assert.strictEqual(pageCalls(t.calls), 2)
      assert.isFalse((yield* catalogState).hasMore)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("a count beyond 50 pages is not believed: 2 000 wallets at most", () => {
    const t = setup({}, universe(200), [], (query) => ({
      count: 1_000_000,
      dropped: 0,
      data: Array.from({ length: query.entries }, (_, i) => ({
        id: `p${query.page}-${i}`,
        name: `Wallet ${query.page}-${i}`
      }))
    }))
    return Effect.gen(function* () {
      yield* load
      yield* Effect.forEach(Array.from({ length: 100 }), () => loadNextPage, { discard: true })
      assert.strictEqual(pageCalls(t.calls), MAX_PAGES)
      assert.isFalse((yield* catalogState).hasMore)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("after a failed page, scrolling asks nothing more; Try again asks once", () => {
    const t = setup({}, universe(200))
    return Effect.gen(function* () {
      yield* load
      t.control.fail = (q) => (q.page === 2 ? new ServiceUnavailableError({ status: 503 }) : undefined)
      yield* scrollHard
      assert.strictEqual(pageCalls(t.calls), 2)
      yield* load
      assert.strictEqual(pageCalls(t.calls), 3)
    }).pipe(Effect.provide(t.layer))
  })
})
