/**
 * The one way code is kept out of the first paint. A `LazyPart` names a module and how it loads: an
 * `import()` on first use, unless the context holds the module itself (`preloaded`, what tests provide, so
 * nothing waits for an import). `lazyService` builds a service whose members load its implementation on
 * first use; `lazyImplementation` and `loadPart` are its two halves, for the few modules that are not a
 * whole service.
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { memoizeSuccess } from "./memoizeSuccess"

/** A lazy module did not load (offline, a deploy replaced it); the next use asks again. */
export class ChunkLoadError extends Data.TaggedError("ChunkLoadError")<{ readonly cause: unknown }> {}

/** Where a lazy module comes from: an `import()` on first use, or the module itself. */
export type LazySource<M> =
  | { readonly _tag: "Import"; readonly load: () => Promise<M> }
  | { readonly _tag: "Loaded"; readonly module: M }

/** A module loaded on first use; a context reference, so a layer can hand over the module itself. */
export type LazyPart<M> = Context.Reference<LazySource<M>>

/** `key` names the part (`"@airlock/Send.lazy"`); `load` is its `import()`. */
export const lazyPart = <M>(key: string, load: () => Promise<M>): LazyPart<M> =>
  Context.Reference<LazySource<M>>(key, { defaultValue: () => ({ _tag: "Import", load }) })

/** `part` already loaded: nothing that uses it waits for an `import()` (tests, or a host that bundles it). */
export const preloaded = <M>(part: LazyPart<M>, module: M): Layer.Layer<never> =>
  Layer.succeed(part, { _tag: "Loaded", module })

/** The part's module: at once when the context holds it, else by its `import()`. */
export const loadPart = <M>(part: LazyPart<M>): Effect.Effect<M, ChunkLoadError> =>
  Effect.flatMap(Effect.service(part), (source) =>
    source._tag === "Loaded"
      ? Effect.succeed(source.module)
      : Effect.tryPromise({ try: source.load, catch: (cause) => new ChunkLoadError({ cause }) })
  )

/**
 * What `build` makes of the part's module, made once on first use in the context of the caller of
 * `lazyImplementation` (a layer's: its caches and fibers live as long as the layer, whichever caller came
 * first). A failed load or build is not kept: the next use tries again.
 */
export const lazyImplementation = <M, A, E, R>(
  part: LazyPart<M>,
  build: (module: M) => Effect.Effect<A, E, R>
): Effect.Effect<Effect.Effect<A, ChunkLoadError | E>, never, R> =>
  Effect.flatMap(Effect.context<R>(), (context) =>
    memoizeSuccess(Effect.provideContext(Effect.flatMap(loadPart(part), build), context))
  )

/** What an effect member does when the implementation did not load. */
export interface EffectFallback<A, E> {
  readonly _tag: "Effect"
  readonly onLoadError: (error: ChunkLoadError) => Effect.Effect<A, E>
}

/** What a function member does, with its arguments, when the implementation did not load. */
export interface CallFallback<Args extends ReadonlyArray<unknown>, A, E> {
  readonly _tag: "Call"
  readonly onLoadError: (error: ChunkLoadError, ...args: Args) => Effect.Effect<A, E>
}

/** An effect member of a lazy service, and what it does when the implementation did not load. */
export const effect = <A, E>(
  onLoadError: (error: ChunkLoadError) => Effect.Effect<A, E>
): EffectFallback<A, E> => ({
  _tag: "Effect",
  onLoadError
})

/** A function member of a lazy service, and what it does when the implementation did not load. */
export const call = <Args extends ReadonlyArray<unknown>, A, E>(
  onLoadError: (error: ChunkLoadError, ...args: Args) => Effect.Effect<A, E>
): CallFallback<Args, A, E> => ({ _tag: "Call", onLoadError })

/** Every member of `Shape`, each with its kind and what it does when the implementation did not load. */
export type Fallbacks<Shape> = {
  readonly [K in keyof Shape]: Shape[K] extends (
    ...args: infer Args
  ) => Effect.Effect<infer A, infer E, never>
    ? CallFallback<Args, A, E>
    : Shape[K] extends Effect.Effect<infer A, infer E, never>
      ? EffectFallback<A, E>
      : never
}

type AnyFallback = EffectFallback<unknown, unknown> | CallFallback<ReadonlyArray<unknown>, unknown, unknown>

/**
 * `Shape` over an implementation that loads on first use (`lazyImplementation`): each member waits for it,
 * then runs its own; when it did not load, the member's fallback runs instead, and the next call loads
 * again. `fallbacks` names every member, which the compiler checks against `Shape`.
 */
export const lazyService = <Shape extends object>(
  implementation: Effect.Effect<Shape, ChunkLoadError>,
  fallbacks: Fallbacks<Shape>
): Shape => {
  const members = Object.entries<AnyFallback>(fallbacks).map(([name, fallback]) => {
    if (fallback._tag === "Effect") {
      const effectOf = (shape: object): Effect.Effect<unknown, unknown> => Reflect.get(shape, name)
      return [
        name,
        Effect.matchEffect(implementation, { onFailure: fallback.onLoadError, onSuccess: effectOf })
      ]
    }
    const functionOf = (
      shape: object
    ): ((...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown>) => Reflect.get(shape, name)
    return [
      name,
      (...args: ReadonlyArray<unknown>) =>
        Effect.matchEffect(implementation, {
          onFailure: (error) => fallback.onLoadError(error, ...args),
          onSuccess: (shape) => functionOf(shape)(...args)
        })
    ]
  })
  return Object.fromEntries(members) as Shape
}
