import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Send, type SendState } from "../services/Send"
import { deferredImplementation } from "./deferred"

/**
 * Send: the state the view reads lives here; the flow (`deferred/Send.ts`, with viem's encoders) loads
 * with the first command.
 *
 * @since 0.1.0
 * @category layers
 */
export const SendLive = Layer.effect(
  Send,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<SendState>({ _tag: "Idle" })
    const flow = yield* deferredImplementation(() =>
      import("./deferred/Send").then((module) => module.makeSend(state))
    )
    // A command whose code did not load does nothing; the next one asks for it again.
    const run = (command: (loaded: Effect.Success<typeof flow>) => Effect.Effect<void>) =>
      Effect.ignore(Effect.flatMap(flow, command))
    return Send.of({
      state,
      start: run((loaded) => loaded.start),
      edit: (change) => run((loaded) => loaded.edit(change)),
      review: run((loaded) => loaded.review),
      confirm: run((loaded) => loaded.confirm),
      back: run((loaded) => loaded.back)
    })
  })
)
