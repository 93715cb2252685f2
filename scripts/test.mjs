// npm test: typecheck, lint, import cycles, the build, the unit tests, the sandbox's own tests, the browser
// tests and the size budget; ends with one line per step and a totals line.
// The build (package, demo host, sandbox wallets) runs once, first, beside the typecheck; everything after it
// reuses it (REUSE_BUILD_ENV). The browser tests and the sandbox's tests mostly wait on a browser, a chain and
// the clock, so they run beside the checks and the unit tests, which use the processor.
// Typecheck, lint, cycles, the build and the budget count as one test each; every step runs even when an
// earlier one fails.
import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildDemo, REUSE_BUILD_ENV, repoRoot } from "./vite.mjs"

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, seconds: number }} Step */

const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const vitest = join(repoRoot, "node_modules", "vitest", "vitest.mjs")
const temp = await mkdtemp(join(tmpdir(), "airlock-test-"))
const started = Date.now()
/** @type {Array<Step>} */
const steps = []

/**
 * Runs a command from the repository root; resolves to its exit code. A `quiet` command's output is held
 * and printed as one block when it ends, so that it never interleaves with the step running beside it.
 * @param {string} command
 * @param {ReadonlyArray<string>} args
 * @param {{ quiet?: boolean, reuseBuild?: boolean }} [options]
 * @returns {Promise<number>}
 */
const run = (command, args, { quiet = false, reuseBuild = false } = {}) =>
  new Promise((resolve) => {
    const env = reuseBuild ? { ...process.env, [REUSE_BUILD_ENV]: "1" } : process.env
    const child = spawn(command, args, {
      cwd: repoRoot,
      env,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit"
    })
    /** @type {Array<Buffer>} */
    const held = []
    child.stdout?.on("data", (chunk) => held.push(chunk))
    child.stderr?.on("data", (chunk) => held.push(chunk))
    /** @param {number} code */
    const done = (code) => {
      if (quiet) process.stdout.write(Buffer.concat(held))
      resolve(code)
    }
    child.on("error", (error) => {
      console.error(error)
      done(1)
    })
    child.on("exit", (code, signal) => done(signal ? 1 : (code ?? 1)))
  })

/**
 * Runs `task` as the step `name`; it resolves to the step's counts.
 * @param {string} name
 * @param {() => Promise<{ passed: number, failed: number, skipped: number }>} task
 */
const step = async (name, task) => {
  const at = Date.now()
  const counts = await task()
  steps.push({ name, ...counts, seconds: Math.round((Date.now() - at) / 1000) })
}

/** @param {boolean} ok */
const single = (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })

/**
 * A command that passes or fails as a whole.
 * @param {string} name
 * @param {string} command
 * @param {ReadonlyArray<string>} args
 * @param {{ quiet?: boolean, reuseBuild?: boolean }} [options]
 */
const check = (name, command, args, options) =>
  step(name, async () => single((await run(command, args, options)) === 0))

/**
 * A vitest run; its totals come from the JSON reporter. A run that fails outside any test counts as one
 * failure.
 * @param {string} name
 * @param {ReadonlyArray<string>} extraArgs
 * @param {{ quiet?: boolean, reuseBuild?: boolean }} [options]
 */
const vitestRun = (name, extraArgs, options) =>
  step(name, async () => {
    const report = join(temp, `${name}.json`)
    const code = await run(
      process.execPath,
      [vitest, "run", ...extraArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
      options
    )
    /** @type {{ numPassedTests?: number, numFailedTests?: number, numPendingTests?: number, numTodoTests?: number } | undefined} */
    const totals = await readFile(report, "utf8")
      .then((text) => JSON.parse(text))
      .catch(() => undefined)
    const passed = totals?.numPassedTests ?? 0
    let failed = totals?.numFailedTests ?? 0
    if (code !== 0 && failed === 0) failed = 1
    const skipped = (totals?.numPendingTests ?? 0) + (totals?.numTodoTests ?? 0)
    return { passed, failed, skipped }
  })

/** The build, once for the whole run. */
const build = () =>
  step("build", () =>
    buildDemo().then(
      () => single(true),
      (error) => {
        console.error(error instanceof Error ? error.message : error)
        return single(false)
      }
    )
  )

try {
  // Three lines at once: the checks, the unit tests and then (once built) the budget; after the build, the
  // browser tests; and after the build too, the sandbox's tests and the gallery. Only the first prints as
  // it goes.
  const built = build()
  // The two lines after the build end about together, and last: the demo's browser tests, and the
  // sandbox's tests then the gallery (which needs no chain: it takes the core the browser tests leave free).
  const browser = built.then(() =>
    vitestRun("e2e", ["--config", "vitest.e2e.config.ts"], { quiet: true, reuseBuild: true })
  )
  const sandbox = built.then(async () => {
    await vitestRun("sandbox", ["--config", "vitest.sandbox.config.ts"], { quiet: true, reuseBuild: true })
    await vitestRun("gallery", ["--config", "vitest.gallery.config.ts"], { quiet: true, reuseBuild: true })
  })
  await check("typecheck", npm, ["run", "typecheck"])
  await check("lint", npm, ["run", "lint"])
  await check("cycles", process.execPath, [join(repoRoot, "scripts", "check-cycles.mjs")])
  await vitestRun("unit", [])
  await built
  await check("budget", process.execPath, [join(repoRoot, "bench", "budget.mjs")], {
    quiet: true,
    reuseBuild: true
  })
  await Promise.all([sandbox, browser])
} finally {
  await rm(temp, { recursive: true, force: true })
}

/** @param {{ passed: number, failed: number, skipped: number }} counts */
const format = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`

const order = ["typecheck", "lint", "cycles", "build", "unit", "sandbox", "e2e", "gallery", "budget"]
steps.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
console.log("")
for (const s of steps)
  console.log(`${s.name.padEnd(10)} ${format(s).padEnd(28)} ${String(s.seconds).padStart(4)} s`)
/** @param {"passed" | "failed" | "skipped"} key */
const sum = (key) => steps.reduce((total, s) => total + s[key], 0)
const total = { passed: sum("passed"), failed: sum("failed"), skipped: sum("skipped") }
console.log("")
console.log(`${format(total)} in ${Math.round((Date.now() - started) / 1000)} s`)
process.exitCode = total.failed > 0 ? 1 : 0
