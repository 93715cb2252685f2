import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ChunkLoadError } from "../runtime/lazy"
import { memoizeSuccess } from "../runtime/memoizeSuccess"

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

/**
 * The flows' copy of the old deferral, until their code is lazy parts (runtime/lazy.ts). A service
 * implementation kept out of the first paint: `load` imports its constructor, and the first use builds it
 * once, in the layer's own context and scope (so its caches and fibers live as long as the layer, whichever
 * caller came first). A failed load or build is not kept: the next use tries again.
 */
export const deferredImplementation = <S, E, R>(
  load: () => Promise<Effect.Effect<S, E, R>>
): Effect.Effect<Effect.Effect<S, ChunkLoadError | E>, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) =>
    memoizeSuccess(
      Effect.tryPromise({ try: load, catch: (cause) => new ChunkLoadError({ cause }) }).pipe(
        Effect.flatten,
        Effect.provideContext(context)
      )
    )
  )

/**
 * A service's members over its deferred implementation, built before that loads: `members` names each and
 * says whether it takes arguments (a function) or not (an effect); `around` wraps each call, with its name,
 * e.g. to map a failed load. Each call waits for the implementation, then runs the loaded member.
 */
export const deferredMembers = <S, E>(
  implementation: Effect.Effect<S, E>,
  members: Readonly<Record<string, boolean>>,
  around: (name: string, call: Effect.Effect<unknown, unknown>) => Effect.Effect<unknown, unknown>
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(members).map(([name, takesArguments]) => {
      const call = (args?: ReadonlyArray<unknown>) =>
        around(
          name,
          Effect.flatMap(implementation, (loaded) => {
            const member = (loaded as Record<string, unknown>)[name]
            return (
              args === undefined ? member : (member as (...a: ReadonlyArray<unknown>) => unknown)(...args)
            ) as Effect.Effect<unknown, unknown>
          })
        )
      return [name, takesArguments ? (...args: ReadonlyArray<unknown>) => call(args) : call()]
    })
  )
