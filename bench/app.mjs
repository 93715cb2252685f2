// Builds the bench app (bench/app) against the built package, the way the demo host is built.
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import react from "@vitejs/plugin-react"
import { build, preview } from "vite"
import { repoRoot } from "../scripts/vite.mjs"

/** @import { InlineConfig, Manifest } from "vite" */

export const appRoot = fileURLToPath(new URL("./app", import.meta.url))
export const appDist = join(appRoot, "dist")

/** @type {InlineConfig} */
const config = {
  configFile: false,
  root: appRoot,
  mode: "production",
  logLevel: "warn",
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^airlock\/react$/, replacement: join(repoRoot, "dist", "react.js") },
      { find: /^airlock$/, replacement: join(repoRoot, "dist", "index.js") }
    ]
  },
  // bench/budget.json is the size limit that counts; Vite's generic 500 kB warning would only be noise.
  build: {
    outDir: appDist,
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      onwarn: (warning, warn) => {
        // ox (under @walletconnect/utils) has a PURE annotation Rollup cannot place and drops: harmless.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return
        // An import its module does not export is undefined at run time: fail the build, not the page.
        if (warning.code === "MISSING_EXPORT") throw new Error(`bench app build: ${warning.message}`)
        warn(warning)
      }
    }
  }
}

/**
 * Builds bench/app into bench/app/dist (with .vite/manifest.json) and returns the manifest.
 * @returns {Promise<Manifest>}
 */
export async function buildBenchApp() {
  process.env.NODE_ENV = "production"
  await build(config)
  return JSON.parse(await readFile(join(appDist, ".vite", "manifest.json"), "utf8"))
}

/**
 * Serves a built bench app with `vite preview` on a free loopback port: this tree's by default, or another
 * build's output directory (the reference build's), so that both are served the same way.
 * @param {string} [outDir]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function previewBenchApp(outDir = appDist) {
  const server = await preview({
    ...config,
    build: { ...config.build, outDir },
    preview: { host: "127.0.0.1", port: 0, strictPort: true }
  })
  const address = server.httpServer.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() }
}

/**
 * Splits the manifest into the JavaScript loaded up front (the entry chunk and its static imports,
 * transitively) and the chunks only reachable through dynamic imports.
 * @param {Manifest} manifest
 * @returns {{ initial: Array<string>, lazy: Array<string> }}
 */
export function chunksOf(manifest) {
  /** @type {Set<string>} */
  const initial = new Set()
  /** @param {string} key */
  const visit = (key) => {
    if (initial.has(key)) return
    initial.add(key)
    for (const dep of manifest[key]?.imports ?? []) visit(dep)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)

  /** @type {Set<string>} */
  const lazy = new Set()
  /** @param {string} key */
  const visitLazy = (key) => {
    if (initial.has(key) || lazy.has(key)) return
    lazy.add(key)
    for (const dep of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])])
      visitLazy(dep)
  }
  for (const key of initial) for (const dep of manifest[key]?.dynamicImports ?? []) visitLazy(dep)

  /** @param {ReadonlySet<string>} keys */
  const files = (keys) =>
    [...keys].flatMap((key) => manifest[key]?.file ?? []).filter((file) => file.endsWith(".js"))
  return { initial: files(initial), lazy: files(lazy) }
}

/** @typedef {{ chunks: Array<{ kind: "initial" | "lazy", file: string, gzip: number }>, initial: number, lazy: number }} StaticSizes */

/**
 * Gzip -9 sizes of a build's JavaScript chunks, split by {@link chunksOf} into initial and lazy, with each
 * kind's total.
 * @param {string} dist
 * @param {Manifest} manifest
 * @returns {Promise<StaticSizes>}
 */
export async function staticSizes(dist, manifest) {
  const { initial, lazy } = chunksOf(manifest)
  /**
   * @param {"initial" | "lazy"} kind
   * @param {ReadonlyArray<string>} files
   */
  const sized = (kind, files) =>
    Promise.all(
      files.map(async (file) => ({
        kind,
        file,
        gzip: gzipSync(await readFile(join(dist, file)), { level: 9 }).length
      }))
    )
  const chunks = [...(await sized("initial", initial)), ...(await sized("lazy", lazy))]
  const total = (/** @type {string} */ kind) =>
    chunks.filter((chunk) => chunk.kind === kind).reduce((sum, { gzip }) => sum + gzip, 0)
  return { chunks, initial: total("initial"), lazy: total("lazy") }
}
