/**
 * How tests wait: by awaiting what signals — a `SubscriptionRef`'s changes, a fake's emitted event (see
 * emitters.ts), a listener an API offers — never a number of turns or a span of time. Two helpers stand
 * apart and say so: `eventually`, the one poll, for what cannot signal (a DOM under happy-dom, a third
 * party's callback), bounded only so that a failure names what never happened; and `settle`, which lets
 * ready work run before asserting that something did NOT happen (there is nothing to await for that).
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"

/** Waits until `ref` holds a value satisfying `done` (the current one counts), and answers it. */
export function untilState<A, S extends A>(
  ref: SubscriptionRef.SubscriptionRef<A>,
  done: (value: A) => value is S
): Effect.Effect<S>
export function untilState<A>(
  ref: SubscriptionRef.SubscriptionRef<A>,
  done: (value: A) => boolean
): Effect.Effect<A>
export function untilState<A>(ref: SubscriptionRef.SubscriptionRef<A>, done: (value: A) => boolean) {
  return SubscriptionRef.changes(ref).pipe(Stream.filter(done), Stream.runHead, Effect.map(Option.getOrThrow))
}

type Tagged = { readonly _tag: string }

/** Waits until the tagged state in `ref` is `tag`, and answers it narrowed. */
export const untilTagged = <A extends Tagged, T extends A["_tag"]>(
  ref: SubscriptionRef.SubscriptionRef<A>,
  tag: T
): Effect.Effect<Extract<A, { _tag: T }>> =>
  untilState(ref, (state): state is Extract<A, { _tag: T }> => state._tag === tag)

/** The tagged state in `ref`, narrowed to `tag` (a failed assertion otherwise). */
export const stateTagged = <A extends Tagged, T extends A["_tag"]>(
  ref: SubscriptionRef.SubscriptionRef<A>,
  tag: T
): Effect.Effect<Extract<A, { _tag: T }>> =>
  Effect.map(SubscriptionRef.get(ref), (current) => {
    if (current._tag !== tag)
      assert.fail(`expected ${tag}, got ${current._tag}: ${JSON.stringify(current, bigints)}`)
    return current as Extract<A, { _tag: T }>
  })

/** Amounts are bigints: shown in a failed assertion as `123n`. */
const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? `${value}n` : value)

/** A listener API as the modal's handle and stores offer it: `subscribe(listener)` answers `unsubscribe`. */
export type Subscribe = (listener: () => void) => () => void

/** Resolves once `holds()` is true, asking again at each notification of `subscribe`. */
export const untilNotified = (subscribe: Subscribe, holds: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (holds()) return resolve()
    const stop = subscribe(() => {
      if (!holds()) return
      stop()
      resolve()
    })
  })

/** The same wait, as an effect. */
export const untilNotifiedEffect = (subscribe: Subscribe, holds: () => boolean): Effect.Effect<void> =>
  Effect.callback<void>((resume) => {
    if (holds()) return resume(Effect.void)
    const stop = subscribe(() => {
      if (!holds()) return
      stop()
      resume(Effect.void)
    })
    return Effect.sync(stop)
  })

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** How long `eventually` looks before it fails: far beyond what any step takes, even on a loaded machine. */
export const EVENTUALLY_LIMIT_MS = 10_000

/**
 * The one poll, for what cannot signal: looks at `found()` after each task the page runs (`step`, by
 * default one macrotask) and resolves with it once it is neither null, undefined nor false. The limit
 * (`limitMs`, by default `EVENTUALLY_LIMIT_MS`) is not a wait: it only turns a hang into a failure that
 * names `what`.
 */
export const eventually = async <A>(
  found: () => A | null | undefined | false,
  what: string,
  step: () => Promise<unknown> = macrotask,
  limitMs = EVENTUALLY_LIMIT_MS
): Promise<A> => {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = found()
    if (value !== null && value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`${what}: never happened`)
    await step()
  }
}

/** `eventually`, as an effect: the poll for what cannot signal, inside a fiber. */
export const eventuallyEffect = <A>(
  found: () => A | null | undefined | false,
  what: string
): Effect.Effect<A> => Effect.promise(() => eventually(found, what))

/**
 * Lets the work that is ready run — fibers, promise callbacks, timers due now — before asserting that
 * something did NOT happen. Never a way to wait for something that can signal: await that instead.
 */
export const settle: Effect.Effect<void> = Effect.forEach(
  Array.from({ length: 10 }, (_, i) => i),
  () => Effect.andThen(Effect.yieldNow, Effect.promise(macrotask)),
  { discard: true }
)
