/**
 * Mock emitters: what a fake did, told through something a test awaits — a `SubscriptionRef` of entries —
 * instead of a call log the test polls.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { untilState } from "./waits"

/** A log a fake writes and a test awaits. */
export interface Recorder<A> {
  /** Every entry so far, published on each new one. */
  readonly entries: SubscriptionRef.SubscriptionRef<ReadonlyArray<A>>
  /** Appends `entry`, from an effect. */
  readonly record: (entry: A) => Effect.Effect<void>
  /** Appends `entry`, from a callback outside Effect (a wallet's promise API, a DOM listener). */
  readonly push: (entry: A) => void
  /** Every entry so far. */
  readonly all: () => ReadonlyArray<A>
  /** Waits until the entries satisfy `holds`, and answers them. */
  readonly until: (holds: (entries: ReadonlyArray<A>) => boolean) => Effect.Effect<ReadonlyArray<A>>
  /** Waits until `n` entries (default 1) satisfy `matches`. */
  readonly untilCount: (matches: (entry: A) => boolean, n?: number) => Effect.Effect<void>
}

export const makeRecorder = <A>(): Recorder<A> => {
  const entries = Effect.runSync(SubscriptionRef.make<ReadonlyArray<A>>([]))
  const record = (entry: A) => SubscriptionRef.update(entries, (all) => [...all, entry])
  const until = (holds: (all: ReadonlyArray<A>) => boolean) => untilState(entries, holds)
  return {
    entries,
    record,
    push: (entry) => Effect.runSync(record(entry)),
    all: () => SubscriptionRef.getUnsafe(entries),
    until,
    untilCount: (matches, n = 1) => Effect.asVoid(until((all) => all.filter(matches).length >= n))
  }
}

/** A number a fake moves and a test awaits (requests held, sleeps pending). */
export interface Gauge {
  readonly value: SubscriptionRef.SubscriptionRef<number>
  readonly add: (delta: number) => void
  readonly get: () => number
  /** Waits until the number satisfies `holds`. */
  readonly until: (holds: (n: number) => boolean) => Effect.Effect<void>
}

export const makeGauge = (): Gauge => {
  const value = Effect.runSync(SubscriptionRef.make(0))
  return {
    value,
    add: (delta) => Effect.runSync(SubscriptionRef.update(value, (n) => n + delta)),
    get: () => SubscriptionRef.getUnsafe(value),
    until: (holds) => Effect.asVoid(untilState(value, holds))
  }
}
