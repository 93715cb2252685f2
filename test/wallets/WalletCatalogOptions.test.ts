// The catalogue's order (featured, recommended, pages) and what the host's options make of it.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ServiceUnavailableError } from "../../src/errors"
import type { WalletListing } from "../../src/schemas/WalletListing"
import { WalletCatalog } from "../../src/services/WalletCatalog"
import { unloadableParts } from "../kit/lazyParts"
import { catalogWallet } from "../kit/wallets"
import {
  catalogState,
  ids,
  load,
  searchCalls,
  searchState,
  setQuery,
  setup,
  universe
} from "./walletCatalogWorld"

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
