// npm test: typecheck, lint, import cycles, unit and browser tests, size budget; ends with one totals line.
// Typecheck, lint, cycles and the budget count as one test each; every step runs even when an earlier one fails.
import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { repoRoot } from "./vite.mjs"

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: "inherit" })
    child.on("error", (error) => {
      console.error(error)
      resolve(1)
    })
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)))
  })

const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const vitest = join(repoRoot, "node_modules", "vitest", "vitest.mjs")
const temp = await mkdtemp(join(tmpdir(), "airlock-test-"))
const steps = []

/** A command that passes or fails as a whole. */
async function check(name, command, args) {
  const code = await run(command, args)
  steps.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 })
}

/** A vitest run; its totals come from the JSON reporter. A run that fails outside any test counts as one failure. */
async function vitestRun(name, extraArgs) {
  const report = join(temp, `${name}.json`)
  const code = await run(process.execPath, [
    vitest,
    "run",
    ...extraArgs,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`
  ])
  const totals = await readFile(report, "utf8")
    .then((text) => JSON.parse(text))
    .catch(() => undefined)
  const passed = totals?.numPassedTests ?? 0
  let failed = totals?.numFailedTests ?? 0
  if (code !== 0 && failed === 0) failed = 1
  const skipped = (totals?.numPendingTests ?? 0) + (totals?.numTodoTests ?? 0)
  steps.push({ name, passed, failed, skipped })
}

try {
  await check("typecheck", npm, ["run", "typecheck"])
  await check("lint", npm, ["run", "lint"])
  await check("cycles", process.execPath, [join(repoRoot, "scripts", "check-cycles.mjs")])
  await vitestRun("unit", [])
  await vitestRun("e2e", ["--config", "vitest.e2e.config.ts"])
  await check("budget", process.execPath, [join(repoRoot, "bench", "budget.mjs")])
} finally {
  await rm(temp, { recursive: true, force: true })
}

const format = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`

console.log("")
for (const step of steps) console.log(`${step.name.padEnd(10)} ${format(step)}`)
const sum = (key) => steps.reduce((total, step) => total + step[key], 0)
const total = { passed: sum("passed"), failed: sum("failed"), skipped: sum("skipped") }
console.log("")
console.log(format(total))
process.exitCode = total.failed > 0 ? 1 : 0
