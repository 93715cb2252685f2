/**
 * The email login, loaded with the embedded wallet's code: the frame is told the email, then the device
 * approval or the code it asks for, then the user is fetched (SPEC.md §4); one email the frame accepted
 * per 30 s, kept across reloads (`lastEmailLoginTime`); an email update takes the current address's code, then the new
 * one's. What the frame answers is decoded; its refusals are the catalogue's `FrameRequestError`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Semaphore from "effect/Semaphore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginCooldownError } from "../../errors"
import { decodeUnknownEffect, SchemaDecodeError } from "../../schemas/decode"
import { Email } from "../../schemas/Email"
import { EmbeddedStorageKeys } from "../../schemas/EmbeddedStorageKeys"
import { EmbeddedWalletUser } from "../../schemas/EmbeddedWallet"
import { StorageKeys } from "../../schemas/StorageKeys"
import type {
  EmailLoginError,
  EmailLoginShape,
  EmailLoginState,
  EmailUpdateState
} from "../../services/EmailLogin"
import { EmbeddedWalletBridge } from "../../services/EmbeddedWalletBridge"
import { ModalConfig } from "../../services/ModalConfig"
import { Storage } from "../../services/Storage"
import { connectEmailAction, cooldownSeconds, updatedEmail, updateEmailAction } from "./emailRules"
import { lastUsedChain } from "./frameChain"

/** SPEC.md §9 (AppKit's figure): signing out does not wait on the frame longer than this. */
const SIGN_OUT_WAIT = "3 seconds"

const decodeEmail = decodeUnknownEffect(Email, "Email")
const decodeUser = decodeUnknownEffect(EmbeddedWalletUser, "The embedded wallet's user")

/** An answer of the frame that is none of those expected. */
const unexpected = (what: string) =>
  new SchemaDecodeError({ subject: what, message: `${what}: unexpected answer` })

const required = <A>(option: Option.Option<A>, what: string): Effect.Effect<A, SchemaDecodeError> =>
  Option.match(option, { onNone: () => Effect.fail(unexpected(what)), onSome: Effect.succeed })

