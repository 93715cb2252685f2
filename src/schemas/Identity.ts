import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { decodeUnknownResult } from "./decode"
import { optionalWithDefault } from "./Primitives"
import { ensName, safeIconUrl } from "./ThirdPartyText"

const NullableText = optionalWithDefault(Schema.NullOr(Schema.String), () => null)

/** The wire shape of `GET /v1/identity/{address}`: `{ name: string | null, avatar: string | null }`. */
export const IdentityResponse = Schema.Struct({
  name: NullableText,
  avatar: NullableText
}).annotate({ identifier: "IdentityResponse" })

/**
 * An address's name and avatar, safe to show (THREATS T3): the name a valid, normalised ENS-style name,
 * the avatar a URL fit for `<img src>`. The API's `null`, a missing key, any other name and an unsafe
 * avatar URL all decode to `undefined`.
 */
export const Identity = IdentityResponse.pipe(
  Schema.decodeTo(
    Schema.Struct({ name: Schema.UndefinedOr(Schema.String), avatar: Schema.UndefinedOr(Schema.String) }),
    {
      decode: SchemaGetter.transform((wire) => ({
        name: ensName(wire.name),
        avatar: safeIconUrl(wire.avatar)
      })),
      encode: SchemaGetter.transform((identity) => ({
        name: identity.name ?? null,
        avatar: identity.avatar ?? null
      }))
    }
  )
).annotate({ identifier: "Identity" })
export type Identity = typeof Identity.Type

export const decodeIdentityResponse = decodeUnknownResult(Identity, "Identity response")
