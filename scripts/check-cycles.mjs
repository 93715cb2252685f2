// npm run check:cycles: fails when the modules under src/ import each other in a cycle.
// Every import counts, type-only ones included (as `madge --circular` over the same tree counts them): a
// cycle closed by `import type` still ties two modules so that neither can be read or moved alone.
import { readdir, readFile } from "node:fs/promises"
import { join, posix, relative, sep } from "node:path"
import { pathToFileURL } from "node:url"
import ts from "typescript"
import { repoRoot } from "./vite.mjs"

/** @param {ts.Node | undefined} node */
const literalText = (node) =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined

/**
 * The specifiers a module names: static imports and re-exports (type-only ones too), `import("…")` and
 * `typeof import("…")` with a literal specifier, in source order.
 * @param {string} source
 * @param {string} [fileName]
 * @returns {Array<string>}
 */
export function parseImports(source, fileName = "module.tsx") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  /** @type {Array<string>} */
  const specifiers = []
  /** @param {string | undefined} specifier */
  const add = (specifier) => {
    if (specifier !== undefined) specifiers.push(specifier)
  }
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(literalText(node.moduleSpecifier))
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(literalText(node.arguments[0]))
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(literalText(node.argument.literal))
    ts.forEachChild(node, visit)
  }
  visit(file)
  return specifiers
}

/**
 * The module a relative `specifier` in `fromFile` names, among `modules` (POSIX paths), trying the file
 * itself, `.ts`, `.tsx` and a folder's `index.ts(x)`; `undefined` for packages and unknown files.
 * @param {string} fromFile
 * @param {string} specifier
 * @param {ReadonlySet<string>} modules
 * @returns {string | undefined}
 */
export function resolveSpecifier(fromFile, specifier, modules) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined
  const base = posix.normalize(posix.join(posix.dirname(fromFile), specifier))
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((candidate) => modules.has(candidate))
}

/**
 * The strongly connected components of `graph` (module → modules it imports) that contain a cycle (Tarjan),
 * each sorted, in a stable order.
 * @param {ReadonlyMap<string, ReadonlyArray<string>>} graph
 * @returns {Array<Array<string>>}
 */
export function findCycles(graph) {
  /** @type {Map<string, { index: number, low: number }>} Each visited module's number and the lowest it reaches back to. */
  const visits = new Map()
  /** @type {Set<string>} */
  const onStack = new Set()
  /** @type {Array<string>} */
  const stack = []
  /** @type {Array<Array<string>>} */
  const components = []
  /**
   * @param {string} module
   * @returns {{ index: number, low: number }}
   */
  const connect = (module) => {
    const visit = { index: visits.size, low: visits.size }
    visits.set(module, visit)
    stack.push(module)
    onStack.add(module)
    for (const next of graph.get(module) ?? []) {
      const seen = visits.get(next)
      if (seen === undefined) {
        visit.low = Math.min(visit.low, connect(next).low)
      } else if (onStack.has(next)) {
        visit.low = Math.min(visit.low, seen.index)
      }
    }
    if (visit.low !== visit.index) return visit
    const component = []
    let member
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== module)
    const selfImport = (graph.get(module) ?? []).includes(module)
    if (component.length > 1 || selfImport) components.push(component.sort())
    return visit
  }
  for (const module of [...graph.keys()].sort()) if (!visits.has(module)) connect(module)
  return components.sort((a, b) => ((a[0] ?? "") < (b[0] ?? "") ? -1 : 1))
}

/**
 * A shortest import path from the component's first module back to itself, e.g. `[a, b, a]`.
 * @param {ReadonlyMap<string, ReadonlyArray<string>>} graph
 * @param {ReadonlyArray<string>} component
 * @returns {Array<string>}
 */
export function cyclePath(graph, component) {
  const members = new Set(component)
  const start = component[0]
  if (start === undefined) return []
  /** @type {Map<string, string>} */
  const previous = new Map()
  const queue = [start]
  for (const module of queue) {
    for (const next of graph.get(module) ?? []) {
      if (next === start) {
        const path = [start]
        for (let at = module; at !== start; at = previous.get(at) ?? start) path.splice(1, 0, at)
        return [...path, start]
      }
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, module)
        queue.push(next)
      }
    }
  }
  return [start, start]
}

/**
 * The import graph of `modules` (POSIX paths) given each one's source; edges only to modules among them.
 * @param {ReadonlyMap<string, string>} sources
 * @returns {Map<string, Array<string>>}
 */
export function importGraph(sources) {
  const modules = new Set(sources.keys())
  /** @type {Map<string, Array<string>>} */
  const graph = new Map()
  for (const [module, source] of sources) {
    const targets = parseImports(source, module)
      .map((specifier) => resolveSpecifier(module, specifier, modules))
      .filter((target) => target !== undefined)
    graph.set(module, [...new Set(targets)])
  }
  return graph
}

/** @param {string} directory */
const sourceFiles = async (directory) => {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name))
}

const main = async () => {
  const files = await sourceFiles(join(repoRoot, "src"))
  const sources = new Map()
  for (const file of files)
    sources.set(relative(repoRoot, file).split(sep).join("/"), await readFile(file, "utf8"))
  const graph = importGraph(sources)
  const cycles = findCycles(graph)
  if (cycles.length === 0) {
    console.log(`cycles: none among ${graph.size} modules under src/`)
    return 0
  }
  console.error(`cycles: ${cycles.length} import cycle(s) among ${graph.size} modules under src/`)
  for (const component of cycles) {
    const path = cyclePath(graph, component)
    console.error(`\n  ${path.join("\n    → ")}`)
    // One path need not pass through every module that is caught in the same knot.
    if (component.length > path.length - 1) {
      console.error(`  (${component.length} modules import each other here: ${component.join(", ")})`)
    }
  }
  return 1
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
