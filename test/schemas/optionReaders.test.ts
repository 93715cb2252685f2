/**
 * Every option `createModal` decodes has a reader (issue 29): a grep of `src/`, outside the options'
 * schema, for each key of the options, read as a property (`config.debug`) or destructured
 * (`const { debug } = …`), and each flag of `features`, read from the features (`features.history`,
 * `features?.history`, `const { history } = config.features`), so that another thing's `history` is not
 * taken for it. Comments and quoted strings do not count, so a log line naming an option is not a
 * reader. A key with none is an option that silently does nothing: the test lists them.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { Features, ModalOptions } from "../../src/schemas/ModalOptions"

const SRC = join(import.meta.dirname, "../../src")
const SCHEMA = "schemas/ModalOptions.ts"

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })

/** `source` without its comments and quoted strings (template literals stay: their `${…}` is code). */
const codeOf = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, " ")

/** Whether `code` reads the option `key`: as a property, or destructured from an object. */
const readsOption = (key: string) => new RegExp(`\\.${key}\\b|\\{[^{}]*\\b${key}\\b[^{}]*\\}\\s*=[^=>]`)

/** Whether `code` reads the flag `key` of `features`: as its property, or destructured from it. */
const readsFeature = (key: string) =>
  new RegExp(`features\\??\\.${key}\\b|\\{[^{}]*\\b${key}\\b[^{}]*\\}\\s*=[^=>][^;]*features`)

/** The keys none of `codes` reads (as `reader` tells), in the order given. */
const unread = (
  keys: ReadonlyArray<string>,
  codes: ReadonlyArray<string>,
  reader: (key: string) => RegExp = readsOption
): ReadonlyArray<string> => keys.filter((key) => !codes.some((code) => reader(key).test(code)))

describe("the options' readers", () => {
  it("finds a property read or a destructuring, never a comment, a string or a write", () => {
    const codes = [
      codeOf(`const a = config.debug; // config.analytics
const { history, send: sending } = config.features
log("config.swaps")
const written = { pay: true }`)
    ]
    assert.deepStrictEqual(unread(["debug", "history", "send", "analytics", "swaps", "pay"], codes), [
      "analytics",
      "swaps",
      "pay"
    ])
    const other = [codeOf("const page = blockchain.history(address)\nconst { pay } = checkout")]
    assert.deepStrictEqual(unread(["history", "pay"], other, readsFeature), ["history", "pay"])
    const flags = [codeOf("if (config.features.history) show()\nconst { pay } = options.features")]
    assert.deepStrictEqual(unread(["history", "pay"], flags, readsFeature), [])
  })

  it("every decoded option and feature flag is read somewhere in src/ outside its schema", () => {
    const codes = sourceFiles(SRC)
      .filter((path) => relative(SRC, path) !== SCHEMA)
      .map((path) => codeOf(readFileSync(path, "utf8")))
    const options = Object.keys(ModalOptions.fields)
    const features = Object.keys(Features.fields)
    assert.isAbove(options.length, 30, "the options' keys were found")
    assert.isAbove(features.length, 15, "the feature flags were found")
    assert.deepStrictEqual(unread(options, codes), [], "options decoded and never read")
    assert.deepStrictEqual(unread(features, codes, readsFeature), [], "feature flags decoded and never read")
  })
})
