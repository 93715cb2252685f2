import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Ref from "effect/Ref"

type LoadState<A, E> =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading"; readonly done: Deferred.Deferred<A, E> }
  | { readonly _tag: "Loaded"; readonly value: A }

const IDLE = { _tag: "Idle" } as const

/**
 * Memoises `effect` by its outcome: a success is kept for good, a failure is forgotten, so the next call
 * runs it again instead of repeating the first failure forever.
 *
 * Concurrent callers share one in-flight run, and it stays shared until it settles even if every caller
 * stopped waiting (callers add their own time-out): a load may have side effects, such as creating the
 * WalletConnect client, that must not run twice at once.
 */
export const memoizeSuccess = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<Effect.Effect<A, E>> =>
  Effect.map(Ref.make<LoadState<A, E>>(IDLE), (state) => {
    // Detached: the run belongs to every caller, so no caller's interruption may cut it short. It starts
    // at once, so an import asked for in a click begins in that same task.
    const start = (done: Deferred.Deferred<A, E>) =>
      effect.pipe(
        Effect.exit,
        Effect.flatMap((exit) =>
          Ref.set(state, Exit.isSuccess(exit) ? { _tag: "Loaded", value: exit.value } : IDLE).pipe(
            Effect.andThen(Deferred.done(done, exit))
          )
        ),
        Effect.forkDetach({ startImmediately: true })
      )
    return Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const fresh = yield* Deferred.make<A, E>()
        const current = yield* Ref.modify(state, (now): readonly [LoadState<A, E>, LoadState<A, E>] =>
          now._tag === "Idle" ? [now, { _tag: "Loading", done: fresh }] : [now, now]
        )
        if (current._tag === "Loaded") return current.value
        if (current._tag === "Idle") yield* start(fresh)
        return yield* restore(Deferred.await(current._tag === "Loading" ? current.done : fresh))
      })
    )
  })
