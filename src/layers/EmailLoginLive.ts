import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginDependencyLoadError } from "../errors"
import { EmailLogin, type EmailLoginState, type EmailUpdateState } from "../services/EmailLogin"
import type { EmbeddedWalletBridge } from "../services/EmbeddedWalletBridge"
import type { ModalConfig } from "../services/ModalConfig"
import type { Storage } from "../services/Storage"
import { deferredImplementation } from "./deferred"

/**
 * The email login. Its code (`deferred/EmailLogin.ts`) loads with the first command; code that did not
 * load is 'Unable to load email login dependency', asked for again by the next command.
 *
 * @since 0.2.0
 * @category layers
 */
export const EmailLoginLive: Layer.Layer<EmailLogin, never, EmbeddedWalletBridge | Storage | ModalConfig> =
  Layer.effect(
    EmailLogin,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make<EmailLoginState>({ _tag: "Idle" })
      const update = yield* SubscriptionRef.make<EmailUpdateState>({ _tag: "Idle" })
      const login = yield* deferredImplementation(() =>
        import("./deferred/EmailLogin").then((module) => module.makeEmailLogin(state, update))
      )
      const loaded = Effect.mapError(
        login,
        (error) => new EmailLoginDependencyLoadError({ cause: error.cause })
      )
      return EmailLogin.of({
        state,
        update,
        submitEmail: (email) => Effect.flatMap(loaded, (l) => l.submitEmail(email)),
        submitCode: (code) => Effect.flatMap(loaded, (l) => l.submitCode(code)),
        updateEmail: (email) => Effect.flatMap(loaded, (l) => l.updateEmail(email)),
        submitUpdateCode: (code) => Effect.flatMap(loaded, (l) => l.submitUpdateCode(code)),
        signOut: Effect.ignore(Effect.flatMap(loaded, (l) => l.signOut))
      })
    })
  )
