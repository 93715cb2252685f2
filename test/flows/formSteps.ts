/**
 * Steps the form flows' tests (Names, Onramp, Swap) share: an edit that waits out the typing pause and
 * answers the form once its check or quote landed, and a tagged value narrowed (a quote, a check).
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { untilFlow } from "../kit/flowWorld"

type Tagged = { readonly _tag: string }

/** A form flow as its tests drive it: an edit command and its state. */
interface Form<D, A extends Tagged> {
  readonly edit: (change: D) => Effect.Effect<void>
  readonly state: SubscriptionRef.SubscriptionRef<A>
}

/** Edits `flow`, lets the typing `pause` (ms) pass, and answers the form once `settled`. */
export const editAndSettle = <D, A extends Tagged, S extends A>(
  flow: Form<D, A>,
  change: D,
  pause: number,
  settled: (state: A) => state is S
): Effect.Effect<S> =>
  Effect.gen(function* () {
    yield* flow.edit(change)
    yield* TestClock.adjust(pause)
    return yield* untilFlow(flow, settled)
  })

/** `value` narrowed to `tag` (a failed assertion otherwise). */
export const tagged = <A extends Tagged, T extends A["_tag"]>(value: A, tag: T): Extract<A, { _tag: T }> => {
  if (value._tag !== tag) assert.fail(`expected ${tag}, got ${JSON.stringify(value, bigints)}`)
  return value as Extract<A, { _tag: T }>
}

/** Amounts are bigints: shown in a failed assertion as `123n`. */
const bigints = (_key: string, value: unknown) => (typeof value === "bigint" ? `${value}n` : value)
