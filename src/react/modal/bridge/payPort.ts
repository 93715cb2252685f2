import type * as Effect from "effect/Effect"
import type { PayFailedError } from "../../../payErrors"
import { Pay, type PayResult, type PayState } from "../../../services/Pay"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

/** A payment a host asks for (`features.pay`), as the Pay view and the handle use it. */
export interface PayPort {
  readonly state: Store<PayState>
  /** The host's `modal.pay`: settles once the payment is confirmed, or with why it was not made. */
  readonly request: (request: unknown) => Promise<Result<PayResult, PayFailedError>>
  readonly connect: () => Promise<void>
  readonly payWithWallet: () => Promise<void>
  readonly payFromExchange: (exchangeId: string) => Promise<void>
}

export const makePayPort = (runtime: ModalRuntime): PayPort => {
  const pay = runtime.runSync(Pay)
  const settle = attempt(runtime)
  const run = (effect: Effect.Effect<void>) => runtime.runPromise(effect)
  return {
    state: storeFromRef(runtime, pay.state, (s) => s),
    request: (request) => settle(pay.pay(request)),
    connect: () => run(pay.connect),
    payWithWallet: () => run(pay.payWithWallet),
    payFromExchange: (exchangeId) => run(pay.payFromExchange(exchangeId))
  }
}
