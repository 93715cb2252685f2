import * as Schema from "effect/Schema"
import { decodeUnknownEither } from "./decode"

const NullableText = Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })

/** The wire shape of `GET /v1/identity/{address}`: `{ name: string | null, avatar: string | null }`. */
export const IdentityResponse = Schema.Struct({
  name: NullableText,
  avatar: NullableText
}).annotations({ identifier: "IdentityResponse" })

/**
 * An address's name and avatar; the API's `null` (or a missing key) decodes to `undefined`. The avatar is
 * an untrusted URL: the renderer applies its own scheme rules (THREATS T3).
 */
export const Identity = Schema.transform(
  IdentityResponse,
  Schema.Struct({ name: Schema.UndefinedOr(Schema.String), avatar: Schema.UndefinedOr(Schema.String) }),
  {
    strict: true,
    decode: (wire) => ({ name: wire.name ?? undefined, avatar: wire.avatar ?? undefined }),
    encode: (identity) => ({ name: identity.name ?? null, avatar: identity.avatar ?? null })
  }
).annotations({ identifier: "Identity" })
export type Identity = typeof Identity.Type

export const decodeIdentityResponse = decodeUnknownEither(Identity, "Identity response")
