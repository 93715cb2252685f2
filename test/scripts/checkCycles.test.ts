import { assert, describe, it } from "@effect/vitest"
import * as CheckCycles from "../../scripts/check-cycles.mjs"

describe("parseImports", () => {
  it("counts static imports, side-effect imports, re-exports and literal dynamic imports", () => {
    const source = [
      `import * as Effect from "effect/Effect"`,
      `import Default, { named } from "./a"`,
      `import "./b"`,
      `import { type T, value } from "./c"`,
      `export { thing } from "./d"`,
      `export * from "./e"`,
      `export * as ns from "./f"`,
      `const lazy = () => import("./g")`,
      "const template = () => import(`./h`)"
    ].join("\n")
    assert.deepStrictEqual(CheckCycles.parseImports(source), [
      "effect/Effect",
      "./a",
      "./b",
      "./c",
      "./d",
      "./e",
      "./f",
      "./g",
      "./h"
    ])
  })

  it("counts type-only imports and exports too: a cycle closed by a type still ties the two modules", () => {
    const source = [
      `import type { A } from "./typeOnly"`,
      `import type * as B from "./typeNamespace"`,
      `import { type C, type D } from "./inlineTypes"`,
      `export type { E } from "./typeExport"`,
      `export { type F } from "./inlineTypeExport"`,
      `export type * from "./typeStar"`,
      `type G = typeof import("./typeofImport")`
    ].join("\n")
    assert.deepStrictEqual(CheckCycles.parseImports(source), [
      "./typeOnly",
      "./typeNamespace",
      "./inlineTypes",
      "./typeExport",
      "./inlineTypeExport",
      "./typeStar",
      "./typeofImport"
    ])
  })

  it("leaves out what only looks like an import", () => {
    const source = [
      `// import { h } from "./comment"`,
      `/** import("./docComment") */`,
      `const text = 'import { i } from "./string"'`,
      "const computed = (name: string) => import(name)"
    ].join("\n")
    assert.deepStrictEqual(CheckCycles.parseImports(source), [])
  })

  it("reads TSX", () => {
    const source = `import { View } from "./View"\nexport const App = () => <View title="import('./x')" />`
    assert.deepStrictEqual(CheckCycles.parseImports(source, "App.tsx"), ["./View"])
  })
})

describe("resolveSpecifier", () => {
  const modules = new Set(["src/a.ts", "src/b.tsx", "src/dir/index.ts", "src/views/index.tsx", "src/c.ts"])

  it("tries the file, .ts, .tsx and a folder's index", () => {
    assert.strictEqual(CheckCycles.resolveSpecifier("src/x.ts", "./a", modules), "src/a.ts")
    assert.strictEqual(CheckCycles.resolveSpecifier("src/x.ts", "./b", modules), "src/b.tsx")
    assert.strictEqual(CheckCycles.resolveSpecifier("src/x.ts", "./dir", modules), "src/dir/index.ts")
    assert.strictEqual(
      CheckCycles.resolveSpecifier("src/dir/y.ts", "../views", modules),
      "src/views/index.tsx"
    )
    assert.strictEqual(CheckCycles.resolveSpecifier("src/dir/y.ts", "../c.ts", modules), "src/c.ts")
  })

  it("ignores packages and files it does not know", () => {
    assert.isUndefined(CheckCycles.resolveSpecifier("src/x.ts", "effect/Effect", modules))
    assert.isUndefined(CheckCycles.resolveSpecifier("src/x.ts", "./missing", modules))
  })
})

describe("findCycles", () => {
  const acyclic = new Map([
    ["a", ["b", "c"]],
    ["b", ["c"]],
    ["c", []],
    ["d", ["a"]]
  ])

  it("finds none in an acyclic graph", () => {
    assert.deepStrictEqual(CheckCycles.findCycles(acyclic), [])
  })

  it("finds each knot once, with every module caught in it", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["f"]],
      ["f", ["e"]],
      ["g", ["g"]]
    ])
    assert.deepStrictEqual(CheckCycles.findCycles(graph), [["a", "b", "c"], ["e", "f"], ["g"]])
  })

  it("prints a shortest path back to the first module", () => {
    const graph = new Map([
      ["a", ["b", "x"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["x", ["a"]]
    ])
    const [component] = CheckCycles.findCycles(graph)
    assert.deepStrictEqual(component, ["a", "b", "c", "x"])
    assert.deepStrictEqual(CheckCycles.cyclePath(graph, component ?? []), ["a", "x", "a"])
  })
})

describe("importGraph", () => {
  it("sees a cycle whether it is closed by a value import or by a type-only one", () => {
    const withCycle = new Map([
      ["src/layers/Live.ts", `import { Router } from "../services/Router"`],
      ["src/services/Router.ts", `import { make } from "../layers/Live"\nexport const Router = make`]
    ])
    assert.deepStrictEqual(CheckCycles.findCycles(CheckCycles.importGraph(withCycle)), [
      ["src/layers/Live.ts", "src/services/Router.ts"]
    ])

    const typeOnly = new Map([
      ["src/layers/Live.ts", `import { Router } from "../services/Router"`],
      ["src/services/Router.ts", `import type { Shape } from "../layers/Live"\nexport const Router = 1`]
    ])
    assert.deepStrictEqual(CheckCycles.findCycles(CheckCycles.importGraph(typeOnly)), [
      ["src/layers/Live.ts", "src/services/Router.ts"]
    ])
  })
})
