import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Onramp, type OnrampState } from "../../../services/Onramp"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../../runtime/lazy"
import { accountStage } from "../../runtime/stages"

/** The Buy flow (`Onramp.lazy.ts`), loaded with the first command. */
export const OnrampLazy = lazyPart("@airlock/Onramp.lazy", () =>
  accountStage().then((stage) => stage.onramp())
)

/**
 * Buy: the state the view reads lives here; the flow loads with the first command. A command whose code
 * did not load does nothing; the next one asks for it again.
 *
 * @since 0.3.0
 * @category layers
 */
export const OnrampLive = Layer.effect(
  Onramp,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<OnrampState>({ _tag: "Idle" })
    const onramp = yield* lazyImplementation(OnrampLazy, (module) => module.makeOnramp(state))
    return Onramp.of({
      state,
      ...lazyService(onramp, {
        start: effect(() => Effect.void),
        edit: call(() => Effect.void),
        proceed: effect(() => Effect.void),
        back: effect(() => Effect.void)
      })
    })
  })
)