export const makeEmailLogin = (
  state: SubscriptionRef.SubscriptionRef<EmailLoginState>,
  update: SubscriptionRef.SubscriptionRef<EmailUpdateState>
) =>
  Effect.gen(function* () {
    const bridge = yield* EmbeddedWalletBridge
    const storage = yield* Storage
    const config = yield* ModalConfig
    const submitting = yield* Semaphore.make(1)

    const failed = (email: string | undefined) => (error: EmailLoginError) =>
      Effect.andThen(SubscriptionRef.set(state, { _tag: "Failed", email, error }), Effect.fail(error))

    const fetchUser = (email: string) =>
      Effect.gen(function* () {
        yield* SubscriptionRef.set(state, { _tag: "Verifying", email })
        const stored = Option.getOrUndefined(yield* storage.get(EmbeddedStorageKeys.preferredAccountTypes))
        const answer = yield* bridge.request("GET_USER", {
          chainId: yield* lastUsedChain(storage, config.networks),
          preferredAccountType: stored?.eip155 ?? config.defaultAccountTypes.eip155
        })
        const user = yield* decodeUser(answer)
        yield* storage.set(EmbeddedStorageKeys.email, email)
        yield* storage.set(EmbeddedStorageKeys.emailLoginUsed, true)
        yield* SubscriptionRef.set(state, { _tag: "LoggedIn", user })
      })

    /**
     * Tells the frame the email, unless one was accepted in the last 30 s. The cooldown starts when the
     * frame accepts the email (as AppKit's does): a frame that did not load, or refused, sent no mail, so
     * the visitor may try again at once. Submits take turns up to that point, so two at once send one.
     */
    const sendEmail = (email: string) =>
      submitting.withPermits(1)(
        Effect.gen(function* () {
          const seconds = cooldownSeconds(
            yield* Clock.currentTimeMillis,
            Option.getOrUndefined(yield* storage.get(EmbeddedStorageKeys.lastEmailLoginTime))
          )
          if (seconds !== undefined) return yield* Effect.fail(new EmailLoginCooldownError({ seconds }))
          yield* SubscriptionRef.set(state, { _tag: "Sending", email })
          const answer = yield* bridge.request("CONNECT_EMAIL", { email }).pipe(Effect.catch(failed(email)))
          yield* storage.set(EmbeddedStorageKeys.lastEmailLoginTime, yield* Clock.currentTimeMillis)
          return answer
        })
      )

    const submitEmail: EmailLoginShape["submitEmail"] = (raw) =>
      Effect.gen(function* () {
        const email = yield* decodeEmail(raw.trim())
        const answer = yield* sendEmail(email)
        yield* Effect.gen(function* () {
          const action = yield* required(connectEmailAction(answer), "The embedded wallet's next step")
          if (action === "CONNECT") return yield* fetchUser(email)
          if (action === "VERIFY_DEVICE") {
            yield* SubscriptionRef.set(state, { _tag: "ApproveDevice", email })
            yield* bridge.request("CONNECT_DEVICE")
          }
          yield* SubscriptionRef.set(state, { _tag: "EnterCode", email })
        }).pipe(Effect.catch(failed(email)))
      })

    const submitCode: EmailLoginShape["submitCode"] = (code) =>
      Effect.gen(function* () {
        const now = yield* SubscriptionRef.get(state)
        if (now._tag !== "EnterCode") return
        const { email } = now
        yield* SubscriptionRef.set(state, { _tag: "Verifying", email })
        // A wrong code leaves the login waiting for another; the frame's words say why.
        yield* bridge.request("CONNECT_OTP", { otp: code.trim() }).pipe(
          Effect.tapError(() => SubscriptionRef.set(state, { _tag: "EnterCode", email })),
          Effect.andThen(fetchUser(email).pipe(Effect.catch(failed(email))))
        )
      })

    const updateEmail: EmailLoginShape["updateEmail"] = (raw) =>
      Effect.gen(function* () {
        const email = yield* decodeEmail(raw.trim())
        const action = yield* required(
          updateEmailAction(yield* bridge.request("UPDATE_EMAIL", { email })),
          "The embedded wallet's next step"
        )
        yield* SubscriptionRef.set(
          update,
          action === "VERIFY_PRIMARY_OTP" ? { _tag: "PrimaryCode", email } : { _tag: "SecondaryCode", email }
        )
      })

    const submitUpdateCode: EmailLoginShape["submitUpdateCode"] = (code) =>
      Effect.gen(function* () {
        const now = yield* SubscriptionRef.get(update)
        if (now._tag === "PrimaryCode") {
          yield* bridge.request("UPDATE_EMAIL_PRIMARY_OTP", { otp: code.trim() })
          return yield* SubscriptionRef.set(update, { _tag: "SecondaryCode", email: now.email })
        }
        if (now._tag !== "SecondaryCode") return
        const email = yield* required(
          updatedEmail(yield* bridge.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: code.trim() })),
          "The updated email"
        )
        yield* storage.set(EmbeddedStorageKeys.email, email)
        yield* SubscriptionRef.set(update, { _tag: "Updated", email })
        yield* SubscriptionRef.update(
          state,
          (s): EmailLoginState =>
            s._tag === "LoggedIn" ? { _tag: "LoggedIn", user: { ...s.user, email } } : s
        )
      })

    // Logout clears what was kept of the login (SPEC.md §4), whatever the frame answers.
    const signOut: EmailLoginShape["signOut"] = Effect.gen(function* () {
      yield* Effect.ignore(Effect.timeout(bridge.request("SIGN_OUT"), SIGN_OUT_WAIT))
      yield* storage.remove(EmbeddedStorageKeys.email)
      yield* storage.remove(EmbeddedStorageKeys.emailLoginUsed)
      yield* storage.remove(EmbeddedStorageKeys.connectedSocialProvider)
      yield* storage.remove(EmbeddedStorageKeys.socialUsername)
      yield* storage.remove(EmbeddedStorageKeys.smartAccountEnabledNetworks)
      yield* storage.remove(StorageKeys.lastUsedChain)
      yield* SubscriptionRef.set(state, { _tag: "Idle" })
      yield* SubscriptionRef.set(update, { _tag: "Idle" })
    })

    return { submitEmail, submitCode, updateEmail, submitUpdateCode, signOut }
  })
