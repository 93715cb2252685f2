/** The specifiers a module loads at runtime (static imports, re-exports, `import("…")`), type-only ones left out. */
export declare function parseValueImports(source: string, fileName?: string): Array<string>
/** The module among `modules` (POSIX paths) a relative `specifier` in `fromFile` names; `undefined` otherwise. */
export declare function resolveSpecifier(
  fromFile: string,
  specifier: string,
  modules: ReadonlySet<string>
): string | undefined
/** The strongly connected components of `graph` that contain a cycle, each sorted, in a stable order. */
export declare function findCycles(graph: ReadonlyMap<string, ReadonlyArray<string>>): Array<Array<string>>
/** A shortest import path from the component's first module back to itself, e.g. `[a, b, a]`. */
export declare function cyclePath(
  graph: ReadonlyMap<string, ReadonlyArray<string>>,
  component: ReadonlyArray<string>
): Array<string>
/** The import graph of the given modules (POSIX path → source); edges only to modules among them. */
export declare function importGraph(sources: ReadonlyMap<string, string>): Map<string, Array<string>>
