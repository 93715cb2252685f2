/**
 * Text formats only lazily loaded code reads (SPEC.md §5): a decimal amount as a visitor types it, a name
 * to register. A module of its own, so the first paint does not carry them.
 */
import { patterned } from "./Primitives"

/**
 * A decimal number as typed by a user: optional minus, digits, optionally one dot followed by digits.
 * `1.` and `.5` are rejected: the amount input normalises them before decoding, so a decoded value is
 * always safe to hand to `parseUnits`.
 */
export const DecimalString = patterned(
  /^-?\d+(\.\d+)?$/,
  "Expected a decimal number such as 10, 0.25 or -1.5 (optional minus, at most one dot)"
)
export type DecimalString = typeof DecimalString.Type

/** A name to register (SPEC §5): letters, digits and hyphens, at least 4 characters. */
export const AccountName = patterned(
  /^[a-zA-Z0-9-]{4,}$/,
  "Expected a name of at least 4 characters: letters, digits and hyphens only"
)
export type AccountName = typeof AccountName.Type
