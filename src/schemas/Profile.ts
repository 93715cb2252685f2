/**
 * The Blockchain API's account names (FACTS.md §1.5, SPEC.md §9: the `.reown.id` suffix, legacy
 * `.wcn.id`): a profile, its reverse look-up and name suggestions, each bounded and read like the rest of
 * that API (a bad list item is dropped).
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, SanitizedName } from "./ApiFields"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"

export const MAX_PROFILE_ADDRESSES = 32
export const MAX_REVERSE_PROFILES = 20
export const MAX_NAME_SUGGESTIONS = 20

const ProfileAddress = Schema.Struct({
  address: Schema.String.check(Schema.isMaxLength(128)),
  created: Schema.optional(Schema.String.check(Schema.isMaxLength(64)))
})

export const AccountProfile = Schema.Struct({
  name: SanitizedName,
  registered_at: Schema.optional(Schema.String.check(Schema.isMaxLength(64))),
  updated_at: Schema.optional(Schema.String.check(Schema.isMaxLength(64))),
  /** By SLIP-44 coin type (`"60"`: EVM). */
  addresses: Schema.Record(Schema.String.check(Schema.isPattern(/^\d{1,10}$/)), ProfileAddress).check(
    Schema.makeFilter((record) => Object.keys(record).length <= MAX_PROFILE_ADDRESSES, {
      message: `Expected at most ${MAX_PROFILE_ADDRESSES} addresses`
    })
  )
}).annotate({ identifier: "AccountProfile" })
export type AccountProfile = typeof AccountProfile.Type

export const NameSuggestion = Schema.Struct({
  name: SanitizedName,
  registered: Schema.Boolean
}).annotate({ identifier: "NameSuggestion" })
export type NameSuggestion = typeof NameSuggestion.Type

/** `GET v1/profile/account/{name}` and the answer to `POST v1/profile/account`. */
export const decodeProfile = decodeUnknownResult(AccountProfile, "Account name response")

/** `GET v1/profile/reverse/{address}`: the names of an address, the bad ones dropped. */
export const decodeReverseProfiles = (
  input: unknown
): Result.Result<ReadonlyArray<AccountProfile>, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(Schema.Array(Schema.Unknown), "Reverse name response")(input),
    (all) => decodeItems(AccountProfile)(all.slice(0, MAX_REVERSE_PROFILES)).items
  )

/** `GET v1/profile/suggestions/{name}`. */
export const decodeNameSuggestions = (
  input: unknown
): Result.Result<ReadonlyArray<NameSuggestion>, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(
      Schema.Struct({ suggestions: Schema.Array(Schema.Unknown) }),
      "Name suggestions"
    )(input),
    ({ suggestions }) => decodeItems(NameSuggestion)(suggestions.slice(0, MAX_NAME_SUGGESTIONS)).items
  )
