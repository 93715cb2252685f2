import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"

/** A read-only value outside Effect, in the shape React's `useSyncExternalStore` wants. */
export interface Store<A> {
  readonly get: () => A
  readonly subscribe: (listener: () => void) => () => void
}

/** A store whose owner can make it re-read its source now, instead of at the next scheduler tick. */
export interface RefStore<A> extends Store<A> {
  readonly refresh: () => void
}

/** Runs effects that need nothing but what every Airlock runtime has. */
export type Runner = Pick<ManagedRuntime.ManagedRuntime<never, never>, "runSync" | "runFork">

/**
 * A store over a `SubscriptionRef`, narrowed by `select`. All listeners share one fiber, started by the
 * first subscriber and stopped by the last, and the snapshot keeps its identity while `equal` says the
 * selection is unchanged, so React re-renders only when the slice changes.
 */
export const storeFromRef = <A, B>(
  runtime: Runner,
  ref: SubscriptionRef.SubscriptionRef<A>,
  select: (a: A) => B,
  equal: (x: B, y: B) => boolean = Object.is
): RefStore<B> => {
  const listeners = new Set<() => void>()
  let fiber: Fiber.Fiber<void> | undefined
  let snapshot: { readonly value: B } | undefined

  /** Takes a new source value; answers the snapshot and whether it changed. */
  const accept = (a: A): readonly [{ readonly value: B }, boolean] => {
    const next = select(a)
    if (snapshot !== undefined && equal(snapshot.value, next)) return [snapshot, false]
    snapshot = { value: next }
    return [snapshot, true]
  }

  const get = (): B => {
    // While nobody listens, nothing keeps the snapshot fresh: read the ref.
    if (fiber === undefined || snapshot === undefined)
      return accept(runtime.runSync(SubscriptionRef.get(ref)))[0].value
    return snapshot.value
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    if (fiber === undefined) {
      // Seed first, so the stream's replay of the current value notifies nobody.
      accept(runtime.runSync(SubscriptionRef.get(ref)))
      fiber = runtime.runFork(
        Stream.runForEach(SubscriptionRef.changes(ref), (a) =>
          Effect.sync(() => {
            if (accept(a)[1]) notifyAll()
          })
        )
      )
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && fiber !== undefined) {
        runtime.runFork(Fiber.interrupt(fiber))
        fiber = undefined
      }
    }
  }

  const notifyAll = () => {
    for (const notify of [...listeners]) notify()
  }

  // A change made synchronously (a click that opens the modal) is read back at once, so React renders
  // it in the same task; the stream only carries changes made elsewhere.
  const refresh = () => {
    if (fiber !== undefined && accept(runtime.runSync(SubscriptionRef.get(ref)))[1]) notifyAll()
  }

  return { get, subscribe, refresh }
}

/** A store of a slice of another; the slice keeps its identity while `equal` holds. */
export const mapStore = <A, B>(
  source: Store<A>,
  select: (a: A) => B,
  equal: (x: B, y: B) => boolean
): Store<B> => {
  let last: { readonly from: A; readonly value: B } | undefined
  const get = () => {
    const from = source.get()
    if (last !== undefined && last.from === from) return last.value
    const next = select(from)
    last = { from, value: last !== undefined && equal(last.value, next) ? last.value : next }
    return last.value
  }
  return {
    get,
    subscribe: (listener) => {
      let seen = get()
      return source.subscribe(() => {
        const now = get()
        if (now === seen) return
        seen = now
        listener()
      })
    }
  }
}

/** Shallow equality of two plain records, for slices rebuilt on every source change. */
export const shallowEqual = <A extends object>(x: A, y: A): boolean => {
  const xs = Object.entries(x)
  return xs.length === Object.keys(y).length && xs.every(([k, v]) => Object.is(v, Reflect.get(y, k)))
}

/** Equality of two lists, item by item. */
export const arrayEqual =
  <A>(same: (x: A, y: A) => boolean) =>
  (a: ReadonlyArray<A>, b: ReadonlyArray<A>): boolean =>
    a === b || (a.length === b.length && a.every((x, i) => same(x, b[i] as A)))

/** Two stores as one store of pairs; the pair keeps its identity until either side changes. */
export const combineStores = <A, B>(a: Store<A>, b: Store<B>): Store<readonly [A, B]> => {
  let last: readonly [A, B] | undefined
  const get = () => {
    const x = a.get()
    const y = b.get()
    if (last === undefined || last[0] !== x || last[1] !== y) last = [x, y]
    return last
  }
  return {
    get,
    subscribe: (listener) => {
      const offA = a.subscribe(listener)
      const offB = b.subscribe(listener)
      return () => {
        offA()
        offB()
      }
    }
  }
}
