/**
 * The email login over a bridge the test plays (issue 14 item 3; SPEC.md §4, §5): a new user's code, a
 * known device's direct connect, a new device's approval then code, a wrong code that leaves the login
 * waiting, the 30 s cooldown (rounded up, kept across a new instance), the email update with both codes, a
 * sign-out the frame never answers, and answers of the wrong shape.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { FrameRequestError } from "../../src/errors"
import { EmailLoginLive } from "../../src/layers/embedded/EmailLoginLive"
import { LegalConsentLive } from "../../src/layers/legal/LegalConsentLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import { EmailLogin, type EmailLoginState } from "../../src/services/EmailLogin"
import type { AppRequest } from "../../src/services/EmbeddedWalletBridge"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Storage } from "../../src/services/Storage"
import {
  type MockFrameAnswer,
  makeMockEmbeddedWalletBridge
} from "../../src/testing/mockEmbeddedWalletBridge"
import { decodedOptions } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"

const ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const user = {
  email: "ada@example.com",
  address: ADDRESS,
  chainId: "eip155:31337",
  smartAccountDeployed: false
}

type Answer = MockFrameAnswer

/** The email login over a frame whose answers are `answers`; what it was asked is recorded. */
const world = (answers: ReadonlyArray<readonly [AppRequest, Answer]>, kept = KeyValueStore.layerMemory) =>
  Effect.gen(function* () {
    const { asked, layer: bridge } = makeMockEmbeddedWalletBridge(answers)
    const below = Layer.mergeAll(bridge, StorageLive).pipe(
      Layer.provideMerge(Layer.merge(Layer.succeed(ModalConfig, decodedOptions()), kept))
    )
    const context = yield* Layer.build(
      Layer.provideMerge(EmailLoginLive, Layer.provideMerge(LegalConsentLive, below)).pipe(
        Layer.provide(preloadedParts)
      )
    )
    return { login: Context.get(context, EmailLogin), storage: Context.get(context, Storage), asked }
  })

const stateOf = (login: EmailLogin["Service"]) => SubscriptionRef.get(login.state)
const tag = (state: EmailLoginState) => state._tag

