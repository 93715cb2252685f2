// What `airlock/wagmi` adds to a host that already has Airlock and wagmi: two production builds of the same
// host (bench/wagmi), without and with the connector, and the difference of their JavaScript, gzipped.
// Expects the package built in dist/.
import { readdir, readFile, rm } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import { build } from "vite"
import { repoRoot } from "../scripts/vite.mjs"

const here = fileURLToPath(new URL("./wagmi", import.meta.url))

/**
 * Builds `entry` as an app of its own and returns the gzip bytes of all its JavaScript, one stream.
 * @param {string} entry
 */
const gzipOfBuild = async (entry) => {
  const outDir = join(here, "dist", entry)
  await build({
    configFile: false,
    root: here,
    mode: "production",
    logLevel: "warn",
    resolve: {
      alias: [
        { find: /^airlock\/wagmi$/, replacement: join(repoRoot, "dist", "wagmi.js") },
        { find: /^airlock$/, replacement: join(repoRoot, "dist", "index.js") }
      ]
    },
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 4096,
      rollupOptions: {
        input: join(here, `${entry}.ts`),
        preserveEntrySignatures: "exports-only",
        onwarn: (warning, warn) => {
          if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return
          warn(warning)
        }
      }
    }
  })
  const files = (await readdir(join(outDir, "assets"))).filter((file) => file.endsWith(".js")).sort()
  const text = (await Promise.all(files.map((file) => readFile(join(outDir, "assets", file), "utf8")))).join(
    "\n"
  )
  return gzipSync(text, { level: 9 }).length
}

/** Gzip bytes the connector adds (everything the host loads, lazy chunks included). */
export async function measureWagmiConnector() {
  process.env.NODE_ENV = "production"
  try {
    const without = await gzipOfBuild("host")
    const withConnector = await gzipOfBuild("connector")
    return { without, with: withConnector, added: withConnector - without }
  } finally {
    await rm(join(here, "dist"), { recursive: true, force: true })
  }
}
