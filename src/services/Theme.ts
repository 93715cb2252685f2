import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ThemeMode } from "../schemas/Primitives"
import type { ThemeVariables } from "../schemas/ThemeVariables"

export interface ThemeState {
  readonly mode: ThemeMode
  readonly variables: ThemeVariables
}

export interface ThemeShape {
  readonly state: SubscriptionRef.SubscriptionRef<ThemeState>
  readonly setMode: (mode: ThemeMode) => Effect.Effect<void>
  /** Merges over the current variables; a key set to `undefined` goes back to its default. */
  readonly setVariables: (variables: ThemeVariables) => Effect.Effect<void>
}

/**
 * Theme mode and variables (SPEC.md §2, §3).
 *
 * @since 0.1.0
 * @category tags
 */
export class Theme extends Context.Service<Theme, ThemeShape>()("@airlock/Theme") {}
