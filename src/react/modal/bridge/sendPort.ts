import { Send, type SendDraft, type SendState } from "../../../services/Send"
import type { ModalRuntime } from "./run"
import { type Store, storeFromRef } from "./store"

/** Send: the form, its preview and the request, as a store and commands. */
export interface SendPort {
  readonly send: {
    readonly state: Store<SendState>
    readonly start: () => Promise<void>
    readonly edit: (change: Partial<SendDraft>) => Promise<void>
    readonly review: () => Promise<void>
    readonly confirm: () => Promise<void>
    readonly back: () => Promise<void>
  }
}

export const makeSendPort = (runtime: ModalRuntime): SendPort => {
  const send = runtime.runSync(Send)
  const run = (effect: typeof send.start) => runtime.runPromise(effect)
  return {
    send: {
      state: storeFromRef(runtime, send.state, (s) => s),
      start: () => run(send.start),
      edit: (change) => run(send.edit(change)),
      review: () => run(send.review),
      confirm: () => run(send.confirm),
      back: () => run(send.back)
    }
  }
}
