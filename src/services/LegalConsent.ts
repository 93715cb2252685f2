import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { LegalConsentRequiredError } from "../legalErrors"

/** Where the visitor stands with the app's terms (the `getConnectOptions().legal` shape). */
export interface LegalConsentState {
  /** `features.legalCheckbox` is on: every way to connect waits for the visitor's agreement. */
  readonly required: boolean
  /** The visitor agreed to the app's current terms (remembered for the page's origin). */
  readonly accepted: boolean
}

export interface LegalConsentShape {
  readonly state: SubscriptionRef.SubscriptionRef<LegalConsentState>
  /** The visitor agrees to the app's terms and privacy policy; remembered. Nothing to do with the flag off. */
  readonly accept: Effect.Effect<void>
  /** The visitor takes the agreement back; every way to connect waits again. */
  readonly withdraw: Effect.Effect<void>
  /** Succeeds when a connect may start: consent not required, or given. */
  readonly check: Effect.Effect<void, LegalConsentRequiredError>
}

/**
 * The legal checkbox's rule (`features.legalCheckbox`): whether a connect may start. The flow, the email
 * login and the social login ask it before every connect; the Connect view and headless hosts show it.
 *
 * @since 0.5.0
 * @category tags
 */
export class LegalConsent extends Context.Service<LegalConsent, LegalConsentShape>()(
  "@airlock/LegalConsent"
) {}
