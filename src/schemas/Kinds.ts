/**
 * Two enumerations the first paint needs as types only: the account types (SPEC.md §4) and the social
 * providers the embedded wallet's redirect accepts (SPEC.md §5). Only lazily loaded code checks them at
 * run time, so they are a module of their own, which the first paint does not carry.
 */
import * as Schema from "effect/Schema"

/** bip122 accounts are "payment" or "ordinal"; the others "eoa" or "smartAccount". */
export const AccountType = Schema.Literals(["eoa", "smartAccount", "payment", "ordinal"]).annotate({
  identifier: "AccountType",
  message: "Expected an account type: eoa, smartAccount, payment or ordinal"
})
export type AccountType = typeof AccountType.Type

/** Providers the embedded wallet's social redirect accepts (SPEC §5). */
export const SocialProvider = Schema.Literals([
  "google",
  "github",
  "apple",
  "facebook",
  "x",
  "discord"
]).annotate({
  identifier: "SocialProvider",
  message: "Expected a social provider: google, github, apple, facebook, x or discord"
})
export type SocialProvider = typeof SocialProvider.Type
