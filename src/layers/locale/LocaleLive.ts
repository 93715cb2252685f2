import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LocaleUnavailableError } from "../../errors"
import { Locale, type LocaleState } from "../../services/Locale"
import { ModalConfig } from "../../services/ModalConfig"
import { lazyImplementation, lazyPart } from "../runtime/lazy"

/** How a request resolves, and the catalogs of the locales other than English. */
export const LocaleCatalogs = lazyPart("@airlock/Locale.lazy", () => import("./Locale.lazy"))

const ENGLISH: LocaleState = { tag: "en", dir: "ltr", catalog: undefined, ready: true }

export const makeLocale = Effect.gen(function* () {
  const config = yield* ModalConfig
  const state = yield* SubscriptionRef.make(ENGLISH)
  const catalogs = yield* lazyImplementation(LocaleCatalogs, Effect.succeed)
  // The latest request wins: a slow catalog that arrives after a newer request is not shown.
  let latest = 0

  // English, the default, needs no load; any other request resolves in the lazy part.
  const load = (requested: string): Effect.Effect<LocaleState, LocaleUnavailableError> =>
    requested === "en"
      ? Effect.succeed(ENGLISH)
      : Effect.mapError(
          Effect.flatMap(catalogs, (module) => Effect.tryPromise(() => module.localeFor(requested))),
          (cause) => new LocaleUnavailableError({ locale: requested, cause })
        )

  const set = (requested: string) =>
    Effect.suspend(() => {
      const request = ++latest
      return Effect.flatMap(load(requested), (next) =>
        Effect.as(request === latest ? SubscriptionRef.set(state, next) : Effect.void, next.tag)
      ).pipe(
        // The first locale failed to load: English renders rather than nothing.
        Effect.tapError(() => SubscriptionRef.update(state, (s) => (s.ready ? s : ENGLISH)))
      )
    })

  if (config.locale !== "en") {
    // Nothing renders until the first locale is known and loaded: no English first.
    yield* SubscriptionRef.set(state, { ...ENGLISH, ready: false })
    yield* Effect.forkScoped(Effect.ignore(set(config.locale)))
  }

  return Locale.of({ state, set })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const LocaleLive = Layer.effect(Locale, makeLocale)
