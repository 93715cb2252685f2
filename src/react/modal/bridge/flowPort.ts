import * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ModalRuntime } from "./run"
import { type Store, storeFromRef } from "./store"

/** The flow as views use it: its state as a store, each command as a promise of its completion. */
export type FlowPort<S extends { readonly state: unknown }> = {
  readonly state: Store<S["state"] extends SubscriptionRef.SubscriptionRef<infer A> ? A : never>
} & {
  readonly [K in Exclude<keyof S, "state">]: S[K] extends (...args: infer A) => Effect.Effect<void>
    ? (...args: A) => Promise<void>
    : () => Promise<void>
}

/** Adapts a flow service for React: one rule for every flow, so each adds no code of its own. */
export const flowPort = <S extends { readonly state: unknown }>(
  runtime: ModalRuntime,
  service: S
): FlowPort<S> =>
  Object.fromEntries(
    Object.entries(service).map(([name, member]) => [
      name,
      name === "state"
        ? storeFromRef(runtime, member as SubscriptionRef.SubscriptionRef<unknown>, (s) => s)
        : (...args: ReadonlyArray<unknown>) =>
            runtime.runPromise(
              Effect.isEffect(member)
                ? (member as Effect.Effect<void>)
                : (member as (...a: ReadonlyArray<unknown>) => Effect.Effect<void>)(...args)
            )
    ])
  ) as FlowPort<S>
