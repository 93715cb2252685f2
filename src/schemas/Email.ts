/**
 * An email address as a visitor types it for the embedded wallet's login (SPEC.md §5). A module of its
 * own: only the lazily loaded email login reads it.
 */
import * as Schema from "effect/Schema"

/** Practical email check (one @, no whitespace, a dot in the domain); RFC 5321 caps it at 254 chars. */
export const Email = Schema.String.check(
  Schema.isMaxLength(254, { message: "Expected an email address of at most 254 characters" }),
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, {
    message: "Expected a valid email address, e.g. name@example.com"
  })
)
export type Email = typeof Email.Type
