import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { PayFailedError } from "../../../payErrors"
import { Pay, type PayState } from "../../../services/Pay"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../../runtime/lazy"
import { accountStage } from "../../runtime/stages"

/** The Pay flow (`Pay.lazy.ts`), loaded with the first payment: never while `features.pay` is off. */
export const PayLazy = lazyPart("@airlock/Pay.lazy", () => accountStage().then((stage) => stage.pay()))

/**
 * Pay: the state the view reads lives here; the flow loads with the first payment. A payment whose code
 * did not load fails (`failed`, its cause the load's error); the next one asks for it again.
 *
 * @since 0.5.0
 * @category layers
 */
export const PayLive = Layer.effect(
  Pay,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<PayState>({ _tag: "Idle" })
    const pay = yield* lazyImplementation(PayLazy, (module) => module.makePay(state))
    return Pay.of({
      state,
      ...lazyService(pay, {
        pay: call((cause) => Effect.fail(new PayFailedError({ reason: "failed", cause }))),
        connect: effect(() => Effect.void),
        payWithWallet: effect(() => Effect.void),
        payFromExchange: call(() => Effect.void)
      })
    })
  })
)
