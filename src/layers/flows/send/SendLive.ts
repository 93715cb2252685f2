import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Send, type SendState } from "../../../services/Send"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../../runtime/lazy"
import { accountStage } from "../../runtime/stages"

/** The Send flow (`Send.lazy.ts`, with viem's encoders), loaded with the first command. */
export const SendLazy = lazyPart("@airlock/Send.lazy", () => accountStage().then((stage) => stage.send()))

/**
 * Send: the state the view reads lives here; the flow loads with the first command. A command whose code
 * did not load does nothing; the next one asks for it again.
 *
 * @since 0.1.0
 * @category layers
 */
export const SendLive = Layer.effect(
  Send,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<SendState>({ _tag: "Idle" })
    const send = yield* lazyImplementation(SendLazy, (module) => module.makeSend(state))
    return Send.of({
      state,
      ...lazyService(send, {
        start: effect(() => Effect.void),
        edit: call(() => Effect.void),
        review: effect(() => Effect.void),
        confirm: effect(() => Effect.void),
        back: effect(() => Effect.void)
      })
    })
  })
)
