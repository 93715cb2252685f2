import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LocaleUnavailableError } from "../../errors"
import { englishLocale } from "../../modalDefaults"
import { Locale, type LocaleShape, type LocaleState } from "../../services/Locale"
import { ModalConfig } from "../../services/ModalConfig"
import { lazyImplementation, lazyPart } from "../runtime/lazy"

/** Changing the locale: how a request resolves, and the catalogs of the locales other than English. */
export const LocaleCatalogs = lazyPart("@airlock/Locale.lazy", () => import("./Locale.lazy"))

export const makeLocale = Effect.gen(function* () {
  const config = yield* ModalConfig
  const english = config.locale === "en"
  // Another first locale renders nothing until it is known and loaded: no English first.
  const state = yield* SubscriptionRef.make<LocaleState>({ ...englishLocale, ready: english })
  const setter = yield* lazyImplementation(LocaleCatalogs, (module) =>
    Effect.succeed(module.makeSetLocale(state))
  )
  const set: LocaleShape["set"] = (requested) =>
    Effect.flatMap(
      Effect.mapError(setter, (cause) => new LocaleUnavailableError({ locale: requested, cause })),
      (setLocale) => setLocale(requested)
    )
  // A first locale that cannot load leaves English rather than nothing.
  if (!english)
    yield* Effect.forkScoped(
      Effect.ignore(Effect.tapError(set(config.locale), () => SubscriptionRef.set(state, englishLocale)))
    )
  return Locale.of({ state, set })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const LocaleLive = Layer.effect(Locale, makeLocale)
