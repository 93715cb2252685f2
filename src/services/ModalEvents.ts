import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"

/** Properties of an event: plain values, safe to send to analytics. */
export type ModalEventProperties = Readonly<Record<string, string | number | boolean>>

/** What happened in the modal, for hosts (`subscribeEvents`, `useAirlockEvents`) and analytics. */
export interface ModalEvent {
  /** Clock time in milliseconds since the epoch. */
  readonly timestamp: number
  readonly data: {
    readonly type: "track"
    readonly event: string
    readonly properties?: ModalEventProperties
  }
}

export interface ModalEventsShape {
  /** Stamps the event with the clock's time and publishes it. */
  readonly emit: (event: string, properties?: ModalEventProperties) => Effect.Effect<void>
  /** The newest event. */
  readonly latest: SubscriptionRef.SubscriptionRef<ModalEvent | undefined>
  /** Every event from now on, for as long as the scope lasts. */
  readonly subscribe: Effect.Effect<PubSub.Subscription<ModalEvent>, never, Scope.Scope>
}

/**
 * The modal's event stream (MODAL_OPEN, CONNECT_SUCCESS, SWITCH_NETWORK...): `ModalFlow` emits, analytics
 * and hosts listen.
 *
 * @since 0.2.0
 * @category tags
 */
export class ModalEvents extends Context.Service<ModalEvents, ModalEventsShape>()("@airlock/ModalEvents") {}
