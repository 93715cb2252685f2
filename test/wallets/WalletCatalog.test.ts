import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { type ProviderServiceError, ServiceUnavailableError } from "../../src/errors"
import { WalletCatalogLive } from "../../src/layers/wallets/WalletCatalogLive"
import { MAX_PAGES } from "../../src/layers/wallets/walletCatalogState"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { DecodedWalletList, WalletListing } from "../../src/schemas/WalletListing"
import { Connectors, type WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import type { WalletQuery } from "../../src/services/ProviderApi"
import { type CatalogWallet, WalletCatalog } from "../../src/services/WalletCatalog"
import { fakeProviderApi, walletPage } from "../kit/fakeExplorer"
import { decodedOptions } from "../kit/fixtures"
import { preloadedParts, unloadableParts } from "../kit/lazyParts"
import { catalogWallet, walletConnector } from "../kit/wallets"

const NAMED: ReadonlyArray<WalletListing> = [
  { id: "mm", name: "MetaMask", rdns: "io.metamask.mobile", mobile_link: "metamask://", image_id: "mm-img" },
  { id: "rabby", name: "Rabby Wallet", rdns: "io.rabby", homepage: "https://rabby.io" },
  { id: "trust", name: "Trust Wallet", rdns: "com.trustwallet.app", mobile_link: "trust://" },
  { id: "metronome", name: "Metronome Wallet", rdns: "dev.metronome" }
]

/** `w0`, `w1`…: "Wallet N", rdns `com.walletN`, after the named wallets. */
const universe = (size: number): ReadonlyArray<WalletListing> => [
  ...NAMED,
  ...Array.from({ length: size - NAMED.length }, (_, i) => ({
    id: `w${i}`,
    name: `Wallet ${i}`,
    rdns: `com.wallet${i}`,
    image_id: `img-${i}`,
    mobile_link: `wallet${i}://`,
    homepage: `https://wallet${i}.example`
  }))
]

interface Call {
  readonly query: WalletQuery
  readonly at: number
}

interface Control {
  delay: (query: WalletQuery) => number
  fail: (query: WalletQuery) => ProviderServiceError | undefined
}

/**
 * A fake explorer over a fixed list, with the API's include/exclude/search/paging rules, or answering as
 * `answer` says.
 */
const fakeApi = (
  listings: ReadonlyArray<WalletListing>,
  answer: (query: WalletQuery) => DecodedWalletList = (query) => walletPage(listings, query)
) => {
  const calls: Array<Call> = []
  const interrupted: Array<WalletQuery> = []
  const control: Control = { delay: () => 0, fail: () => undefined }
  const getWallets = (query: WalletQuery) =>
    Effect.gen(function* () {
      calls.push({ query, at: yield* Clock.currentTimeMillis })
      const delay = control.delay(query)
      if (delay > 0) yield* Effect.sleep(delay)
      const error = control.fail(query)
      if (error !== undefined) return yield* Effect.fail(error)
      return answer(query)
    }).pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted.push(query))))
  const layer = fakeProviderApi(getWallets)
  return { layer, calls, interrupted, control }
}

const connector = (name: string, rdns: string | undefined, id = `eip6963:${name}`) =>
  walletConnector(id, { key: rdns ?? `name:${name.toLowerCase()}`, name, rdns, uuid: name })

const setup = (
  options: Partial<ModalOptionsInput> = {},
  listings: ReadonlyArray<WalletListing> = universe(200),
  installed: ReadonlyArray<WalletConnector> = [],
  answer?: (query: WalletQuery) => DecodedWalletList,
  parts: Layer.Layer<never> = preloadedParts
) => {
  const api = fakeApi(listings, answer)
  const config = decodedOptions(options)
  const connectors = Layer.effect(
    Connectors,
    Effect.map(SubscriptionRef.make(installed), (ref) =>
      Connectors.of({
        connectors: ref,
        byId: () => Effect.succeed(Option.none()),
        awaitKey: () => Effect.succeed(Option.none())
      })
    )
  )
  const layer = WalletCatalogLive.pipe(
    Layer.provideMerge(Layer.mergeAll(api.layer, Layer.succeed(ModalConfig, config), connectors, parts))
  )
  return { ...api, layer }
}

