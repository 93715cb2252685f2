import * as Schema from "effect/Schema"
import { HttpUrl } from "./Primitives"
import { storageKey } from "./StorageKeys"

/**
 * What a visitor agreed to with the legal checkbox: the app's terms and privacy policy, by their URLs, so
 * that new URLs ask again. Stored per origin (localStorage is).
 */
export const LegalAgreement = Schema.Struct({
  termsConditionsUrl: Schema.optional(HttpUrl),
  privacyPolicyUrl: Schema.optional(HttpUrl)
}).annotate({ identifier: "LegalAgreement" })
export type LegalAgreement = typeof LegalAgreement.Type

export const legalAgreementKey = storageKey("@airlock/legal_agreement", LegalAgreement)
