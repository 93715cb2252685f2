import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Queue from "effect/Queue"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import { InvalidAppConfigurationError } from "../../errors"
import { Analytics, type AnalyticsEvent, type AnalyticsShape } from "../../services/Analytics"
import { ModalConfig } from "../../services/ModalConfig"
import { ModalEvents } from "../../services/ModalEvents"
import { Notifications } from "../../services/Notifications"
import { ProviderApi } from "../../services/ProviderApi"

/** Events waiting to be sent; newer ones are dropped while it is full (a burst must not grow memory). */
export const MAX_QUEUED_EVENTS = 100

export const makeAnalytics: Effect.Effect<
  AnalyticsShape,
  never,
  ModalConfig | ProviderApi | Notifications | ModalEvents | Scope.Scope
> = Effect.gen(function* () {
  const config = yield* ModalConfig
  // The host turned analytics off: nothing is queued, and the remote config is never asked for.
  if (!config.features.analytics) return Analytics.of({ track: () => Effect.void })

  const api = yield* ProviderApi
  const notifications = yield* Notifications
  const queue = yield* Queue.dropping<AnalyticsEvent>(MAX_QUEUED_EVENTS)
  const stopped = yield* Ref.make(false)

  // Asked once, on the first event; any failure means off (FACTS §1.3).
  const remoteEnabled = yield* Effect.cached(
    api.getAnalyticsConfig.pipe(
      Effect.map((remote) => remote.isAnalyticsEnabled),
      Effect.orElseSucceed(() => false)
    )
  )

  const stop = Effect.andThen(Ref.set(stopped, true), Queue.takeAll(queue))

  const deliver = (event: AnalyticsEvent) =>
    Effect.gen(function* () {
      if (yield* Ref.get(stopped)) return
      if (!(yield* remoteEnabled)) return yield* stop
      yield* api.sendEvent(event).pipe(
        Effect.catch((error) =>
          error._tag === "InvalidAppConfigurationError"
            ? // The project refuses this site: say so once, then stop sending for the session.
              Effect.andThen(
                stop,
                notifications.showError(
                  new InvalidAppConfigurationError({
                    reason: "analytics-forbidden",
                    status: error.status,
                    cause: error
                  })
                )
              )
            : Effect.logDebug(`Analytics event dropped (${error._tag})`)
        )
      )
    })

  // One event at a time, each at most one request (sendEvent does not retry): no storms.
  yield* Queue.take(queue).pipe(
    Effect.flatMap(deliver),
    Effect.catchDefect((defect) => Effect.logDebug("Analytics delivery failed", defect)),
    Effect.forever,
    Effect.forkScoped
  )

  const track: AnalyticsShape["track"] = (event) =>
    Effect.flatMap(Ref.get(stopped), (isStopped) =>
      isStopped ? Effect.void : Effect.asVoid(Queue.offer(queue, event))
    )

  // Every modal event is a usage event; subscribed before the layer is built, so none is missed.
  const modalEvents = yield* (yield* ModalEvents).subscribe
  yield* PubSub.take(modalEvents).pipe(
    Effect.flatMap((event) => track(event.data)),
    Effect.forever,
    Effect.forkScoped
  )

  return Analytics.of({ track })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const AnalyticsLive: Layer.Layer<
  Analytics,
  never,
  ModalConfig | ProviderApi | Notifications | ModalEvents
> = Layer.effect(Analytics, makeAnalytics)