const ids = (wallets: ReadonlyArray<CatalogWallet>) => wallets.map((w) => w.id)
const catalogState = Effect.flatMap(WalletCatalog, (c) => SubscriptionRef.get(c.state))
const searchState = Effect.flatMap(WalletCatalog, (c) => SubscriptionRef.get(c.search))
const load = Effect.flatMap(WalletCatalog, (c) => c.load)
const loadNextPage = Effect.flatMap(WalletCatalog, (c) => c.loadNextPage)
const setQuery = (query: string) => Effect.flatMap(WalletCatalog, (c) => c.setQuery(query))
const searchCalls = (calls: ReadonlyArray<Call>) => calls.filter((c) => c.query.search !== undefined)

describe("WalletCatalog: ordering and options", () => {
  it.effect("lists featured in the given order, then 4 recommended, then the first page of 40", () => {
    const t = setup({ featuredWalletIds: ["w7", "w3", "w30"] })
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.deepStrictEqual(ids(state.featured), ["w7", "w3", "w30"])
      assert.deepStrictEqual(ids(state.recommended), ["mm", "rabby", "trust", "metronome"])
      assert.strictEqual(state.wallets.length, 40)
      assert.deepStrictEqual(ids(state.wallets).slice(0, 4), ["w0", "w1", "w2", "w4"])
      assert.deepStrictEqual(ids(state.list), [
        ...ids(state.featured),
        ...ids(state.recommended),
        ...ids(state.wallets)
      ])
      assert.strictEqual(new Set(ids(state.list)).size, state.list.length)
      assert.deepStrictEqual(state.status, { _tag: "Idle" })
      assert.isTrue(state.loaded)
      assert.isTrue(state.hasMore)
      // The calls: featured by include, recommended without featured, page 1 without both.
      const [featured, recommended, page] = t.calls.map((c) => c.query)
      assert.deepStrictEqual(featured, { page: 1, entries: 3, include: ["w7", "w3", "w30"] })
      assert.deepStrictEqual(recommended, { page: 1, entries: 4, exclude: ["w7", "w3", "w30"] })
      assert.deepStrictEqual(page, {
        page: 1,
        entries: 40,
        exclude: ["w7", "w3", "w30", "mm", "rabby", "trust", "metronome"]
      })
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("excludeWalletIds hides by id, rdns and case-insensitive name, also featured ones", () => {
    const t = setup({
      featuredWalletIds: ["w1", "w2"],
      excludeWalletIds: ["w1", "io.rabby", "trust wallet", "com.wallet5"]
    })
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      const shown = ids(state.list)
      for (const hidden of ["w1", "rabby", "trust", "w5"]) assert.notInclude(shown, hidden)
      assert.deepStrictEqual(ids(state.featured), ["w2"])
      // Ids are sent to the API; what only the client can match (rdns, names) is filtered here.
      assert.include(t.calls[1]?.query.exclude ?? [], "w1")
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("includeWalletIds narrows every request and the list", () => {
    const include = ["w3", "w10", "w11", "w12", "w13", "w14", "mm"]
    const t = setup({ includeWalletIds: include, featuredWalletIds: ["w11", "w50"] })
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.deepStrictEqual(ids(state.featured), ["w11"])
      assert.sameMembers(ids(state.list), include)
      for (const call of t.calls) assert.isDefined(call.query.include)
      yield* setQuery("wallet 1")
      yield* TestClock.adjust("300 millis")
      const search = yield* searchState
      assert.sameMembers(ids(search.results), ["w10", "w11", "w12", "w13", "w14"])
      assert.deepStrictEqual(searchCalls(t.calls)[0]?.query.include, include)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("lists custom wallets, sanitised, before the listing ones", () => {
    const t = setup({
      featuredWalletIds: ["w0"],
      customWallets: [
        {
          id: "custom-1",
          name: "My \u202eWallet\u200b <img src=x onerror=alert(1)>",
          image_url: "javascript:alert(1)",
          mobile_link: "javascript:alert(1)",
          desktop_link: "mywallet://",
          homepage: "https://my.example",
          app_store: "http://apps.example"
        },
        { id: "custom-2", name: "\u202e\u200b", homepage: "https://blank.example" },
        { id: "custom-3", name: "Hidden", homepage: "https://hidden.example" }
      ],
      excludeWalletIds: ["custom-3"]
    })
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.deepStrictEqual(ids(state.custom), ["custom-1"])
      assert.deepStrictEqual(ids(state.list).slice(0, 2), ["custom-1", "w0"])
      const custom = state.custom[0]
      assert.strictEqual(custom?.name, "My Wallet <img src=x onerror=alert(1)>")
      assert.isUndefined(custom?.imageUrl)
      assert.isUndefined(custom?.mobileLink)
      assert.strictEqual(custom?.desktopLink, "mywallet://")
      assert.deepStrictEqual(custom?.registeredSchemes, ["mywallet"])
      assert.strictEqual(custom?.homepage, "https://my.example/")
      assert.isUndefined(custom?.appStore)
      assert.isTrue(custom?.custom)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("lists the host's custom wallets from the start, with no load (a headless host)", () => {
    const t = setup({
      customWallets: [{ id: "custom-1", name: "My Wallet", homepage: "https://my.example" }]
    })
    return Effect.gen(function* () {
      const catalog = yield* WalletCatalog
      const state = yield* SubscriptionRef.changes(catalog.state).pipe(
        Stream.filter((s) => s.custom.length > 0),
        Stream.runHead
      )
      assert.deepStrictEqual(
        Option.map(state, (s) => ids(s.list)),
        Option.some(["custom-1"])
      )
      assert.deepStrictEqual(t.calls, [])
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("lists the host's custom wallets when the listing fails", () => {
    const t = setup({
      customWallets: [{ id: "custom-1", name: "My Wallet", homepage: "https://my.example" }]
    })
    t.control.fail = () => new ServiceUnavailableError({ cause: "down" })
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.strictEqual(state.status._tag, "Failed")
      assert.deepStrictEqual(ids(state.custom), ["custom-1"])
      assert.deepStrictEqual(ids(state.list), ["custom-1"])
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("reads a listing whose rules did not load as unavailable, and shows nothing unsafe", () => {
    const t = setup(
      { customWallets: [{ id: "custom-1", name: "My Wallet", mobile_link: "javascript:alert(1)" }] },
      universe(10),
      [],
      undefined,
      unloadableParts
    )
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.strictEqual(state.status._tag, "Failed")
      if (state.status._tag === "Failed")
        assert.strictEqual(state.status.error._tag, "ServiceUnavailableError")
      assert.deepStrictEqual(state.list, [])
      assert.isFalse(state.loaded)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("makes listing fields safe: images, names and links", () => {
    const hostile: WalletListing = {
      id: "evil",
      name: "<img src=x onerror=alert(1)>\u202e",
      image_id: "../../steal?x=",
      image_url: "javascript:alert(1)",
      mobile_link: "\u0000javascript:alert(1)",
      desktop_link: "data:text/html,<script>alert(1)</script>",
      webapp_link: "http://evil.example",
      homepage: "javascript:alert(1)"
    }
    const t = setup({}, [hostile, ...universe(10)])
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      const evil = state.list.find((w) => w.id === "evil")
      assert.deepStrictEqual(evil, catalogWallet("evil", { name: "<img src=x onerror=alert(1)>" }))
      const mm = state.list.find((w) => w.id === "mm")
      assert.strictEqual(mm?.imageUrl, "https://api.test/getWalletImage/mm-img")
      assert.strictEqual(mm?.mobileLink, "metamask://")
    }).pipe(Effect.provide(t.layer))
  })
})

describe("WalletCatalog: installed wallets", () => {
  it.effect("lists installed wallets first and never twice (rdns, io.metamask.mobile, else name)", () => {
    const t = setup({ featuredWalletIds: ["mm"] }, universe(200), [
      connector("MetaMask", "io.metamask"),
      connector("rabby wallet", undefined),
      connector("Unlisted Wallet", "dev.unlisted")
    ])
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.deepStrictEqual(ids(state.installed), ["mm", "rabby", "eip6963:Unlisted Wallet"])
      assert.deepStrictEqual(
        state.installed.map((w) => [w.installed, w.connectorId]),
        [
          [true, "eip6963:MetaMask"],
          [true, "eip6963:rabby wallet"],
          [true, "eip6963:Unlisted Wallet"]
        ]
      )
      // Listing details reach the installed entry.
      assert.strictEqual(state.installed[0]?.imageUrl, "https://api.test/getWalletImage/mm-img")
      assert.strictEqual(state.installed[1]?.homepage, "https://rabby.io/")
      assert.deepStrictEqual(ids(state.featured), [])
      // The explorer's top 4 without featured; the installed Rabby among them is listed as installed.
      assert.deepStrictEqual(ids(state.recommended), ["trust", "metronome", "w0"])
      assert.strictEqual(ids(state.list).filter((id) => id === "mm" || id === "rabby").length, 2)
      assert.deepStrictEqual(ids(state.list).slice(0, 3), ids(state.installed))

      // A wallet announced later takes its listing along.
      const { connectors } = yield* Connectors
      yield* SubscriptionRef.update(connectors, (all) => [
        ...all,
        connector("Trust Wallet", "com.trustwallet.app")
      ])
      const catalog = yield* WalletCatalog
      const after = yield* SubscriptionRef.changes(catalog.state).pipe(
        Stream.filter((s) => s.installed.length === 4),
        Stream.runHead,
        Effect.map(Option.getOrThrow)
      )
      assert.include(ids(after.installed), "trust")
      assert.notInclude(ids(after.recommended), "trust")
      assert.strictEqual(ids(after.list).filter((id) => id === "trust").length, 1)
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("keeps listing installed wallets when the explorer fails, with the catalogue error", () => {
    const t = setup({}, universe(200), [connector("MetaMask", "io.metamask")])
    const error = new ServiceUnavailableError({ status: 503 })
    t.control.fail = () => error
    return Effect.gen(function* () {
      yield* load
      const state = yield* catalogState
      assert.deepStrictEqual(state.status, { _tag: "Failed", error })
      assert.isFalse(state.loaded)
      assert.deepStrictEqual(ids(state.list), ["eip6963:MetaMask"])
      assert.isTrue(state.list[0]?.installed)

      // Try again once the service is back.
      t.control.fail = () => undefined
      yield* load
      const retried = yield* catalogState
      assert.deepStrictEqual(retried.status, { _tag: "Idle" })
      assert.isTrue(retried.loaded)
      assert.deepStrictEqual(ids(retried.installed), ["mm"])
    }).pipe(Effect.provide(t.layer))
  })

  it.effect("reports a failed search in the search status", () => {
    const t = setup({}, universe(50), [connector("MetaMask", "io.metamask")])
    const error = new ServiceUnavailableError({ status: 503 })
    t.control.fail = (q) => (q.search !== undefined ? error : undefined)
    return Effect.gen(function* () {
      yield* setQuery("meta")
      yield* TestClock.adjust("300 millis")
      const search = yield* searchState
      assert.deepStrictEqual(search.status, { _tag: "Failed", error })
      // The installed wallet still matches the query.
      assert.deepStrictEqual(ids(search.results), ["eip6963:MetaMask"])
    }).pipe(Effect.provide(t.layer))
  })
})

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