describe("EmailLogin", () => {
  it.effect("a new user: the code from the mail, a wrong one first; the user is fetched and kept", () =>
    Effect.gen(function* () {
      const { login, storage, asked } = yield* world([
        ["CONNECT_EMAIL", () => Effect.succeed({ action: "VERIFY_OTP" })],
        [
          "CONNECT_OTP",
          (payload) =>
            (payload as { otp: string }).otp === "123456"
              ? Effect.succeed({})
              : Effect.fail(new FrameRequestError({ request: "CONNECT_OTP", frameMessage: "Invalid code" }))
        ],
        ["GET_USER", () => Effect.succeed(user)]
      ])
      yield* login.submitEmail("  ada@example.com ")
      assert.deepStrictEqual(yield* stateOf(login), { _tag: "EnterCode", email: "ada@example.com" })
      const wrong = yield* Effect.flip(login.submitCode("000000"))
      assert.strictEqual(wrong.message, "Invalid code")
      assert.strictEqual(tag(yield* stateOf(login)), "EnterCode")
      yield* login.submitCode(" 123456 ")
      const now = yield* stateOf(login)
      assert.strictEqual(now._tag === "LoggedIn" && now.user.address, ADDRESS)
      assert.deepStrictEqual(asked.at(-1), {
        request: "GET_USER",
        payload: { chainId: "eip155:31337", preferredAccountType: "smartAccount" }
      })
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.email), Option.some("ada@example.com"))
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.emailLoginUsed), Option.some(true))
    }).pipe(Effect.scoped)
  )

  it.effect("a known device connects at once; a new device waits for its approval, then a code", () =>
    Effect.gen(function* () {
      const known = yield* world([
        ["CONNECT_EMAIL", () => Effect.succeed({ action: "CONNECT" })],
        ["GET_USER", () => Effect.succeed(user)]
      ])
      yield* known.login.submitEmail("ada@example.com")
      assert.strictEqual(tag(yield* stateOf(known.login)), "LoggedIn")

      const approved = yield* Deferred.make<void>()
      const fresh = yield* world([
        ["CONNECT_EMAIL", () => Effect.succeed({ action: "VERIFY_DEVICE" })],
        ["CONNECT_DEVICE", () => Effect.as(Deferred.await(approved), {})]
      ])
      const submitting = yield* Effect.forkChild(fresh.login.submitEmail("ada@example.com"))
      yield* Effect.yieldNow
      while (tag(yield* stateOf(fresh.login)) !== "ApproveDevice") yield* Effect.yieldNow
      yield* Deferred.succeed(approved, undefined)
      yield* Fiber.join(submitting)
      assert.deepStrictEqual(yield* stateOf(fresh.login), { _tag: "EnterCode", email: "ada@example.com" })
    }).pipe(Effect.scoped)
  )

  it.effect(
    "a second login within 30 s is refused with the seconds left, rounded up, even after a reload",
    () =>
      Effect.gen(function* () {
        const kept = KeyValueStore.layerMemory
        const storeLayer = yield* Layer.build(kept)
        const sameStore = Layer.succeedContext(storeLayer)
        const answers: ReadonlyArray<readonly [AppRequest, Answer]> = [
          ["CONNECT_EMAIL", () => Effect.succeed({ action: "VERIFY_OTP" })]
        ]
        const first = yield* world(answers, sameStore)
        yield* first.login.submitEmail("ada@example.com")
        yield* TestClock.adjust(Duration.millis(12_400))
        const refused = yield* Effect.flip(first.login.submitEmail("ada@example.com"))
        assert.strictEqual(refused.message, "Please try again after 18 seconds")

        const reloaded = yield* world(answers, sameStore)
        yield* TestClock.adjust(Duration.millis(17_599))
        assert.strictEqual(
          (yield* Effect.flip(reloaded.login.submitEmail("ada@example.com"))).message,
          "Please try again after 1 seconds"
        )
        yield* TestClock.adjust(Duration.millis(1))
        yield* reloaded.login.submitEmail("ada@example.com")
        assert.strictEqual(reloaded.asked.length, 1)
      }).pipe(Effect.scoped)
  )

  it.effect("an email update takes the current address's code, then the new one's", () =>
    Effect.gen(function* () {
      const { login, storage, asked } = yield* world([
        ["UPDATE_EMAIL", () => Effect.succeed({ action: "VERIFY_PRIMARY_OTP" })],
        ["UPDATE_EMAIL_PRIMARY_OTP", () => Effect.succeed({})],
        ["UPDATE_EMAIL_SECONDARY_OTP", () => Effect.succeed({ newEmail: "grace@example.com" })]
      ])
      yield* login.updateEmail("grace@example.com")
      assert.deepStrictEqual(yield* SubscriptionRef.get(login.update), {
        _tag: "PrimaryCode",
        email: "grace@example.com"
      })
      yield* login.submitUpdateCode("111111")
      assert.strictEqual((yield* SubscriptionRef.get(login.update))._tag, "SecondaryCode")
      yield* login.submitUpdateCode("222222")
      assert.deepStrictEqual(yield* SubscriptionRef.get(login.update), {
        _tag: "Updated",
        email: "grace@example.com"
      })
      assert.deepStrictEqual(
        asked.map((a) => a.request),
        ["UPDATE_EMAIL", "UPDATE_EMAIL_PRIMARY_OTP", "UPDATE_EMAIL_SECONDARY_OTP"]
      )
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.email), Option.some("grace@example.com"))
    }).pipe(Effect.scoped)
  )

  it.effect("signing out forgets the login within 3 s even when the frame never answers", () =>
    Effect.gen(function* () {
      const { login, storage } = yield* world([
        ["CONNECT_EMAIL", () => Effect.succeed({ action: "CONNECT" })],
        ["GET_USER", () => Effect.succeed(user)],
        ["SIGN_OUT", () => Effect.never]
      ])
      yield* login.submitEmail("ada@example.com")
      const signingOut = yield* Effect.forkChild(login.signOut)
      yield* TestClock.adjust(Duration.seconds(3))
      yield* Fiber.join(signingOut)
      assert.strictEqual(tag(yield* stateOf(login)), "Idle")
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.email), Option.none())
    }).pipe(Effect.scoped)
  )

  it.effect("an answer of another shape fails the login in words, never with the frame's data", () =>
    Effect.gen(function* () {
      const { login } = yield* world([["CONNECT_EMAIL", () => Effect.succeed({ action: "<script>" })]])
      const error = yield* Effect.flip(login.submitEmail("ada@example.com"))
      assert.strictEqual(error._tag, "SchemaDecodeError")
      assert.notInclude(error.message, "<script>")
      assert.strictEqual(tag(yield* stateOf(login)), "Failed")
      assert.strictEqual((yield* Effect.flip(login.submitEmail("not an email")))._tag, "SchemaDecodeError")
    }).pipe(Effect.scoped)
  )
})
