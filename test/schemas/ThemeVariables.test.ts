import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { ThemeSync } from "../../src/schemas/FrameSync"
import { CssValue, DefaultTheme, ThemeVariables } from "../../src/schemas/ThemeVariables"
import { accepts, hostile, NUM_RUNS, neverThrows, rejects } from "./helpers"

describe("ThemeVariables", () => {
  it("accepts every variable, all optional", () => {
    const variables = {
      "--airlock-font-family": '"Inter", system-ui, sans-serif',
      "--airlock-accent": "hsla(230, 100%, 67%, 1)",
      "--airlock-color-mix": "#000",
      "--airlock-color-mix-strength": 40,
      "--airlock-font-size-master": "12px",
      "--airlock-border-radius-master": "8px",
      "--airlock-z-index": 1000,
      "--airlock-qr-color": "#0988F0"
    }
    assert.deepStrictEqual(accepts(ThemeVariables, variables), variables)
    assert.deepStrictEqual(accepts(ThemeVariables, {}), {})
  })

  it("rejects out-of-range numbers and wrong types", () => {
    rejects(ThemeVariables, { "--airlock-color-mix-strength": 101 }, "between 0 and 100")
    rejects(ThemeVariables, { "--airlock-color-mix-strength": "40%" }, "--airlock-color-mix-strength")
    rejects(ThemeVariables, { "--airlock-z-index": 1.5 }, "Expected an integer z-index")
    rejects(ThemeVariables, { "--airlock-accent": 5 }, "--airlock-accent")
  })

  it("rejects CSS that could escape its declaration or load remote content", () => {
    for (const value of [
      "red;} body{display:none",
      "red}",
      "</style><script>",
      "url(https://evil.example/x)",
      "a\\62 c",
      "a\nb"
    ]) {
      rejects(ThemeVariables, { "--airlock-accent": value }, "Expected a plain CSS value")
    }
    rejects(ThemeVariables, { "--airlock-font-family": "x".repeat(201) }, "at most 200 characters")
  })

  it("drops unknown keys", () => {
    assert.deepStrictEqual(accepts(ThemeVariables, { "--w3m-accent": "red" }), {})
  })

  it("property: an accepted CSS value never contains a declaration breaker", () =>
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."ab1 #%(),;{}<>\\\n\"'/".split(""), "url(", "URL (") }),
        (value) => !Schema.is(CssValue)(value) || (!/[;{}<>\\\n]/.test(value) && !/url\s*\(/i.test(value))
      ),
      { numRuns: NUM_RUNS }
    ))

  it("property: total on arbitrary input", () => neverThrows(ThemeVariables, hostile))
})

describe("ThemeSync", () => {
  it("carries mode and variables", () => {
    accepts(ThemeSync, { themeMode: "dark", themeVariables: { "--airlock-accent": "#fff" } })
    rejects(
      ThemeSync,
      { themeMode: "sepia", themeVariables: {} },
      "themeMode: Expected a theme mode: light or dark"
    )
    rejects(ThemeSync, { themeMode: "dark" }, "themeVariables: is missing")
  })

  it("property: total on arbitrary input", () => neverThrows(ThemeSync))
})

describe("DefaultTheme", () => {
  it("holds the SPEC §2 defaults and is itself valid", () => {
    assert.deepStrictEqual(accepts(ThemeVariables, DefaultTheme), {
      "--airlock-font-size-master": "10px",
      "--airlock-border-radius-master": "4px",
      "--airlock-z-index": 999,
      "--airlock-color-mix-strength": 0
    })
  })
})
