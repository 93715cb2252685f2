import { build } from "vite"
import react from "@vitejs/plugin-react"
import { join } from "node:path"
const repoRoot = process.argv[2]
const stub = process.argv[3] === "stub"
const appRoot = join(repoRoot, "bench/app")
const codes = {}
const plugin = {
  name: "attrib",
  enforce: "pre",
  resolveDynamicImport(spec, importer) {
    if (stub && importer && importer.includes("/dist/")) return "\0empty"
    return null
  },
  load(id) { if (id === "\0empty") return "export {}" },
  generateBundle(_o, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk" || !chunk.isEntry) continue
      for (const [id, m] of Object.entries(chunk.modules)) codes[id.replace(repoRoot, "")] = m.code ?? ""
    }
  }
}
process.env.NODE_ENV = "production"
await build({
  configFile: false, root: appRoot, mode: "production", logLevel: "warn", plugins: [react(), plugin],
  resolve: { alias: [
    { find: /^airlock\/react$/, replacement: join(repoRoot, "dist", "react.js") },
    { find: /^airlock$/, replacement: join(repoRoot, "dist", "index.js") }] },
  build: { outDir: "/tmp/attrib-out-" + (stub ? "stub" : "full"), emptyOutDir: true, minify: false, write: true,
    rollupOptions: { onwarn: () => {} } }
})
const { transform } = await import("esbuild"); const { gzipSync } = await import("node:zlib"); const out = {}; for (const [k, c] of Object.entries(codes)) { const min = (await transform(c, { minify: true, loader: "js" })).code; out[k] = [min.length, gzipSync(min, { level: 9 }).length] } console.log(JSON.stringify(out))
