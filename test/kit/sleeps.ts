/**
 * The test clock, counting its sleeps as they start and as they end (woken by the clock, or cut short, as
 * a request's time-out is when the request answers). A test awaits a count, never a number of turns: a
 * provider request runs under a time-out, so "the n-th request has answered" is "n sleeps have ended".
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { untilState } from "./waits"

export class Sleeps extends Context.Service<
  Sleeps,
  {
    readonly started: SubscriptionRef.SubscriptionRef<number>
    readonly ended: SubscriptionRef.SubscriptionRef<number>
  }
>()("test/Sleeps") {}

/** The test clock in context, counting its sleeps, for the services built over it and the test alike. */
export const countedSleeps: Layer.Layer<Sleeps> = Layer.effectContext(
  Effect.gen(function* () {
    const clock = yield* Clock.Clock
    const started = yield* SubscriptionRef.make(0)
    const ended = yield* SubscriptionRef.make(0)
    const counting: Clock.Clock = {
      ...clock,
      sleep: (duration) =>
        Effect.andThen(
          SubscriptionRef.update(started, (n) => n + 1),
          Effect.ensuring(
            clock.sleep(duration),
            SubscriptionRef.update(ended, (n) => n + 1)
          )
        )
    }
    return Context.make(Clock.Clock, counting).pipe(Context.add(Sleeps, Sleeps.of({ started, ended })))
  })
)

const atLeast = (ref: SubscriptionRef.SubscriptionRef<number>, count: number) =>
  SubscriptionRef.changes(ref).pipe(
    Stream.filter((n) => n >= count),
    Stream.runHead,
    Effect.asVoid
  )

/** Waits until `count` sleeps have started. */
export const sleepsStarted = (count: number) =>
  Effect.flatMap(Sleeps, (sleeps) => atLeast(sleeps.started, count))

/** Waits until `count` sleeps have ended. */
export const sleepsEnded = (count: number) => Effect.flatMap(Sleeps, (sleeps) => atLeast(sleeps.ended, count))

/** Waits until a sleep is pending: one has started and not yet ended (the code under test waits on the clock). */
export const sleepPending = Effect.flatMap(Sleeps, ({ started, ended }) =>
  Effect.asVoid(untilState(started, (n) => n > SubscriptionRef.getUnsafe(ended)))
)
