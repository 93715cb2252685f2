/**
 * What the embedded wallet (email and social login) keeps in local storage: the login it was made with and
 * the account type the visitor prefers. Apart from the modal's own keys (StorageKeys.ts) because only the
 * embedded wallet's lazily loaded code reads and writes them.
 */
import * as Schema from "effect/Schema"
import { Email } from "./Email"
import { AccountType } from "./Kinds"
import { CaipNetworkId, FiniteNumber, SocialOption } from "./Primitives"
import { byNamespace, storageKey } from "./StorageKeys"

export const PreferredAccountTypes = byNamespace(AccountType).annotate({
  identifier: "PreferredAccountTypes"
})
export type PreferredAccountTypes = typeof PreferredAccountTypes.Type

/** Milliseconds since the epoch. */
const Timestamp = FiniteNumber.check(
  Schema.isGreaterThanOrEqualTo(0, { message: "Expected a non-negative time in milliseconds" })
)

export const EmbeddedStorageKeys = {
  connectedSocialProvider: storageKey("@airlock/social_provider", SocialOption),
  socialUsername: storageKey("@airlock/social_username", Schema.String),
  preferredAccountTypes: storageKey("@airlock/preferred_account_types", PreferredAccountTypes),
  emailLoginUsed: storageKey("@airlock/email_login_used", Schema.Boolean),
  email: storageKey("@airlock/email", Email),
  lastEmailLoginTime: storageKey("@airlock/last_email_login_time", Timestamp),
  smartAccountEnabledNetworks: storageKey(
    "@airlock/smart_account_enabled_networks",
    Schema.Array(CaipNetworkId)
  )
} as const
