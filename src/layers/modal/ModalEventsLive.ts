import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type ModalEvent, ModalEvents } from "../../services/ModalEvents"

export const makeModalEvents = Effect.gen(function* () {
  // Unbounded: every subscriber is a fiber of ours that drains as soon as it runs, so nothing piles up; a
  // bounded hub's strategies would add about 2 KB gzip to the first paint.
  const hub = yield* PubSub.unbounded<ModalEvent>()
  const latest = yield* SubscriptionRef.make<ModalEvent | undefined>(undefined)
  return ModalEvents.of({
    emit: (event, properties) =>
      Effect.gen(function* () {
        const data =
          properties === undefined
            ? { type: "track" as const, event }
            : { type: "track" as const, event, properties }
        const stamped: ModalEvent = { timestamp: yield* Clock.currentTimeMillis, data }
        yield* SubscriptionRef.set(latest, stamped)
        yield* PubSub.publish(hub, stamped)
      }),
    latest,
    subscribe: PubSub.subscribe(hub)
  })
})

/**
 * @since 0.2.0
 * @category layers
 */
export const ModalEventsLive = Layer.effect(ModalEvents, makeModalEvents)
