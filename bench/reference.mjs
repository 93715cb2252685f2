// The "before" build that npm run bench compares against: the commit pinned in bench/reference.json, checked
// out as a detached git worktree outside the repository (so module resolution never walks up into this tree's
// node_modules), installed from its own lockfile and built with its own scripts/vite.mjs and bench/app.mjs.
// A prepared reference is reused while it is at the pinned commit and its build completed.
import { execFile, spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises"
import { homedir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { repoRoot } from "../scripts/vite.mjs"

const pinned = JSON.parse(await readFile(new URL("./reference.json", import.meta.url), "utf8"))

/** The pinned commit, its short hash and its label, as the results name them. */
export const reference = { ...pinned, short: pinned.commit.slice(0, 7) }

// One directory per clone and commit, so two clones never share (or remove) each other's worktree.
const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "airlock-bench")
const cloneKey = createHash("sha256").update(repoRoot).digest("hex").slice(0, 8)
const referenceDir = join(cacheRoot, `reference-${cloneKey}-${reference.commit.slice(0, 12)}`)
const tree = join(referenceDir, "tree")
const stamp = join(referenceDir, "ready.json")
const appDist = join(tree, "bench", "app", "dist")
const manifestFile = join(appDist, ".vite", "manifest.json")

/**
 * `git` in this repository; resolves to its trimmed stdout, rejects with its stderr.
 * @param {ReadonlyArray<string>} args
 * @returns {Promise<string>}
 */
const git = (args, cwd = repoRoot) =>
  new Promise((resolve, reject) =>
    execFile("git", args, { cwd, encoding: "utf8" }, (error, stdout, stderr) =>
      error ? reject(new Error(stderr.trim() || error.message)) : resolve(stdout.trim())
    )
  )

// npm run sets npm_* variables (npm_config_local_prefix among them) that would point a nested npm at this
// tree; NODE_ENV from a caller must not reach the reference's install or build either.
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_/i.test(key) && key !== "NODE_ENV" && key !== "INIT_CWD"
    )
  )

/**
 * Runs a command in the reference tree with its output on stderr; rejects, naming `what`, on failure.
 * @param {string} what
 * @param {string} command
 * @param {ReadonlyArray<string>} args
 * @returns {Promise<void>}
 */
const step = (what, command, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: tree, env: cleanEnv(), stdio: ["ignore", 2, 2] })
    child.on("error", reject)
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})`))
    )
  })

// The reference's own build entry points, as its npm run bench calls them.
const treeUrl = (/** @type {Array<string>} */ ...path) =>
  JSON.stringify(pathToFileURL(join(tree, ...path)).href)
const buildScript = `
const { buildPackage } = await import(${treeUrl("scripts", "vite.mjs")})
const { buildBenchApp } = await import(${treeUrl("bench", "app.mjs")})
await buildPackage()
await buildBenchApp()
`

/** The paths of this repository's registered worktrees. */
async function worktrees() {
  const list = await git(["worktree", "list", "--porcelain"])
  const paths = list
    .split("\n")
    .filter((line) => line.startsWith("worktree "))
    .map((line) => line.slice("worktree ".length))
  return Promise.all(paths.map((path) => realpath(path).catch(() => path)))
}

/** True when the reference tree is a worktree of this repository at the pinned commit and fully built. */
async function isReady() {
  try {
    const ready = JSON.parse(await readFile(stamp, "utf8"))
    const head = await git(["rev-parse", "HEAD"], tree)
    return (
      ready.commit === reference.commit &&
      head === reference.commit &&
      existsSync(manifestFile) &&
      (await worktrees()).includes(await realpath(tree))
    )
  } catch {
    return false
  }
}

/** Removes a reference directory: its worktree (registered or not) and everything under it. */
async function removeReference(dir = referenceDir) {
  const checkout = join(dir, "tree")
  if (existsSync(checkout) && (await worktrees()).includes(await realpath(checkout)))
    await git(["worktree", "remove", "--force", checkout]).catch(() => {})
  await rm(dir, { recursive: true, force: true })
}

/** Removes this clone's references to commits no longer pinned: each holds a whole node_modules. */
async function removeStale() {
  const prefix = `reference-${cloneKey}-`
  for (const entry of await readdir(cacheRoot).catch(() => [])) {
    const dir = join(cacheRoot, entry)
    if (entry.startsWith(prefix) && dir !== referenceDir) await removeReference(dir)
  }
}

/** A fresh worktree at the pinned commit, `npm ci` from its lockfile, then its package and bench app. */
async function build() {
  await removeReference()
  await mkdir(referenceDir, { recursive: true })
  // --force: a worktree registered at this path whose directory has gone is replaced, not refused.
  await git(["worktree", "add", "--force", "--detach", tree, reference.commit])
  // Install scripts are not needed to build (and are not run in a bench).
  await step("npm ci", "npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline"])
  await step("its build", process.execPath, ["--input-type=module", "--eval", buildScript])
  if (!existsSync(manifestFile)) throw new Error(`the reference build wrote no ${manifestFile}`)
  await writeFile(
    stamp,
    `${JSON.stringify({ commit: reference.commit, builtAt: new Date().toISOString() })}\n`
  )
}

/**
 * Prepares the reference build, or reuses it. Resolves to `{ appDist, manifest }` (the built bench app and
 * its Vite manifest), or to `{ error }` saying why the reference could not be built; never rejects.
 * @returns {Promise<{ appDist: string, manifest: import("vite").Manifest, error?: undefined } | { error: string }>}
 */
export async function prepareReference() {
  const name = `${reference.label} (${reference.short})`
  try {
    await git(["cat-file", "-e", `${reference.commit}^{commit}`]).catch(async () => {
      const shallow = (await git(["rev-parse", "--is-shallow-repository"]).catch(() => "")) === "true"
      throw new Error(
        `commit ${reference.commit} is not in this clone's history` +
          (shallow ? " (a shallow clone: `git fetch --unshallow` brings it)" : "")
      )
    })
    await removeStale()
    if (await isReady()) {
      console.error(`Reusing the reference build ${name} in ${tree}`)
    } else {
      console.error(`Preparing the reference build ${name} in ${tree}…`)
      await build().catch(async (error) => {
        await removeReference()
        throw error
      })
    }
    return { appDist, manifest: JSON.parse(await readFile(manifestFile, "utf8")) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}
