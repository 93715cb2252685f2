import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as LocaleLazy from "../../src/layers/locale/Locale.lazy"
import { LocaleCatalogs, LocaleLive } from "../../src/layers/locale/LocaleLive"
import { preloaded } from "../../src/layers/runtime/lazy"
import { Locale } from "../../src/services/Locale"
import { ModalConfig } from "../../src/services/ModalConfig"
import { decodedOptions } from "../kit/fixtures"

const localeWith = (locale: string, catalogs: Layer.Layer<never> = preloaded(LocaleCatalogs, LocaleLazy)) =>
  LocaleLive.pipe(
    Layer.provide(Layer.merge(Layer.succeed(ModalConfig, decodedOptions({ locale })), catalogs))
  )

/** The catalogs' chunk cannot be fetched (offline, a deploy replaced it). */
const unloadable = Layer.succeed(LocaleCatalogs, {
  _tag: "Import",
  load: () => Promise.reject(new Error("Failed to fetch dynamically imported module"))
})

const current = Effect.flatMap(Locale, (locale) => SubscriptionRef.get(locale.state))

/** The state once the first locale is ready to render. */
const whenReady = Effect.flatMap(Locale, (locale) =>
  SubscriptionRef.changes(locale.state).pipe(
    Stream.filter((s) => s.ready),
    Stream.runHead,
    Effect.flatMap(Effect.fromOption)
  )
)

describe("Locale", () => {
  it.effect("English needs no load: ready at once, with no catalog", () =>
    Effect.gen(function* () {
      const state = yield* current
      assert.deepStrictEqual(state, { tag: "en", dir: "ltr", catalog: undefined, ready: true })
    }).pipe(Effect.provide(localeWith("en")))
  )

  it.effect("another locale renders nothing until its catalog is there, then renders in it", () =>
    Effect.gen(function* () {
      const first = yield* current
      assert.strictEqual(first.ready, false)
      assert.strictEqual(first.tag, "en")
      assert.strictEqual(first.catalog, undefined)
      const state = yield* whenReady
      assert.strictEqual(state.tag, "ar")
      assert.strictEqual(state.dir, "rtl")
      assert.strictEqual(state.catalog?.button.connect(), "ربط المحفظة")
    }).pipe(Effect.provide(localeWith("ar")))
  )

  it.effect(
    "set loads the catalog first and keeps the old locale until then; it answers the locale chosen",
    () =>
      Effect.gen(function* () {
        const locale = yield* Locale
        const chosen = yield* locale.set("de-CH")
        assert.strictEqual(chosen, "de")
        const state = yield* current
        assert.strictEqual(state.tag, "de")
        assert.strictEqual(state.catalog?.button.connect(), "Wallet verbinden")
        assert.strictEqual(yield* locale.set("en-GB"), "en")
        assert.strictEqual((yield* current).catalog, undefined)
      }).pipe(Effect.provide(localeWith("en")))
  )

  it.effect("the latest request wins when two loads overlap", () =>
    Effect.gen(function* () {
      const locale = yield* Locale
      yield* Effect.all([locale.set("ja"), locale.set("ko")], { concurrency: "unbounded" })
      assert.strictEqual((yield* current).tag, "ko")
    }).pipe(Effect.provide(localeWith("en")))
  )

  it.effect("a catalog that cannot load fails with LocaleUnavailableError and keeps the language shown", () =>
    Effect.gen(function* () {
      const locale = yield* Locale
      const exit = yield* Effect.exit(locale.set("fr"))
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) {
        const error = exit.cause.reasons[0]
        assert.strictEqual(error?._tag === "Fail" ? error.error._tag : undefined, "LocaleUnavailableError")
      }
      assert.strictEqual((yield* current).tag, "en")
    }).pipe(Effect.provide(localeWith("en", unloadable)))
  )

  it.effect("a first locale that cannot load renders in English rather than nothing", () =>
    Effect.gen(function* () {
      const state = yield* whenReady
      assert.strictEqual(state.tag, "en")
      assert.strictEqual(state.dir, "ltr")
    }).pipe(Effect.provide(localeWith("ja", unloadable)))
  )
})
