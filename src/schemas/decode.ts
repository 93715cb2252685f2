import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Formatter from "effect/Formatter"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaIssue from "effect/SchemaIssue"

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

interface PathMessage {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

const messageOf = (annotations: SchemaAST.AST["annotations"] | undefined): string | undefined =>
  typeof annotations?.message === "string" ? annotations.message : undefined

/** `Expected <identifier or type>`, as effect words it for an issue that carries no input. */
const expected = (ast: SchemaAST.AST): string => SchemaIssue.defaultLeafHook(new SchemaIssue.InvalidType(ast))

const actual = (issue: SchemaIssue.Issue): string =>
  "input" in issue ? `, actual ${Formatter.format(issue.input)}` : ""

/**
 * Flattens an issue tree into `path: message` leaves. A `message` annotation on a schema or a check is the
 * whole message for its subtree (a union's message replaces the member-by-member report); `label` is the
 * failed check's own description of what it expected.
 */
const leaves = (
  issue: SchemaIssue.Issue,
  path: ReadonlyArray<PropertyKey>,
  label?: unknown
): ReadonlyArray<PathMessage> => {
  switch (issue._tag) {
    case "Pointer":
      return leaves(issue.issue, [...path, ...issue.path], label)
    case "Encoding":
      return leaves(issue.issue, path, label)
    case "Filter": {
      const message = messageOf(issue.filter.annotations)
      return message === undefined
        ? leaves(issue.issue, path, issue.filter.annotations?.expected)
        : [{ path, message }]
    }
    case "Composite": {
      const message = messageOf(issue.ast.annotations)
      return message === undefined
        ? issue.issues.flatMap((inner) => leaves(inner, path))
        : [{ path, message }]
    }
    case "AnyOf": {
      const message = messageOf(issue.ast.annotations)
      if (message !== undefined) return [{ path, message }]
      if (issue.issues.length > 0) return issue.issues.flatMap((inner) => leaves(inner, path))
      return [{ path, message: `${expected(issue.ast)}${actual(issue)}` }]
    }
    case "InvalidType":
      return [{ path, message: messageOf(issue.ast.annotations) ?? `${expected(issue.ast)}${actual(issue)}` }]
    case "InvalidValue": {
      const description = issue.annotations?.expected ?? label
      return [
        {
          path,
          message:
            messageOf(issue.annotations) ??
            `Expected ${typeof description === "string" ? description : "a valid value"}${actual(issue)}`
        }
      ]
    }
    case "MissingKey":
      return [{ path, message: issue.annotations?.messageMissingKey ?? "is missing" }]
    case "UnexpectedKey":
      return [{ path, message: "is unexpected" }]
    case "Forbidden":
      return [{ path, message: messageOf(issue.annotations) ?? "is forbidden" }]
    case "OneOf":
      return [{ path, message: SchemaIssue.defaultLeafHook(issue) }]
  }
}

/**
 * The first few issues as `path: message`, joined with `; `, capped in length (messages echo input).
 * Total: a pathologically deep input can overflow the formatter's stack, and then the message says so.
 */
export const formatSchemaError = (error: Schema.SchemaError): string => {
  try {
    return formatIssues(error.issue)
  } catch {
    return "the value is too deeply nested to describe"
  }
}

const formatIssues = (issue: SchemaIssue.Issue): string => {
  const seen = new Set<string>()
  const issues = leaves(issue, []).filter((leaf) => {
    // A key matched by both a property and an index signature (e.g. rpcUrls.default) reports twice.
    const id = `${formatPath(leaf.path)}\u0000${leaf.message}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
  const shown = issues.slice(0, MAX_ISSUES).map((leaf) => {
    const path = formatPath(leaf.path)
    return path === "" ? leaf.message : `${path}: ${leaf.message}`
  })
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : ""
  const text = shown.join("; ") + more
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : text
}

export const toSchemaDecodeError = (subject: string, error: Schema.SchemaError): SchemaDecodeError =>
  new SchemaDecodeError({ subject, message: `${subject}: ${formatSchemaError(error)}` })

// All issues with the offending values, so the message can list the first few; excess keys are dropped.
const parseOptions = { errors: "all", reportInput: true } as const

export const decodeUnknownEffect =
  <S extends Schema.Decoder<unknown>>(schema: S, subject: string) =>
  (input: unknown): Effect.Effect<S["Type"], SchemaDecodeError> =>
    Effect.mapError(Schema.decodeUnknownEffect(schema, parseOptions)(input), (error) =>
      toSchemaDecodeError(subject, error)
    )

export const decodeUnknownResult =
  <S extends Schema.Decoder<unknown>>(schema: S, subject: string) =>
  (input: unknown): Result.Result<S["Type"], SchemaDecodeError> =>
    Result.mapError(Schema.decodeUnknownResult(schema, parseOptions)(input), (error) =>
      toSchemaDecodeError(subject, error)
    )
