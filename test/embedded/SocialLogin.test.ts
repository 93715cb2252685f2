// @vitest-environment happy-dom
/**
 * Social and Farcaster login (issue 14 item 3; THREATS.md T6) over a frame the test plays: the popup's
 * result counts only from the frame's origin and that popup (forged ones are ignored), the visitor closing
 * the popup cancels with 4001, a blocked popup says so, and the user is kept with who they signed in with.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { SOCIAL_RESULT, socialResult } from "../../src/layers/embedded/socialLogin"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import { AuthConnector, type LoginPopup } from "../../src/services/AuthConnector"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Storage } from "../../src/services/Storage"
import { makeMockEmbeddedWalletBridge } from "../../src/testing/mockEmbeddedWalletBridge"
import { ALICE } from "../kit/accounts"
import { decodedOptions, sandboxNetwork, withAuthConnector } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { eventuallyEffect, settle } from "../kit/waits"

const FRAME = "https://frame.example"
const RESULT_URI = `${FRAME}/social/callback?state=s&provider=google&code=c`
const user = {
  email: null,
  userName: "alice-google",
  address: ALICE,
  chainId: "eip155:31337"
}

const fakePopup = () => {
  const state = { closed: false, url: undefined as string | undefined }
  const window = { name: "the popup" }
  const popup: LoginPopup = {
    window,
    isClosed: () => state.closed,
    navigate: (url) => {
      state.url = url
    },
    close: () => {
      state.closed = true
    }
  }
  return { popup, window, state }
}

const post = (origin: string, source: unknown, data: unknown) =>
  Effect.sync(() =>
    globalThis.window.dispatchEvent(
      new MessageEvent("message", { origin, source: source as MessageEventSource, data })
    )
  )

const layerOf = (frame = makeMockEmbeddedWalletBridge()) =>
  withAuthConnector(
    StorageLive.pipe(
      Layer.provideMerge(
        Layer.merge(
          Layer.succeed(ModalConfig, decodedOptions({ networks: [sandboxNetwork], secureSiteOrigin: FRAME })),
          KeyValueStore.layerMemory
        )
      )
    ),
    frame
  ).pipe(Layer.provide(preloadedParts))

describe("social login", () => {
  it("takes a result only from the frame's origin, in its callback, from the popup", () => {
    const popup = { name: "popup" }
    const expected = { origin: FRAME, popup }
    const message = { type: SOCIAL_RESULT, resultUri: RESULT_URI }
    assert.strictEqual(socialResult({ origin: FRAME, source: popup, data: message }, expected), RESULT_URI)
    assert.isUndefined(
      socialResult({ origin: "https://evil.example", source: popup, data: message }, expected)
    )
    assert.isUndefined(socialResult({ origin: FRAME, source: { name: "other" }, data: message }, expected))
    assert.isUndefined(
      socialResult({ origin: FRAME, source: popup, data: { ...message, type: "x" } }, expected)
    )
    assert.isUndefined(
      socialResult(
        { origin: FRAME, source: popup, data: { ...message, resultUri: "https://evil.example/cb" } },
        expected
      )
    )
    assert.isUndefined(
      socialResult(
        { origin: FRAME, source: popup, data: { ...message, resultUri: `${FRAME}/${"a".repeat(5000)}` } },
        expected
      )
    )
  })

  it.effect("the provider's page in the popup, forged answers ignored, then the user, kept", () => {
    const frame = makeMockEmbeddedWalletBridge([
      ["GET_SOCIAL_REDIRECT_URI", () => Effect.succeed({ uri: "https://social.example/google/authorize" })],
      ["CONNECT_SOCIAL", () => Effect.succeed(user)]
    ])
    return Effect.gen(function* () {
      const auth = yield* AuthConnector
      const { popup, window: popupWindow, state } = fakePopup()
      const login = yield* Effect.forkChild(auth.loginWithSocial("google", popup))
      yield* eventuallyEffect(() => state.url !== undefined, "the popup's URL")
      assert.strictEqual(state.url, "https://social.example/google/authorize")
      assert.deepStrictEqual(yield* SubscriptionRef.get(auth.social), { _tag: "Popup", provider: "google" })
      yield* post("https://evil.example", popupWindow, { type: SOCIAL_RESULT, resultUri: RESULT_URI })
      yield* post(FRAME, { name: "another window" }, { type: SOCIAL_RESULT, resultUri: RESULT_URI })
      yield* settle
      assert.isFalse(frame.asked.some((a) => a.request === "CONNECT_SOCIAL"))
      yield* post(FRAME, popupWindow, { type: SOCIAL_RESULT, resultUri: RESULT_URI })
      yield* Fiber.join(login)
      assert.deepStrictEqual(frame.asked.at(-1), { request: "CONNECT_SOCIAL", payload: { uri: RESULT_URI } })
      assert.isTrue(state.closed)
      assert.strictEqual((yield* SubscriptionRef.get(auth.social))._tag, "LoggedIn")
      const storage = yield* Storage
      assert.deepStrictEqual(
        yield* storage.get(EmbeddedStorageKeys.connectedSocialProvider),
        Option.some("google")
      )
      assert.deepStrictEqual(
        yield* storage.get(EmbeddedStorageKeys.socialUsername),
        Option.some("alice-google")
      )
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("closing the popup cancels with 4001; a blocked popup says so", () => {
    const frame = makeMockEmbeddedWalletBridge([
      ["GET_SOCIAL_REDIRECT_URI", () => Effect.succeed({ uri: "https://social.example/x/authorize" })]
    ])
    return Effect.gen(function* () {
      const auth = yield* AuthConnector
      const { popup, state } = fakePopup()
      const login = yield* Effect.forkChild(Effect.flip(auth.loginWithSocial("x", popup)))
      yield* eventuallyEffect(() => state.url !== undefined, "the popup's URL")
      state.closed = true
      yield* TestClock.adjust("1 second")
      const cancelled = yield* Fiber.join(login)
      assert.strictEqual(cancelled._tag, "UserRejectedRequestError")
      const failed = yield* SubscriptionRef.get(auth.social)
      assert.strictEqual(failed._tag === "Failed" && failed.provider, "x")
      const blocked = yield* Effect.flip(auth.loginWithSocial("x", undefined))
      assert.strictEqual(blocked.message, "Allow pop-ups for this site to continue")
    }).pipe(Effect.provide(layerOf(frame)))
  })

  it.effect("Farcaster: its link, then the approval, then the user", () => {
    const frame = makeMockEmbeddedWalletBridge([
      [
        "GET_FARCASTER_URI",
        () => Effect.succeed({ url: "https://social.example/farcaster/connect?channel=c" })
      ],
      ["CONNECT_FARCASTER", () => Effect.succeed({ ...user, userName: "carol" })]
    ])
    return Effect.gen(function* () {
      const auth = yield* AuthConnector
      yield* auth.loginWithFarcaster
      assert.strictEqual((yield* SubscriptionRef.get(auth.social))._tag, "LoggedIn")
      const storage = yield* Storage
      assert.deepStrictEqual(
        yield* storage.get(EmbeddedStorageKeys.connectedSocialProvider),
        Option.some("farcaster")
      )
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.socialUsername), Option.some("carol"))
    }).pipe(Effect.provide(layerOf(frame)))
  })
})
