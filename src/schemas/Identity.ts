import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { decodeUnknownResult } from "./decode"
import { optionalWithDefault } from "./Primitives"
import { safeIconUrl } from "./ThirdPartyText"

/** Dot-separated lowercase labels of letters, digits, `_` and inner `-`; a last label of 2+ letters or digits. */
const ENS_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9]{2,63}$/
const MAX_ENS_NAME_LENGTH = 100

/**
 * A name that may stand for an account: a valid, normalised ENS-style name (`alice.eth`,
 * `alice.reown.id`), else `undefined`. A name service's `name` can be any text; only this shape is shown
 * as the account's title, so no sentence or look-alike text can pose as one.
 */
const ensName = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= MAX_ENS_NAME_LENGTH && ENS_NAME.test(value) ? value : undefined

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
