import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { deferredImplementation, deferredMembers } from "../runtime/deferred"

type Commands<Shape> = Omit<Shape, "state">
type StateOf<Shape> = Shape extends { readonly state: SubscriptionRef.SubscriptionRef<infer S> } ? S : never

/**
 * A flow service (Send, Swap, …) whose state lives in its layer from the start and whose flow loads with
 * the first command. `commands` says which commands take arguments, as the flow is not loaded yet when the
 * service is built. A command whose code did not load does nothing; the next one asks for it again.
 */
export const deferredFlow = <Shape extends { readonly state: unknown }, E, R>(
  initial: StateOf<Shape>,
  load: (state: Shape["state"]) => Promise<Effect.Effect<Commands<Shape>, E, R>>,
  commands: { readonly [K in keyof Commands<Shape>]: boolean }
): Effect.Effect<Shape, never, R> =>
  Effect.gen(function* () {
    const state = (yield* SubscriptionRef.make(initial)) as Shape["state"]
    const flow = yield* deferredImplementation(() => load(state))
    return { ...deferredMembers(flow, commands, (_, call) => Effect.ignore(call)), state } as unknown as Shape
  })
