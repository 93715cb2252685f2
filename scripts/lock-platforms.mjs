// node scripts/lock-platforms.mjs: completes package-lock.json so that `npm ci` accepts it here.
//
// The npm registry reachable from this workplace serves only some platform builds of packages such as
// @biomejs/biome, rollup and msgpackr-extract. `npm install` therefore leaves the other platforms'
// optional dependencies out of the lock file, and `npm ci` then refuses it ("Missing: … from lock file"),
// because it resolves those optional dependencies again and finds them absent from the lock.
// This adds each missing one as the public registry would: its exact version, optional, with the os, cpu
// and libc read from its conventional name, so `npm ci` skips it on other platforms without fetching it.
// Run it after any `npm install` that changes the lock file; it changes nothing when nothing is missing.
import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { repoRoot } from "./vite.mjs"

const OS = [
  "aix",
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32"
]
const CPU = ["arm", "arm64", "ia32", "loong64", "mips64el", "ppc64", "riscv64", "s390x", "x64"]

/**
 * `{ os, cpu, libc? }` from a name such as `@rollup/rollup-linux-arm-musleabihf`, or undefined.
 * @param {string} name
 */
function platformOf(name) {
  const parts = name.slice(name.lastIndexOf("/") + 1).split("-")
  const os = parts.find((part) => OS.includes(part))
  const cpu = parts.find((part) => CPU.includes(part))
  if (os === undefined || cpu === undefined) return undefined
  const libc = os !== "linux" ? undefined : parts.some((p) => p.startsWith("musl")) ? "musl" : "glibc"
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) }
}

const lockPath = join(repoRoot, "package-lock.json")
const lock = JSON.parse(await readFile(lockPath, "utf8"))
const packages = lock.packages
const added = []
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    if (packages[key] !== undefined || packages[`${path}/${key}`] !== undefined) continue
    const platform = platformOf(name)
    if (platform === undefined || !/^\d+\.\d+\.\d+/.test(version)) {
      console.error(
        `skipped ${name}@${version} (required by ${path || "the root"}): not a pinned platform build`
      )
      continue
    }
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform }
    added.push(`${name}@${version}`)
  }
}

if (added.length === 0) {
  console.log("package-lock.json already lists every platform build.")
} else {
  // The order npm writes: the root first, then paths in "en" locale order.
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, "en")))
  await writeFile(lockPath, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`Added ${added.length} platform builds to package-lock.json:\n  ${added.join("\n  ")}`)
}
