import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

/** Untrusted data did not match its schema. `message` is `${subject}: ${readable issues}`. */
export class SchemaDecodeError extends Data.TaggedError("SchemaDecodeError")<{
  readonly subject: string
  readonly message: string
}> {}

const MAX_ISSUES = 5
const MAX_MESSAGE_LENGTH = 600

const formatPath = (path: ReadonlyArray<PropertyKey>): string =>
  path
    .map((key, index) =>
      typeof key === "number"
        ? `[${key}]`
        : index === 0
          ? String(key)
          : /^[A-Za-z_$][\w$]*$/.test(String(key))
            ? `.${String(key)}`
            : `[${JSON.stringify(String(key))}]`
    )
    .join("")

/**
 * The first few issues as `path: message`, joined with `; `, capped in length (messages echo input).
 * Total: a pathologically deep input can overflow the formatter's stack, and then the message says so.
 */
export const formatParseError = (error: ParseResult.ParseError): string => {
  try {
    return formatIssues(error)
  } catch {
    return "the value is too deeply nested to describe"
  }
}

const formatIssues = (error: ParseResult.ParseError): string => {
  const all = ParseResult.ArrayFormatter.formatErrorSync(error)
  const isPrefix = (prefix: ReadonlyArray<PropertyKey>, path: ReadonlyArray<PropertyKey>) =>
    prefix.length <= path.length && prefix.every((key, i) => key === path[i])
  const seen = new Set<string>()
  const issues = all.filter((issue, index) => {
    // An optional field's `undefined` alternative is noise next to the real problem at or under it.
    if (
      issue.message.startsWith("Expected undefined, actual") &&
      all.some((other, j) => j !== index && isPrefix(issue.path, other.path))
    ) {
      return false
    }
    // A key matched by both a property and an index signature (e.g. rpcUrls.default) reports twice.
    const id = `${formatPath(issue.path)}\u0000${issue.message}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
  const shown = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = formatPath(issue.path)
    return path === "" ? issue.message : `${path}: ${issue.message}`
  })
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : ""
  const text = shown.join("; ") + more
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text
}

export const toSchemaDecodeError = (subject: string, error: ParseResult.ParseError): SchemaDecodeError =>
  new SchemaDecodeError({ subject, message: `${subject}: ${formatParseError(error)}` })

// All issues, so the message can list the first few; excess keys are dropped (the default).
const parseOptions = { errors: "all" } as const

export const decodeUnknown =
  <A, I>(schema: Schema.Schema<A, I>, subject: string) =>
  (input: unknown): Effect.Effect<A, SchemaDecodeError> =>
    Effect.mapError(Schema.decodeUnknown(schema, parseOptions)(input), (error) =>
      toSchemaDecodeError(subject, error)
    )

export const decodeUnknownEither =
  <A, I>(schema: Schema.Schema<A, I>, subject: string) =>
  (input: unknown): Either.Either<A, SchemaDecodeError> =>
    Either.mapLeft(Schema.decodeUnknownEither(schema, parseOptions)(input), (error) =>
      toSchemaDecodeError(subject, error)
    )

/** Per-item tolerance result: the items that decoded, and how many were dropped (for logging). */
export interface Tolerant<A> {
  readonly items: ReadonlyArray<A>
  readonly dropped: number
}

/** Decodes each item on its own and drops the invalid ones (THREATS T15: keep the rest). */
export const decodeItems =
  <A, I>(schema: Schema.Schema<A, I>) =>
  (items: ReadonlyArray<unknown>): Tolerant<A> => {
    const decode = Schema.decodeUnknownEither(schema)
    const valid: Array<A> = []
    for (const item of items) {
      const result = decode(item)
      if (Either.isRight(result)) valid.push(result.right)
    }
    return { items: valid, dropped: items.length - valid.length }
  }
