import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ModalConfig } from "../../services/ModalConfig"
import { SignIn, type SignInState } from "../../services/SignIn"
import { effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** The sign-in flow (`SignIn.lazy.ts`), loaded as the modal starts when the host has a plugin. */
export const SignInLazy = lazyPart("@airlock/SignIn.lazy", () =>
  accountStage().then((stage) => stage.signIn())
)

/**
 * Sign-in with the wallet. Without a plugin (`siwx` or `siweConfig`) it stays idle and loads nothing; with
 * one, the flow (`SignIn.lazy.ts`) loads as the modal starts, out of the first paint, and follows the
 * connection from then on, asking the plugin through `Siwx` (whose code loads with the first check).
 *
 * @since 0.1.0
 * @category layers
 */
export const SignInLive = Layer.effect(
  SignIn,
  Effect.gen(function* () {
    const options = yield* ModalConfig
    const state = yield* SubscriptionRef.make<SignInState>({ _tag: "Idle" })
    if (options.siwx === undefined && options.siweConfig === undefined)
      return SignIn.of({
        state,
        sign: Effect.void,
        cancel: Effect.void,
        pairingSignIn: Effect.succeed(undefined)
      })
    const flow = yield* lazyImplementation(SignInLazy, (module) => module.makeSignInFlow(state))
    // A chunk that did not load is asked again a few times; the flow starts following once it has.
    yield* Effect.forkScoped(
      Effect.ignore(Effect.retry(flow, Schedule.max([Schedule.spaced("1 second"), Schedule.recurs(3)])))
    )
    return SignIn.of({
      state,
      ...lazyService(flow, {
        sign: effect(() => Effect.void),
        cancel: effect(() => Effect.void),
        // Without the flow's code, a pairing just connects; the flow asks once it has loaded.
        pairingSignIn: effect(() => Effect.succeed(undefined))
      })
    })
  })
)
