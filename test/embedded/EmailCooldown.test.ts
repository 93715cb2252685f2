// @vitest-environment happy-dom
/**
 * The email login's 30 s cooldown over the real bridge, in a page (issue 29 item 4; SPEC.md §5, §8): it
 * starts when the frame accepts the email, so a frame that never loaded ('Network Error - Could not load
 * embedded wallet') leaves the visitor free to try again at once; an accepted email holds the next one
 * off for 30 s, 'Please try again after {n} seconds' with n rounded up. The frame's end is played over a
 * real MessageChannel; time is the TestClock.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { beforeAll } from "vitest"
import { EmailLoginLive } from "../../src/layers/embedded/EmailLoginLive"
import { EmbeddedWalletBridgeLive } from "../../src/layers/embedded/EmbeddedWalletBridgeLive"
import { LegalConsentLive } from "../../src/layers/legal/LegalConsentLive"
import { ThemeLive } from "../../src/layers/modal/ThemeLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { present } from "../../src/presentation"
import { EmailLogin } from "../../src/services/EmailLogin"
import { ModalConfig } from "../../src/services/ModalConfig"
import { decodedOptions } from "../kit/fixtures"
import { greetFrame, serveEmptyFramePages } from "../kit/framePort"
import { preloadedParts } from "../kit/lazyParts"
import { eventually, untilTagged } from "../kit/waits"

const FRAME_ORIGIN = "https://frame.example"

beforeAll(serveEmptyFramePages)

const build = Effect.gen(function* () {
  const below = Layer.mergeAll(EmbeddedWalletBridgeLive, StorageLive).pipe(
    Layer.provideMerge(ThemeLive),
    Layer.provideMerge(
      Layer.merge(
        Layer.succeed(ModalConfig, decodedOptions({ secureSiteOrigin: FRAME_ORIGIN })),
        KeyValueStore.layerMemory
      )
    )
  )
  const context = yield* Layer.build(
    Layer.provideMerge(EmailLoginLive, Layer.provideMerge(LegalConsentLive, below)).pipe(
      Layer.provide(preloadedParts)
    )
  )
  return Context.get(context, EmailLogin)
})

/** The frame the bridge has mounted now (the DOM under happy-dom cannot signal it). */
const mountedFrame = Effect.promise(async () => {
  await eventually(() => document.querySelectorAll("iframe").length === 1, "a frame mounted")
  return document.querySelector("iframe") as HTMLIFrameElement
})

/** Greets as the frame and accepts the next email it is told: a code is on its way. */
const frameAcceptingEmail = Effect.gen(function* () {
  const port = greetFrame(yield* mountedFrame, FRAME_ORIGIN)
  yield* port.untilAsked(1)
  const [asked] = port.asked
  assert.strictEqual(asked?.type, "@w3m-app/CONNECT_EMAIL")
  port.send({ type: "@w3m-frame/CONNECT_EMAIL_SUCCESS", id: asked!.id, payload: { action: "VERIFY_OTP" } })
  return port
})

describe("the email login's cooldown", () => {
  it.effect("a retry after the frame failed to load is accepted at once", () =>
    Effect.gen(function* () {
      const login = yield* build
      const first = yield* Effect.forkChild(Effect.flip(login.submitEmail("ada@example.com")))
      yield* mountedFrame
      yield* TestClock.adjust(Duration.seconds(20))
      const failed = yield* Fiber.join(first)
      assert.strictEqual(present(failed).message, "Network Error - Could not load embedded wallet")

      const retry = yield* Effect.forkChild(login.submitEmail("ada@example.com"))
      const port = yield* frameAcceptingEmail
      yield* Fiber.join(retry)
      assert.deepStrictEqual(yield* SubscriptionRef.get(login.state), {
        _tag: "EnterCode",
        email: "ada@example.com"
      })
      port.close()
    }).pipe(Effect.scoped)
  )

  it.effect("after an accepted email, another within 30 s is refused with the seconds left", () =>
    Effect.gen(function* () {
      const login = yield* build
      const first = yield* Effect.forkChild(login.submitEmail("ada@example.com"))
      // The frame takes 5 s to accept: the 30 s count from its answer, not from the submit.
      const port = greetFrame(yield* mountedFrame, FRAME_ORIGIN)
      yield* port.untilAsked(1)
      yield* TestClock.adjust(Duration.seconds(5))
      port.send({
        type: "@w3m-frame/CONNECT_EMAIL_SUCCESS",
        id: port.asked[0]!.id,
        payload: { action: "VERIFY_OTP" }
      })
      yield* Fiber.join(first)
      yield* untilTagged(login.state, "EnterCode")

      yield* TestClock.adjust(Duration.millis(29_001))
      const refused = yield* Effect.flip(login.submitEmail("grace@example.com"))
      assert.strictEqual(refused._tag, "EmailLoginCooldownError")
      assert.strictEqual(present(refused).message, "Please try again after 1 seconds")
      assert.strictEqual(port.asked.length, 1, "nothing more was sent to the frame")

      yield* TestClock.adjust(Duration.millis(999))
      const again = yield* Effect.forkChild(login.submitEmail("grace@example.com"))
      yield* port.untilAsked(2)
      assert.deepStrictEqual(port.asked[1]?.payload, { email: "grace@example.com" })
      port.send({
        type: "@w3m-frame/CONNECT_EMAIL_SUCCESS",
        id: port.asked[1]!.id,
        payload: { action: "VERIFY_OTP" }
      })
      yield* Fiber.join(again)
      port.close()
    }).pipe(Effect.scoped)
  )
})
