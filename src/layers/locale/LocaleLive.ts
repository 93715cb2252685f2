import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LocaleUnavailableError } from "../../errors"
import { directionOf, type LocaleTag, resolveLocale } from "../../messages/locales"
import { Locale, type LocaleState } from "../../services/Locale"
import { ModalConfig } from "../../services/ModalConfig"
import { lazyImplementation, lazyPart } from "../runtime/lazy"

/** The catalogs of the locales other than English. */
export const LocaleCatalogs = lazyPart("@airlock/Locale.lazy", () => import("./Locale.lazy"))

const browserLanguages = (): ReadonlyArray<string> => {
  try {
    const languages = globalThis.navigator?.languages
    // A page can give `navigator.languages` any value: only strings count, and only the first few.
    return Array.isArray(languages) ? languages.filter((l) => typeof l === "string").slice(0, 10) : []
  } catch {
    return []
  }
}

const ENGLISH: LocaleState = { tag: "en", dir: "ltr", catalog: undefined, ready: true }

export const makeLocale = Effect.gen(function* () {
  const config = yield* ModalConfig
  const state = yield* SubscriptionRef.make(ENGLISH)
  const catalogs = yield* lazyImplementation(LocaleCatalogs, Effect.succeed)
  // The latest request wins: a slow catalog that arrives after a newer request is not shown.
  let latest = 0

  const load = (tag: LocaleTag): Effect.Effect<LocaleState, LocaleUnavailableError> =>
    tag === "en"
      ? Effect.succeed(ENGLISH)
      : Effect.mapError(
          Effect.flatMap(catalogs, (module) => Effect.tryPromise(() => module.loadCatalog(tag))),
          (cause) => new LocaleUnavailableError({ locale: tag, cause })
        ).pipe(Effect.map((catalog) => ({ tag, dir: directionOf(tag), catalog, ready: true })))

  const set = (requested: string) =>
    Effect.suspend(() => {
      const request = ++latest
      const tag = resolveLocale(requested, browserLanguages())
      return Effect.flatMap(load(tag), (next) =>
        request === latest ? Effect.as(SubscriptionRef.set(state, next), tag) : Effect.succeed(tag)
      ).pipe(
        // The first locale failed to load: English renders rather than nothing.
        Effect.tapError(() => SubscriptionRef.update(state, (s) => (s.ready ? s : ENGLISH)))
      )
    })

  const initial = resolveLocale(config.locale, browserLanguages())
  if (initial !== "en") {
    yield* SubscriptionRef.set(state, { ...ENGLISH, tag: initial, dir: directionOf(initial), ready: false })
    yield* Effect.forkScoped(Effect.ignore(set(config.locale)))
  }

  return Locale.of({ state, set })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const LocaleLive = Layer.effect(Locale, makeLocale)
