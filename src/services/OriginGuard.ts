import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { InvalidAppConfigurationError, ProjectIdMissingError } from "../errors"

export interface OriginGuardShape {
  /**
   * Checks the page's origin against the project's allowed origins (SPEC §5). Fails when the project
   * refuses this page (origin not on the list, invalid project id, HTTP 403) or has no project id. An
   * unreachable or garbled list lets the modal run: the provider's own services still enforce it.
   */
  readonly check: Effect.Effect<void, InvalidAppConfigurationError | ProjectIdMissingError>
}

/**
 * The project's origin allow list, checked before the modal offers services that need it.
 *
 * @since 0.1.0
 * @category tags
 */
export class OriginGuard extends Context.Service<OriginGuard, OriginGuardShape>()("@airlock/OriginGuard") {}
