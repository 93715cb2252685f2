/**
 * The Blockchain API's smart sessions (ERC-7715 permissions granted to a dapp, FACTS.md §1.5): the list an
 * account has, each session with its project, permissions and policies. Bounded like the rest of that
 * API: a bad session is dropped, long lists are cut.
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { decodeItems, SanitizedName } from "./ApiFields"
import type { Listed } from "./Convert"
import { decodeUnknownResult, type SchemaDecodeError } from "./decode"

export const MAX_SMART_SESSIONS = 50
const MAX_ITEMS = 16
/** A permission's or policy's `data` is the dapp's: kept as it came, if its JSON text is this short. */
const MAX_DATA_CHARS = 4096

const Seconds = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

const Item = Schema.Struct({
  type: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.:-]{1,64}$/)),
  data: Schema.Unknown.check(
    Schema.makeFilter(
      (data) => {
        try {
          return (JSON.stringify(data) ?? "").length <= MAX_DATA_CHARS
        } catch {
          return false
        }
      },
      { message: `Expected data of at most ${MAX_DATA_CHARS} characters of JSON` }
    )
  )
})

export const SmartSession = Schema.Struct({
  project: Schema.Struct({
    id: Schema.String.check(Schema.isMaxLength(128)),
    name: SanitizedName,
    url: Schema.String.check(Schema.isMaxLength(512)),
    iconUrl: Schema.optional(Schema.String.check(Schema.isMaxLength(2048)))
  }),
  pci: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.:-]{1,128}$/)),
  expiry: Seconds,
  createdAt: Seconds,
  permissions: Schema.Array(Item).check(Schema.isMaxLength(MAX_ITEMS)),
  policies: Schema.Array(Item).check(Schema.isMaxLength(MAX_ITEMS)),
  context: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{0,8192}$/)),
  revokedAt: Schema.optional(Seconds)
}).annotate({ identifier: "SmartSession" })
export type SmartSession = typeof SmartSession.Type

/** `GET v1/sessions/{caipAddress}`: `{ pcis }`, each session decoded on its own. */
export const decodeSmartSessions = (input: unknown): Result.Result<Listed<SmartSession>, SchemaDecodeError> =>
  Result.map(
    decodeUnknownResult(
      Schema.Struct({ pcis: Schema.Array(Schema.Unknown) }),
      "Smart sessions response"
    )(input),
    ({ pcis }) => {
      const { items, dropped } = decodeItems(SmartSession)(pcis.slice(0, MAX_SMART_SESSIONS))
      return { items, dropped: dropped + Math.max(0, pcis.length - MAX_SMART_SESSIONS) }
    }
  )
