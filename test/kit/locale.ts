/**
 * The modal's language for tests of services that word what they show (Notifications): held still, English
 * unless a test gives another locale's state, and `setLocale` loads nothing.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { NotificationsLive } from "../../src/layers/modal/NotificationsLive"
import { Locale, type LocaleState } from "../../src/services/Locale"

export const ENGLISH: LocaleState = { tag: "en", dir: "ltr", catalog: undefined, ready: true }

/** A Locale over `state`, which only the test moves. */
export const fixedLocale = (state: LocaleState = ENGLISH): Layer.Layer<Locale> =>
  Layer.effect(
    Locale,
    Effect.map(SubscriptionRef.make(state), (ref) =>
      Locale.of({ state: ref, set: () => Effect.succeed(state.tag) })
    )
  )

/** NotificationsLive speaking English, with its Locale. */
export const englishNotifications = NotificationsLive.pipe(Layer.provideMerge(fixedLocale()))
