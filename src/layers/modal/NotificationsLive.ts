import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type Presentation, present } from "../../presentation"
import { Locale } from "../../services/Locale"
import { type Notice, Notifications } from "../../services/Notifications"

/** How long a toast stays on screen. */
export const TOAST_DURATION = Duration.millis(2500)

/** At most this many toasts at once: a burst of failures must not bury the modal. */
export const MAX_TOASTS = 3

const sameNotice = (a: Presentation, b: Presentation) =>
  a.kind === b.kind && a.message === b.message && a.description === b.description

/** Adds a notice unless an identical one is already showing; old toasts give way to new ones. */
export const withNotice = (notices: ReadonlyArray<Notice>, notice: Notice): ReadonlyArray<Notice> => {
  if (notices.some((n) => sameNotice(n, notice))) return notices
  const next = [...notices, notice]
  const toasts = next.filter((n) => n.kind === "toast")
  const overflow = toasts.length - MAX_TOASTS
  if (overflow <= 0) return next
  const dropped = new Set(toasts.slice(0, overflow).map((n) => n.id))
  return next.filter((n) => !dropped.has(n.id))
}

export const makeNotifications = Effect.gen(function* () {
  const locale = yield* Locale
  const notices = yield* SubscriptionRef.make<ReadonlyArray<Notice>>([])
  const scope = yield* Effect.scope
  let nextId = 0

  const dismiss = (id: number) => SubscriptionRef.update(notices, (all) => all.filter((n) => n.id !== id))

  const display = (presentation: Presentation) =>
    Effect.gen(function* () {
      const notice: Notice = { ...presentation, id: ++nextId }
      yield* SubscriptionRef.update(notices, (all) => withNotice(all, notice))
      if (notice.kind === "toast") yield* Effect.delay(dismiss(notice.id), TOAST_DURATION)
    })

  const show = (presentation: Presentation) =>
    Effect.asVoid(
      Effect.forkIn(Effect.delay(display(presentation), Duration.millis(presentation.delayMs)), scope)
    )

  return Notifications.of({
    notices,
    show,
    // In the locale the modal speaks when the error happens.
    showError: (error) =>
      Effect.flatMap(SubscriptionRef.get(locale.state), ({ catalog }) => show(present(error, catalog))),
    dismiss
  })
})

/**
 * Needs `Locale`: an error's notice is in the modal's language.
 *
 * @since 0.1.0
 * @category layers
 */
export const NotificationsLive = Layer.effect(Notifications, makeNotifications)
