import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Swap, type SwapState } from "../../../services/Swap"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../../runtime/lazy"
import { accountStage } from "../../runtime/stages"

/** The Swap flow (`Swap.lazy.ts`), loaded with the first command. */
export const SwapLazy = lazyPart("@airlock/Swap.lazy", () => accountStage().then((stage) => stage.swap()))

/**
 * Swap: the state the view reads lives here; the flow loads with the first command. A command whose code
 * did not load does nothing; the next one asks for it again.
 *
 * @since 0.3.0
 * @category layers
 */
export const SwapLive = Layer.effect(
  Swap,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<SwapState>({ _tag: "Idle" })
    const swap = yield* lazyImplementation(SwapLazy, (module) => module.makeSwap(state))
    return Swap.of({
      state,
      ...lazyService(swap, {
        start: effect(() => Effect.void),
        edit: call(() => Effect.void),
        flip: effect(() => Effect.void),
        review: effect(() => Effect.void),
        confirm: effect(() => Effect.void),
        back: effect(() => Effect.void),
        chooseApproval: call(() => Effect.void)
      })
    })
  })
)
