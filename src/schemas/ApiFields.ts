/**
 * The fields the provider's HTTP APIs answer with (balances, activity, swaps, onramp, listings), as
 * schemas: empty values sent as `null`, dates, third-party names and images made safe, lists whose bad
 * items are dropped. Only the lazily loaded clients of those APIs use them, so they stay out of the
 * first paint.
 */
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { safeIconUrl, sanitizeName } from "./ThirdPartyText"

/** ISO 8601 date-time as the history API sends it, e.g. `2024-05-01T10:00:00Z`. */
export const IsoDateTimeString = Schema.String.check(
  Schema.makeFilter(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
    { message: "Expected an ISO 8601 date-time, e.g. 2024-05-01T10:00:00Z" }
  )
)
export type IsoDateTimeString = typeof IsoDateTimeString.Type

/** An optional field the provider APIs send as `null` when empty: null decodes to an absent key. */
export const optionalNullable = <S extends Schema.Top>(schema: S) =>
  Schema.optional(Schema.NullOr(schema)).pipe(
    Schema.decodeTo(Schema.optional(Schema.toType(schema)), {
      decode: SchemaGetter.transformOptional(Option.filter(Predicate.isNotNullish)),
      encode: SchemaGetter.passthrough({ strict: false })
    })
  )

/** Like `optionalWithDefault` (Primitives), and `null` decodes to `value` too. */
export const nullableWithDefault = <S extends Schema.Top>(schema: S, value: () => S["Type"]) =>
  Schema.optional(Schema.NullOr(schema)).pipe(
    Schema.decodeTo(Schema.toType(schema), {
      decode: SchemaGetter.transformOptional((input) =>
        Option.some(Option.getOrElse(Option.filter(input, Predicate.isNotNullish), value))
      ),
      encode: SchemaGetter.passthrough({ strict: false })
    })
  )

/** Per-item tolerance result: the items that decoded, and how many were dropped (for logging). */
export interface Tolerant<A> {
  readonly items: ReadonlyArray<A>
  readonly dropped: number
}

/** Decodes each item on its own and drops the invalid ones (THREATS T15: keep the rest). */
export const decodeItems =
  <S extends Schema.Decoder<unknown>>(schema: S) =>
  (items: ReadonlyArray<unknown>): Tolerant<S["Type"]> => {
    const decode = Schema.decodeUnknownResult(schema)
    const valid: Array<S["Type"]> = []
    for (const item of items) {
      const result = decode(item)
      if (Result.isSuccess(result)) valid.push(result.success)
    }
    return { items: valid, dropped: items.length - valid.length }
  }

/** Third-party text decoded by {@link sanitizeName}: plain text, or `undefined` when nothing readable is left. */
export const SanitizedName = Schema.String.pipe(
  Schema.decodeTo(Schema.UndefinedOr(Schema.String), {
    decode: SchemaGetter.transform(sanitizeName),
    encode: SchemaGetter.transform((name) => name ?? "")
  })
)

/** A third-party image URL decoded by {@link safeIconUrl}: fit for `<img src>`, else `undefined`. */
export const SafeImageUrl = Schema.String.pipe(
  Schema.decodeTo(Schema.UndefinedOr(Schema.String), {
    decode: SchemaGetter.transform(safeIconUrl),
    encode: SchemaGetter.transform((url) => url ?? "")
  })
)
