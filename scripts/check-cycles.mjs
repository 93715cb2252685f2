// npm run check:cycles: fails when the modules under src/ import each other in a cycle.
// Only imports that exist at runtime count: `import type`, `export type` and imports whose every name is
// `type` are left out; static imports, re-exports and `import("…")` with a literal specifier count.
import { readdir, readFile } from "node:fs/promises"
import { join, posix, relative, sep } from "node:path"
import { pathToFileURL } from "node:url"
import ts from "typescript"
import { repoRoot } from "./vite.mjs"

/** Whether an import or export clause names only types (so nothing of it is loaded at runtime). */
const namesOnlyTypes = (bindings) =>
  bindings !== undefined && ts.isNamedImports(bindings)
    ? bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)
    : false

const isTypeOnlyImport = (clause) =>
  clause !== undefined &&
  (clause.isTypeOnly || (clause.name === undefined && namesOnlyTypes(clause.namedBindings)))

const isTypeOnlyExport = (declaration) =>
  declaration.isTypeOnly ||
  (declaration.exportClause !== undefined &&
    ts.isNamedExports(declaration.exportClause) &&
    declaration.exportClause.elements.length > 0 &&
    declaration.exportClause.elements.every((element) => element.isTypeOnly))

const literalText = (node) =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined

/** The specifiers a module loads at runtime, in source order. */
export function parseValueImports(source, fileName = "module.tsx") {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const specifiers = []
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const specifier = literalText(node.moduleSpecifier)
      if (specifier !== undefined && !isTypeOnlyImport(node.importClause)) specifiers.push(specifier)
    } else if (ts.isExportDeclaration(node)) {
      const specifier = literalText(node.moduleSpecifier)
      if (specifier !== undefined && !isTypeOnlyExport(node)) specifiers.push(specifier)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const specifier = literalText(node.arguments[0])
      if (specifier !== undefined) specifiers.push(specifier)
    }
    // `typeof import("./x")` is an ImportTypeNode, not a call, so it is never counted.
    ts.forEachChild(node, visit)
  }
  visit(file)
  return specifiers
}

/**
 * The module a relative `specifier` in `fromFile` names, among `modules` (POSIX paths), trying the file
 * itself, `.ts`, `.tsx` and a folder's `index.ts(x)`; `undefined` for packages and unknown files.
 */
export function resolveSpecifier(fromFile, specifier, modules) {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined
  const base = posix.normalize(posix.join(posix.dirname(fromFile), specifier))
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return candidates.find((candidate) => modules.has(candidate))
}

/** The strongly connected components of `graph` (module → modules it imports) that contain a cycle (Tarjan). */
export function findCycles(graph) {
  const index = new Map()
  const lowLink = new Map()
  const onStack = new Set()
  const stack = []
  const components = []
  const connect = (module) => {
    index.set(module, index.size)
    lowLink.set(module, index.get(module))
    stack.push(module)
    onStack.add(module)
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        connect(next)
        lowLink.set(module, Math.min(lowLink.get(module), lowLink.get(next)))
      } else if (onStack.has(next)) {
        lowLink.set(module, Math.min(lowLink.get(module), index.get(next)))
      }
    }
    if (lowLink.get(module) !== index.get(module)) return
    const component = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      component.push(member)
    } while (member !== module)
    const selfImport = (graph.get(module) ?? []).includes(module)
    if (component.length > 1 || selfImport) components.push(component.sort())
  }
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) connect(module)
  return components.sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/** A shortest import path from the component's first module back to itself, e.g. `[a, b, a]`. */
export function cyclePath(graph, component) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map()
  const queue = [start]
  for (const module of queue) {
    for (const next of graph.get(module) ?? []) {
      if (next === start) {
        const path = [start]
        for (let at = module; at !== start; at = previous.get(at)) path.splice(1, 0, at)
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

/** The import graph of `modules` (POSIX paths) given each one's source; edges only to modules among them. */
export function importGraph(sources) {
  const modules = new Set(sources.keys())
  const graph = new Map()
  for (const [module, source] of sources) {
    const targets = parseValueImports(source, module)
      .map((specifier) => resolveSpecifier(module, specifier, modules))
      .filter((target) => target !== undefined)
    graph.set(module, [...new Set(targets)])
  }
  return graph
}

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
