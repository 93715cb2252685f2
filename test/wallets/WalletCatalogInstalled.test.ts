// Installed wallets: listed first, never twice, through the explorer's failures.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ServiceUnavailableError } from "../../src/errors"
import { Connectors } from "../../src/services/Connectors"
import { WalletCatalog } from "../../src/services/WalletCatalog"
import {
  catalogState,
  connector,
  ids,
  load,
  searchState,
  setQuery,
  setup,
  universe
} from "./walletCatalogWorld"

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
