import * as Schema from "effect/Schema"
import { hasControlCharacter } from "./Primitives"

/**
 * A CSS value the host supplies. The values are written into a stylesheet, so characters that could end
 * the declaration or rule (`;{}<>\`), control characters and `url(` (remote loads) are refused.
 */
export const CssValue = Schema.String.check(
  Schema.isMaxLength(200, { message: "Expected a CSS value of at most 200 characters" }),
  Schema.makeFilter(
    (value) => !/[;{}<>\\]/.test(value) && !hasControlCharacter(value) && !/url\s*\(/i.test(value),
    {
      message: "Expected a plain CSS value without ; { } < > \\, control characters or url(...)"
    }
  )
)
export type CssValue = typeof CssValue.Type

export const ThemeVariables = Schema.Struct({
  "--airlock-font-family": Schema.optional(CssValue),
  "--airlock-accent": Schema.optional(CssValue),
  "--airlock-color-mix": Schema.optional(CssValue),
  /** Percentage 0..100 of `--airlock-color-mix` blended into the palette. */
  "--airlock-color-mix-strength": Schema.optional(
    Schema.Number.check(
      Schema.isBetween(
        { minimum: 0, maximum: 100 },
        { message: "Expected a colour-mix strength between 0 and 100" }
      )
    )
  ),
  "--airlock-font-size-master": Schema.optional(CssValue),
  "--airlock-border-radius-master": Schema.optional(CssValue),
  "--airlock-z-index": Schema.optional(
    Schema.Number.check(Schema.isInt({ message: "Expected an integer z-index" }))
  ),
  "--airlock-qr-color": Schema.optional(CssValue)
}).annotate({ identifier: "ThemeVariables" })
export type ThemeVariables = typeof ThemeVariables.Type

/** SPEC §2 theme defaults; a host's variables override them key by key. */
export const DefaultTheme = {
  "--airlock-font-size-master": "10px",
  "--airlock-border-radius-master": "4px",
  "--airlock-z-index": 999,
  "--airlock-color-mix-strength": 0
} as const satisfies ThemeVariables
