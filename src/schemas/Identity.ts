import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { decodeUnknownResult } from "./decode"
import { optionalWithDefault } from "./Primitives"

const NullableText = optionalWithDefault(Schema.NullOr(Schema.String), () => null)

/** The wire shape of `GET /v1/identity/{address}`: `{ name: string | null, avatar: string | null }`. */
export const IdentityResponse = Schema.Struct({
  name: NullableText,
  avatar: NullableText
}).annotate({ identifier: "IdentityResponse" })

/**
 * An address's name and avatar; the API's `null` (or a missing key) decodes to `undefined`. The avatar is
 * an untrusted URL: the renderer applies its own scheme rules (THREATS T3).
 */
export const Identity = IdentityResponse.pipe(
  Schema.decodeTo(
    Schema.Struct({ name: Schema.UndefinedOr(Schema.String), avatar: Schema.UndefinedOr(Schema.String) }),
    {
      decode: SchemaGetter.transform((wire) => ({
        name: wire.name ?? undefined,
        avatar: wire.avatar ?? undefined
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
