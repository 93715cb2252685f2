/**
 * Social and Farcaster login with the embedded wallet, loaded with the first one. A social login runs in
 * a popup the visitor's click opened: the frame names the provider's page, the popup goes there, and the
 * frame's callback page posts the result back to this window; only a message from the frame's origin and
 * that popup counts (THREATS.md T6). Farcaster shows a link to open or scan and waits for the approval.
 * Either way the frame then answers the user, kept as SPEC.md §3 lists (social provider and username).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { FrameTimeoutError, SocialLoginPopupError, UserRejectedRequestError } from "../../errors"
import { decodeUnknownEffect } from "../../schemas/decode"
import { EmbeddedStorageKeys } from "../../schemas/EmbeddedStorageKeys"
import { EmbeddedWalletUser } from "../../schemas/EmbeddedWallet"
import type { SocialProvider } from "../../schemas/Kinds"
import { HttpUrl } from "../../schemas/Primitives"
import type {
  AuthConnectorShape,
  LoginPopup,
  SocialLoginError,
  SocialLoginState
} from "../../services/AuthConnector"
import { EmbeddedWalletBridge } from "../../services/EmbeddedWalletBridge"
import { ModalConfig } from "../../services/ModalConfig"
import { Storage } from "../../services/Storage"
import { firstWindowMessage, windowMessages } from "./frameChannel"

/** What the frame's callback page posts to the window that opened the popup. */
export const SOCIAL_RESULT = "@w3m-social/RESULT"
/** The visitor has this long to sign in with the provider. */
export const SOCIAL_LOGIN_TIMEOUT = Duration.minutes(5)
/** How often a closed popup is noticed (a closed window sends no event to its opener). */
const POPUP_CHECK = Duration.millis(500)
const MAX_RESULT_URI = 4096
/** Window messages waiting to be read while the popup is open; past this, a flood is dropped. */
const RESULT_INBOX = 64

const decodeUser = decodeUnknownEffect(EmbeddedWalletUser, "The embedded wallet's user")
const decodeRedirect = decodeUnknownEffect(Schema.Struct({ uri: HttpUrl }), "The provider's page")
const decodeFarcaster = decodeUnknownEffect(Schema.Struct({ url: HttpUrl }), "The Farcaster link")

/** The result URI a window message carries, when it is the frame's callback page speaking from `popup`. */
export const socialResult = (
  event: { readonly origin: string; readonly source: unknown; readonly data: unknown },
  expected: { readonly origin: string; readonly popup: unknown }
): string | undefined => {
  if (event.origin !== expected.origin || event.source !== expected.popup) return undefined
  const data = event.data
  if (typeof data !== "object" || data === null) return undefined
  const { type, resultUri } = data as { readonly type?: unknown; readonly resultUri?: unknown }
  if (type !== SOCIAL_RESULT || typeof resultUri !== "string" || resultUri.length > MAX_RESULT_URI)
    return undefined
  return resultUri.startsWith(`${expected.origin}/`) ? resultUri : undefined
}

const cancelled = () =>
  new UserRejectedRequestError({ code: 4001, message: "The sign-in window was closed", cause: undefined })

export const makeSocialLogin = (social: SubscriptionRef.SubscriptionRef<SocialLoginState>) =>
  Effect.gen(function* () {
    const bridge = yield* EmbeddedWalletBridge
    const storage = yield* Storage
    const { secureSiteOrigin } = yield* ModalConfig

    /** The popup's result, read from this window's messages; the visitor closing it cancels. */
    const awaitResult = (popup: LoginPopup) =>
      Effect.gen(function* () {
        const result = firstWindowMessage(
          windowMessages,
          (event) => Effect.succeed(socialResult(event, { origin: secureSiteOrigin, popup: popup.window })),
          RESULT_INBOX
        )
        const closed: Effect.Effect<void> = Effect.suspend(() =>
          popup.isClosed() ? Effect.void : Effect.andThen(Effect.sleep(POPUP_CHECK), closed)
        )
        return yield* Effect.raceFirst(result, Effect.andThen(closed, Effect.fail(cancelled())))
      }).pipe(
        Effect.scoped,
        Effect.timeoutOrElse({
          duration: SOCIAL_LOGIN_TIMEOUT,
          orElse: () => Effect.fail(new FrameTimeoutError({ request: "CONNECT_SOCIAL" }))
        })
      )

    /** Keeps the user and who they signed in with (SPEC.md §3), and says the login is done. */
    const loggedIn = (provider: SocialProvider | "farcaster", answer: unknown) =>
      Effect.gen(function* () {
        const user = yield* decodeUser(answer)
        yield* storage.set(EmbeddedStorageKeys.connectedSocialProvider, provider)
        if (user.userName !== undefined) yield* storage.set(EmbeddedStorageKeys.socialUsername, user.userName)
        yield* SubscriptionRef.set(social, { _tag: "LoggedIn", user })
      })

    const failed =
      (provider: SocialProvider | "farcaster") =>
      (error: SocialLoginError): Effect.Effect<never, SocialLoginError> =>
        Effect.andThen(SubscriptionRef.set(social, { _tag: "Failed", provider, error }), Effect.fail(error))

    const loginWithSocial: AuthConnectorShape["loginWithSocial"] = (provider, popup) =>
      Effect.gen(function* (): Effect.fn.Return<void, SocialLoginError, never> {
        if (popup === undefined) return yield* Effect.fail(new SocialLoginPopupError({}))
        yield* SubscriptionRef.set(social, { _tag: "Popup", provider })
        const { uri } = yield* decodeRedirect(yield* bridge.request("GET_SOCIAL_REDIRECT_URI", { provider }))
        yield* Effect.sync(() => popup.navigate(uri))
        const resultUri = yield* awaitResult(popup)
        yield* SubscriptionRef.set(social, { _tag: "Connecting", provider })
        yield* loggedIn(provider, yield* bridge.request("CONNECT_SOCIAL", { uri: resultUri }))
      }).pipe(Effect.ensuring(Effect.sync(() => popup?.close())), Effect.catch(failed(provider)))

    const loginWithFarcaster: AuthConnectorShape["loginWithFarcaster"] = Effect.gen(function* () {
      yield* SubscriptionRef.set(social, { _tag: "Farcaster", url: undefined })
      const { url } = yield* decodeFarcaster(yield* bridge.request("GET_FARCASTER_URI"))
      yield* SubscriptionRef.set(social, { _tag: "Farcaster", url })
      const answer = yield* bridge.request("CONNECT_FARCASTER")
      yield* SubscriptionRef.set(social, { _tag: "Connecting", provider: "farcaster" })
      yield* loggedIn("farcaster", answer)
    }).pipe(Effect.catch(failed("farcaster")))

    return { loginWithSocial, loginWithFarcaster }
  })
