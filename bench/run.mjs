// npm run bench: builds the package and a minimal host (bench/app), serves it with `vite preview` and
// measures it over RUNS runs in headless chromium (bench/pageLoad.mjs: a load up to the Connect view and a
// load through a connect with a test wallet, each in a fresh context); measures the reference build pinned in
// bench/reference.json ("before") the same way in the same run; writes bench/RESULTS.md (bench/report.mjs).
import { execFileSync } from "node:child_process"
import { writeFile } from "node:fs/promises"
import { loadavg } from "node:os"
import { launchChromium } from "../scripts/chromium.mjs"
import { buildDemo } from "../scripts/vite.mjs"
import { appDist, buildBenchApp, previewBenchApp, staticSizes } from "./app.mjs"
import { measureHostile } from "./hostile.mjs"
import { loadConnectFlow, loadConnectView } from "./pageLoad.mjs"
import { prepareReference, reference } from "./reference.mjs"
import { comparisonTable, kb, lastFiles, ms, resultsPage, runOf } from "./report.mjs"
import { measureWagmiConnector } from "./wagmiSize.mjs"

/** @import { Browser } from "playwright-core" */
/** @import { Run, Side } from "./report.mjs" */

const RUNS = 10
const startedAt = Date.now()
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")
const loadAtStart = load()

/**
 * RUNS runs of the bench app built into `dist`, served by `vite preview`.
 * @param {Browser} browser
 * @param {string} name
 * @param {string} dist
 */
async function measureBuild(browser, name, dist) {
  const server = await previewBenchApp(dist)
  /** @type {Array<Run>} */
  const runs = []
  try {
    for (let i = 0; i < RUNS; i++) {
      const view = await loadConnectView(browser, server.url, { heap: true })
      const run = runOf(view, await loadConnectFlow(browser, server.url))
      runs.push(run)
      console.error(
        `${name} run ${i + 1}/${RUNS}: before the click ${kb(run.jsBefore)}, after ${kb(run.jsAfter)} ` +
          `(${run.filesAfter} files), interactive ${ms(run.interactive)}, rendered ${ms(run.rendered)}, ` +
          `frame ${ms(run.frame)}, opacity > 0 ${ms(run.shown)}, heap ${run.heapMiB.toFixed(2)} MiB; ` +
          `connected ${ms(run.flow)} after the click, ${ms(run.connect)} after the pick ` +
          `(${run.filesConnecting} files, ${kb(run.jsConnecting)})`
      )
    }
  } finally {
    await server.close()
  }
  return runs
}

// --hostile-only prints the hostile-world figures (bench/hostile.mjs) alone; writes nothing.
if (process.argv.includes("--hostile-only")) {
  const browser = await launchChromium()
  try {
    console.log(await measureHostile(browser))
  } finally {
    await browser.close().catch(() => {})
  }
  process.exit(0)
}

// --reference-only measures the reference alone (to check it while this tree does not build); writes nothing.
const referenceOnly = process.argv.includes("--reference-only")
/** @type {Side} */
const after = {}
if (!referenceOnly) {
  // Everything the hostile world's demo serves too, built once.
  console.error("Building the package, the demo host, the sandbox wallets and the bench app…")
  await buildDemo()
  after.static = await staticSizes(appDist, await buildBenchApp())
}
const prepared = await prepareReference()
const referenceName = `${reference.label}, ${reference.short}`
/** @type {Side} */
const before = {}
if (prepared.error !== undefined) {
  before.error = prepared.error
  const fallback = referenceOnly ? "" : "; measuring this tree only"
  console.error(`The reference build (${referenceName}) could not be built: ${before.error}${fallback}.`)
} else {
  before.static = await staticSizes(prepared.appDist, prepared.manifest)
}

/**
 * @param {unknown} error
 * @returns {undefined}
 */
const noReference = (error) => {
  before.error = `measuring it failed: ${error instanceof Error ? error.message : String(error)}`
  console.error(`The reference build (${referenceName}): ${before.error}.`)
}

const browser = await launchChromium()
const browserVersion = `Chromium ${browser.version()}`
try {
  if (after.static) after.runs = await measureBuild(browser, "this tree", appDist)
  // The reference only adds the before column: if its page fails, this tree's results still stand.
  if (before.static && prepared.error === undefined)
    before.runs = await measureBuild(browser, `reference ${reference.short}`, prepared.appDist).catch(
      noReference
    )
  if (!referenceOnly) after.hostile = await measureHostile(browser, { built: true })
} finally {
  await browser.close().catch(() => {})
}
// What airlock/wagmi adds to a wagmi host: two production builds, once the browser is done measuring.
if (!referenceOnly) after.wagmi = await measureWagmiConnector()

if (referenceOnly) {
  console.log(comparisonTable(before, after, referenceName))
  if (before.runs) console.log(`\nFiles fetched in the last reference run: ${lastFiles(before.runs)}.`)
  process.exit(before.error ? 1 : 0)
}

const nproc = execFileSync("nproc", { encoding: "utf8" }).trim()
const results = resultsPage({
  before,
  after,
  reference,
  referenceName,
  runs: RUNS,
  machine:
    `${nproc} CPUs (\`nproc\`), Node ${process.version}, ${browserVersion} (Debian, headless); load average ` +
    `(1, 5, 15 min) ${loadAtStart} at the start, ${load()} at the end`,
  minutes: (Date.now() - startedAt) / 60_000
})
await writeFile(new URL("./RESULTS.md", import.meta.url), results)
console.log(results)
