/**
 * The one way DOM and SDK events enter Effect: `listen` adds a listener for as long as the scope lasts and
 * hands each event to an Effect run on the runtime of whoever called it (a layer's context), never on a
 * global one.
 */
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"

/** Adds `listener` to an event source; answers how to remove it again. */
export type Subscribe<A> = (listener: (event: A) => void) => () => void

/** A DOM event target (a window, a media query list, a message port, an abort signal). */
export interface EventSource<Type extends string, A> {
  addEventListener(type: Type, listener: (event: A) => void): void
  removeEventListener(type: Type, listener: (event: A) => void): void
}

/** The `type` events of a DOM event target; a target without listeners (an old media query list) has none. */
export const eventsOf =
  <Type extends string, A>(target: Partial<EventSource<Type, A>>, type: Type): Subscribe<A> =>
  (listener) => {
    target.addEventListener?.(type, listener)
    return () => target.removeEventListener?.(type, listener)
  }

export interface ListenOptions {
  /**
   * Events are handled one after the other, in the order they came, from a queue that holds this many:
   * past it, a flood is dropped. Without it, each event is handled at once, in the listener's own call,
   * so what it changes is there when the source's dispatch returns.
   */
  readonly inbox?: number
}

/**
 * Listens to `subscribe`'s events until the scope closes, which removes the listener: `handle` runs for
 * each, in the context of the caller of `listen`. A handling under way when the scope closes (one that
 * removes its own listener, say) still finishes.
 */
export const listen = <A, R = never>(
  subscribe: Subscribe<A>,
  handle: (event: A) => Effect.Effect<void, never, R>,
  options: ListenOptions = {}
): Effect.Effect<void, never, Scope.Scope | R> =>
  Effect.gen(function* () {
    const deliver =
      options.inbox === undefined ? yield* atOnce(handle) : yield* inOrder(handle, options.inbox)
    yield* Effect.acquireRelease(
      Effect.sync(() => subscribe(deliver)),
      (remove) => Effect.sync(remove)
    )
  })

const atOnce = <A, R>(handle: (event: A) => Effect.Effect<void, never, R>) =>
  Effect.map(Effect.context<R>(), (context) => {
    const run = Effect.runForkWith(context)
    return (event: A) => {
      run(handle(event))
    }
  })

const inOrder = <A, R>(handle: (event: A) => Effect.Effect<void, never, R>, capacity: number) =>
  Effect.gen(function* () {
    const inbox = yield* Queue.make<A>({ capacity, strategy: "dropping" })
    yield* Effect.forkScoped(Effect.forever(Effect.flatMap(Queue.take(inbox), handle)))
    return (event: A) => {
      Queue.offerUnsafe(inbox, event)
    }
  })
