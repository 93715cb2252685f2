import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ModalConfig } from "../../services/ModalConfig"
import { SignIn, type SignInState } from "../../services/SignIn"
import { deferredImplementation } from "../runtime/deferred"

/**
 * Sign-in with the wallet. Without a plugin (`siwx` or `siweConfig`) it stays idle and loads nothing; with
 * one, the flow (`SignIn.lazy.ts`, with the plugin's code and viem's SIWE helpers) loads as the modal
 * starts, out of the first paint, and follows the connection from then on.
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
    const flow = yield* deferredImplementation(() =>
      import("./SignIn.lazy").then((module) => module.makeSignInFlow(options, state))
    )
    // A chunk that did not load is asked again a few times; the flow starts following once it has.
    yield* Effect.forkScoped(
      Effect.ignore(Effect.retry(flow, Schedule.max([Schedule.spaced("1 second"), Schedule.recurs(3)])))
    )
    return SignIn.of({
      state,
      sign: Effect.ignore(Effect.flatMap(flow, (loaded) => loaded.sign)),
      cancel: Effect.ignore(Effect.flatMap(flow, (loaded) => loaded.cancel)),
      // Without the flow's code, a pairing just connects; the flow asks once it has loaded.
      pairingSignIn: Effect.orElseSucceed(
        Effect.map(flow, (loaded) => loaded.pairingSignIn),
        () => undefined
      )
    })
  })
)
