import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { AnalyticsEvent } from "./ProviderApi"

export type { AnalyticsEvent }

export interface AnalyticsShape {
  /**
   * Queues an event and returns at once. Never fails and never waits on the network; events are dropped
   * when analytics is off, the queue is full, or sending fails.
   */
  readonly track: (event: AnalyticsEvent) => Effect.Effect<void>
}

/**
 * Usage events to the provider's analytics host, when both the host (`features.analytics`) and the
 * project's remote config allow it.
 *
 * @since 0.1.0
 * @category tags
 */
export class Analytics extends Context.Service<Analytics, AnalyticsShape>()("@airlock/Analytics") {}
