import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LegalConsentRequiredError } from "../../legalErrors"
import { type LegalAgreement, legalAgreementKey } from "../../schemas/LegalAgreement"
import { LegalConsent, type LegalConsentState } from "../../services/LegalConsent"
import { ModalConfig } from "../../services/ModalConfig"
import { Storage } from "../../services/Storage"

/** An agreement stands for the app's terms as they are now: new URLs ask the visitor again. */
const agreesTo = (stored: LegalAgreement, current: LegalAgreement) =>
  stored.termsConditionsUrl === current.termsConditionsUrl &&
  stored.privacyPolicyUrl === current.privacyPolicyUrl

export const makeLegalConsent = Effect.gen(function* () {
  const config = yield* ModalConfig
  const storage = yield* Storage
  const required = config.features.legalCheckbox
  const current: LegalAgreement = {
    termsConditionsUrl: config.termsConditionsUrl,
    privacyPolicyUrl: config.privacyPolicyUrl
  }
  // Storage is read only when the app asks for consent: with the flag off nothing is remembered.
  const accepted = required
    ? Option.exists(yield* storage.get(legalAgreementKey), (stored) => agreesTo(stored, current))
    : false
  const state = yield* SubscriptionRef.make<LegalConsentState>({ required, accepted })

  const record = (agreed: boolean) =>
    required
      ? Effect.andThen(
          agreed ? storage.set(legalAgreementKey, current) : storage.remove(legalAgreementKey),
          SubscriptionRef.set(state, { required, accepted: agreed })
        )
      : Effect.void

  return LegalConsent.of({
    state,
    accept: record(true),
    withdraw: record(false),
    check: Effect.flatMap(SubscriptionRef.get(state), (s) =>
      s.required && !s.accepted ? Effect.fail(new LegalConsentRequiredError({})) : Effect.void
    )
  })
})

/**
 * @since 0.5.0
 * @category layers
 */
export const LegalConsentLive: Layer.Layer<LegalConsent, never, ModalConfig | Storage> = Layer.effect(
  LegalConsent,
  makeLegalConsent
)
