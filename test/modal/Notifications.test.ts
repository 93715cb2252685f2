import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { MethodNotAllowedError } from "../../src/errors"
import { MAX_TOASTS, NotificationsLive, withNotice } from "../../src/layers/modal/NotificationsLive"
import { catalog as de } from "../../src/messages/compiled/de"
import { present } from "../../src/presentation"
import { type Notice, Notifications } from "../../src/services/Notifications"
import { englishNotifications, fixedLocale } from "../kit/locale"

const messages = Effect.flatMap(Notifications, (n) => SubscriptionRef.get(n.notices)).pipe(
  Effect.map((all) => all.map((n) => n.message))
)

describe("Notifications", () => {
  it.effect("shows a disallowed-method toast 300 ms after asking, then hides it", () =>
    Effect.gen(function* () {
      const notifications = yield* Notifications
      yield* notifications.showError(new MethodNotAllowedError({ method: "eth_sign" }))
      yield* TestClock.adjust("299 millis")
      assert.deepStrictEqual(yield* messages, [])
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(yield* messages, [
        present(new MethodNotAllowedError({ method: "eth_sign" })).message
      ])
      yield* TestClock.adjust("2500 millis")
      assert.deepStrictEqual(yield* messages, [])
    }).pipe(Effect.provide(englishNotifications))
  )

  it.effect("words an error in the language the modal speaks", () =>
    Effect.gen(function* () {
      const notifications = yield* Notifications
      yield* notifications.showError(new MethodNotAllowedError({ method: "eth_sign" }))
      yield* TestClock.adjust("300 millis")
      assert.deepStrictEqual(yield* messages, [de.errors.methodNotAllowed()])
      assert.notStrictEqual(de.errors.methodNotAllowed(), "Action not allowed")
    }).pipe(
      Effect.provide(
        NotificationsLive.pipe(
          Layer.provide(fixedLocale({ tag: "de", dir: "ltr", catalog: de, ready: true }))
        )
      )
    )
  )

  it.effect("keeps alerts until dismissed", () =>
    Effect.gen(function* () {
      const notifications = yield* Notifications
      yield* notifications.show({ kind: "alert", variant: "error", message: "Network Not Found", delayMs: 0 })
      yield* TestClock.adjust("1 minute")
      const [alert] = yield* SubscriptionRef.get(notifications.notices)
      assert.strictEqual(alert?.message, "Network Not Found")
      if (alert !== undefined) yield* notifications.dismiss(alert.id)
      assert.deepStrictEqual(yield* messages, [])
    }).pipe(Effect.provide(englishNotifications))
  )

  it("shows one copy of a repeated notice and at most a few toasts", () => {
    const toast = (id: number, message: string): Notice => ({
      id,
      kind: "toast",
      variant: "error",
      message,
      delayMs: 0
    })
    const once = withNotice(withNotice([], toast(1, "a")), toast(2, "a"))
    assert.deepStrictEqual(
      once.map((n) => n.id),
      [1]
    )
    let many: ReadonlyArray<Notice> = []
    for (let i = 0; i < 10; i++) many = withNotice(many, toast(i, `m${i}`))
    assert.strictEqual(many.length, MAX_TOASTS)
    assert.strictEqual(many[many.length - 1]?.message, "m9")
  })
})
