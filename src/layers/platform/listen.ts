/**
 * The one way DOM and SDK events enter Effect: `listen` adds a listener for as long as the scope lasts and
 * hands each event to an Effect run on the runtime of whoever called it (a layer's context), never on a
 * global one.
 */
import * as Effect from "effect/Effect"
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

/**
 * Listens to `subscribe`'s events until the scope closes, which removes the listener. Each event is handled
 * at once, in the listener's own call, by `handle` run in the context of the caller of `listen`: what it
 * changes is there when the source's dispatch returns, and events are handled in the order they come. A
 * handling under way when the scope closes (one that removes its own listener, say) still finishes. A
 * source that may flood is read through a bounded queue: `handle` offers to it (the frame channel's inbox).
 */
export const listen = <A, R = never>(
  subscribe: Subscribe<A>,
  handle: (event: A) => Effect.Effect<void, never, R>
): Effect.Effect<void, never, Scope.Scope | R> =>
  Effect.flatMap(Effect.context<R>(), (context) => {
    const run = Effect.runForkWith(context)
    return Effect.acquireRelease(
      Effect.sync(() =>
        subscribe((event) => {
          run(handle(event))
        })
      ),
      (remove) => Effect.sync(remove)
    )
  })
