import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginDependencyLoadError } from "../../errors"
import { EmailLogin, type EmailLoginState, type EmailUpdateState } from "../../services/EmailLogin"
import type { EmbeddedWalletBridge } from "../../services/EmbeddedWalletBridge"
import { LegalConsent } from "../../services/LegalConsent"
import type { ModalConfig } from "../../services/ModalConfig"
import type { Storage } from "../../services/Storage"
import { type ChunkLoadError, call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { connectStage } from "../runtime/stages"

/** The email login's commands (`EmailLogin.lazy.ts`), loaded with the first one. */
export const EmailLoginLazy = lazyPart("@airlock/EmailLogin.lazy", () =>
  connectStage().then((stage) => stage.emailLogin())
)

const dependencyMissing = (error: ChunkLoadError) =>
  Effect.fail(new EmailLoginDependencyLoadError({ cause: error.cause }))

/**
 * The email login. Its code loads with the first command; code that did not load is 'Unable to load email
 * login dependency', asked for again by the next command.
 *
 * @since 0.2.0
 * @category layers
 */
export const EmailLoginLive: Layer.Layer<
  EmailLogin,
  never,
  EmbeddedWalletBridge | Storage | ModalConfig | LegalConsent
> = Layer.effect(
  EmailLogin,
  Effect.gen(function* () {
    const legal = yield* LegalConsent
    const state = yield* SubscriptionRef.make<EmailLoginState>({ _tag: "Idle" })
    const update = yield* SubscriptionRef.make<EmailUpdateState>({ _tag: "Idle" })
    const login = yield* lazyImplementation(EmailLoginLazy, (module) => module.makeEmailLogin(state, update))
    const commands = lazyService(login, {
      submitEmail: call(dependencyMissing),
      submitCode: call(dependencyMissing),
      updateEmail: call(dependencyMissing),
      submitUpdateCode: call(dependencyMissing),
      signOut: effect(() => Effect.void)
    })
    return EmailLogin.of({
      state,
      update,
      ...commands,
      // No code is mailed before the visitor agreed to the app's terms, when the app asks that.
      submitEmail: (email) => Effect.andThen(legal.check, commands.submitEmail(email))
    })
  })
)
