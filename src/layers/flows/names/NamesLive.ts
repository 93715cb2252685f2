import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Names, type NamesState } from "../../../services/Names"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../../runtime/lazy"
import { accountStage } from "../../runtime/stages"

/** The account-name flow (`Names.lazy.ts`), loaded with the first command. */
export const NamesLazy = lazyPart("@airlock/Names.lazy", () => accountStage().then((stage) => stage.names()))

/**
 * Account names: the state the views read lives here; the flow loads with the first command. A command
 * whose code did not load does nothing; the next one asks for it again.
 *
 * @since 0.3.0
 * @category layers
 */
export const NamesLive = Layer.effect(
  Names,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<NamesState>({ _tag: "Idle" })
    const names = yield* lazyImplementation(NamesLazy, (module) => module.makeNames(state))
    return Names.of({
      state,
      ...lazyService(names, {
        start: effect(() => Effect.void),
        edit: call(() => Effect.void),
        register: effect(() => Effect.void)
      })
    })
  })
)
