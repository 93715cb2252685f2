import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { AirlockError } from "../errors"
import type { Presentation } from "../presentation"

/** One message on screen: an alert stays until dismissed, a toast hides by itself. */
export interface Notice extends Presentation {
  readonly id: number
}

export interface NotificationsShape {
  /** Notices on screen, oldest first. */
  readonly notices: SubscriptionRef.SubscriptionRef<ReadonlyArray<Notice>>
  /** Shows a presentation after its delay, without making the caller wait for it. */
  readonly show: (presentation: Presentation) => Effect.Effect<void>
  /** Shows an error as the catalogue presents it (SPEC.md §8). */
  readonly showError: (error: AirlockError) => Effect.Effect<void>
  readonly dismiss: (id: number) => Effect.Effect<void>
}

/**
 * Alerts and toasts, with the catalogue's delays (the 300 ms error-toast delay of SPEC.md §8).
 *
 * @since 0.1.0
 * @category tags
 */
export class Notifications extends Context.Service<Notifications, NotificationsShape>()(
  "@airlock/Notifications"
) {}
