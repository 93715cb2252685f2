// npm run bench: builds the package and a minimal host (bench/app), serves it with `vite preview` and
// measures it over RUNS page loads in headless chromium (a fresh context each); measures the reference build
// pinned in bench/reference.json ("before") the same way in the same run; writes bench/RESULTS.md.
import { execFileSync } from "node:child_process"
import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { launchChromium } from "../scripts/chromium.mjs"
import { buildDemo } from "../scripts/vite.mjs"
import { appDist, buildBenchApp, chunksOf, previewBenchApp } from "./app.mjs"
import { measureHostile } from "./hostile.mjs"
import { prepareReference, reference } from "./reference.mjs"
import { measureWagmiConnector } from "./wagmiSize.mjs"

/** @import { Browser, Request } from "playwright-core" */
/** @import { Manifest } from "vite" */
/**
 * The probe's marks, in ms since navigation start.
 * @typedef {{ interactive?: number, click?: number, rendered?: number, frame?: number, shown?: number }} Marks
 */
/** @typedef {{ file: string, gzip: number }} FetchedFile */
/**
 * One page load's figures.
 * @typedef {{ jsBefore: number, jsAfter: number, interactive: number, rendered: number, frame: number, shown: number, files: { before: Array<FetchedFile>, after: Array<FetchedFile> } }} Run
 */
/** @typedef {{ chunks: Array<{ kind: string, file: string, gzip: number }>, initial: number, lazy: number }} StaticSizes */
/**
 * One side of the comparison: what was measured of a build.
 * @typedef {object} Side
 * @property {StaticSizes} [static]
 * @property {Array<Run>} [runs]
 * @property {string} [hostile]
 * @property {{ without: number, with: number, added: number }} [wagmi]
 * @property {string} [error]
 */
/** @typedef {"jsBefore" | "jsAfter" | "interactive" | "rendered" | "frame" | "shown"} RunFigure */

const RUNS = 10
const QUIET_MS = 500

/**
 * Installed before the page's own scripts. All timestamps are `performance.now()`, i.e. milliseconds since
 * navigation start, taken inside the page.
 */
function probe() {
  /** @type {Marks} */
  const marks = {}
  Object.defineProperty(window, "__bench", { value: marks })
  // Laid out and not hidden (display, visibility, content-visibility); opacity is checked separately.
  const laidOut = (/** @type {Element} */ element) =>
    element.checkVisibility() && element.getBoundingClientRect().width > 0
  const connectButton = () =>
    [...document.querySelectorAll("button")].find(
      (button) => (button.getAttribute("aria-label") ?? button.textContent ?? "").trim() === "Connect Wallet"
    )
  /** The dialog when its Connect view (titled "Connect Wallet") is rendered and laid out. */
  const connectView = () => {
    const root = document.querySelector("airlock-modal")?.shadowRoot
    const dialog = root?.querySelector('[role="dialog"]')
    const titleId = dialog?.getAttribute("aria-labelledby")
    const title = titleId && root ? root.getElementById(titleId) : null
    const ready =
      dialog &&
      title &&
      laidOut(dialog) &&
      laidOut(title) &&
      (title.textContent ?? "").trim() === "Connect Wallet"
    return ready ? dialog : undefined
  }

  const watched = new WeakSet()
  const check = () => {
    if (marks.interactive === undefined) {
      const button = connectButton()
      if (
        button &&
        !button.disabled &&
        laidOut(button) &&
        button.checkVisibility({ opacityProperty: true })
      ) {
        marks.interactive = performance.now()
      }
    }
    const host = document.querySelector("airlock-modal")
    if (host?.shadowRoot && !watched.has(host.shadowRoot)) {
      watched.add(host.shadowRoot)
      observer.observe(host.shadowRoot, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true
      })
    }
    const view = marks.click === undefined ? undefined : connectView()
    if (view && marks.rendered === undefined) {
      marks.rendered = performance.now()
      requestAnimationFrame(() => {
        marks.frame = performance.now()
      })
    }
    // An opening animation that starts from opacity 0 shows the view a frame or two later.
    if (view && marks.shown === undefined && view.checkVisibility({ opacityProperty: true })) {
      marks.shown = performance.now()
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })

  // Style-driven changes (an opening transition) do not mutate the DOM: also check once per frame.
  const everyFrame = () => {
    check()
    if (marks.shown === undefined) requestAnimationFrame(everyFrame)
  }
  addEventListener(
    "click",
    () => {
      if (marks.click !== undefined) return
      marks.click = performance.now()
      check()
      requestAnimationFrame(everyFrame)
    },
    true
  )
}

/** Resolves once no request has been in flight for QUIET_MS. */
async function networkQuiet(/** @type {ReadonlySet<Request>} */ inFlight) {
  let quietSince = Date.now()
  while (Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (inFlight.size > 0) quietSince = Date.now()
  }
}

/**
 * @param {Browser} browser
 * @param {string} url
 * @returns {Promise<Run>}
 */
async function measure(browser, url) {
  const context = await browser.newContext()
  try {
    await context.addInitScript(probe)
    const page = await context.newPage()
    /** @type {Array<string>} */
    const errors = []
    page.on("pageerror", (error) => errors.push(error.message))
    /** @type {"before" | "after"} */
    let phase = "before"
    /** @type {Set<Request>} */
    const inFlight = new Set()
    /** @type {Map<Request, "before" | "after">} */
    const phases = new Map()
    /** @type {Array<Promise<void>>} */
    const bodies = []
    /** @type {{ before: Array<FetchedFile>, after: Array<FetchedFile> }} */
    const js = { before: [], after: [] }
    page.on("request", (request) => {
      inFlight.add(request)
      phases.set(request, phase)
    })
    page.on("requestfailed", (request) => inFlight.delete(request))
    page.on("requestfinished", (request) => {
      bodies.push(
        (async () => {
          const response = await request.response()
          if (response && /javascript/.test(response.headers()["content-type"] ?? "")) {
            const body = await response.body()
            js[phases.get(request) ?? "before"].push({
              file: new URL(request.url()).pathname,
              gzip: gzipSync(body, { level: 9 }).length
            })
          }
        })().finally(() => inFlight.delete(request))
      )
    })

    await page.goto(url, { waitUntil: "load" })
    // A page that throws while starting never shows the button: say why instead of only timing out.
    await page
      .waitForFunction(
        () => /** @type {Window & { __bench?: Marks }} */ (window).__bench?.interactive !== undefined
      )
      .catch((error) => {
        throw errors.length > 0 ? new Error(`page errors: ${errors.join("; ")}`) : error
      })
    await networkQuiet(inFlight)
    phase = "after"
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page.waitForFunction(() => {
      const marks = /** @type {Window & { __bench?: Marks }} */ (window).__bench
      return marks?.frame !== undefined && marks.shown !== undefined
    })
    await networkQuiet(inFlight)
    await Promise.all(bodies)
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`)

    const marks = await page.evaluate(() => ({
      .../** @type {Window & { __bench?: Marks }} */ (window).__bench
    }))
    const total = (/** @type {ReadonlyArray<FetchedFile>} */ list) =>
      list.reduce((sum, entry) => sum + entry.gzip, 0)
    /** @param {number | undefined} at */
    const sinceClick = (at) => (at ?? Number.NaN) - (marks.click ?? Number.NaN)
    return {
      jsBefore: total(js.before),
      jsAfter: total(js.after),
      interactive: marks.interactive ?? Number.NaN,
      rendered: sinceClick(marks.rendered),
      frame: sinceClick(marks.frame),
      shown: sinceClick(marks.shown),
      files: js
    }
  } finally {
    await context.close()
  }
}

/** @param {ReadonlyArray<number>} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2
}
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`

/**
 * Gzip -9 sizes of a build's JavaScript chunks, split into initial and lazy as bench/budget.mjs does.
 * @param {string} dist
 * @param {Manifest} manifest
 * @returns {Promise<StaticSizes>}
 */
async function staticSizes(dist, manifest) {
  const { initial, lazy } = chunksOf(manifest)
  const gzipOf = async (/** @type {string} */ file) =>
    gzipSync(await readFile(join(dist, file)), { level: 9 }).length
  /**
   * @param {string} kind
   * @param {ReadonlyArray<string>} files
   */
  const sized = (kind, files) =>
    Promise.all(files.map(async (file) => ({ kind, file, gzip: await gzipOf(file) })))
  const chunks = [...(await sized("initial", initial)), ...(await sized("lazy", lazy))]
  const total = (/** @type {string} */ kind) =>
    chunks.filter((chunk) => chunk.kind === kind).reduce((sum, { gzip }) => sum + gzip, 0)
  return { chunks, initial: total("initial"), lazy: total("lazy") }
}

/**
 * RUNS page loads of the bench app built into `dist`, served by `vite preview`.
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
      const run = await measure(browser, server.url)
      runs.push(run)
      console.error(
        `${name} run ${i + 1}/${RUNS}: before the click ${kb(run.jsBefore)}, after ${kb(run.jsAfter)}, ` +
          `interactive ${ms(run.interactive)}, rendered ${ms(run.rendered)}, frame ${ms(run.frame)}, ` +
          `opacity > 0 ${ms(run.shown)}`
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

const referenceRuns = `reference ${reference.short}`
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
    before.runs = await measureBuild(browser, referenceRuns, prepared.appDist).catch(noReference)
  if (!referenceOnly) after.hostile = await measureHostile(browser, { built: true })
} finally {
  await browser.close().catch(() => {})
}
// What airlock/wagmi adds to a wagmi host: two production builds, once the browser is done measuring.
if (!referenceOnly) after.wagmi = await measureWagmiConnector()

// Before and after: the same figures from both builds; n/a where a build was not measured.
/** @param {RunFigure} key */
const medianOf = (key) => (/** @type {Side} */ side) => side.runs && median(side.runs.map((run) => run[key]))
/** @type {Array<[string, (side: Side) => number | undefined, (value: number) => string]>} */
const compared = [
  ["initial JS gzip -9 (static, from the Vite manifest)", (side) => side.static?.initial, kb],
  ["JS fetched before the click, gzip -9 (browser, median)", medianOf("jsBefore"), kb],
  ["JS fetched after the click, gzip -9 (browser, median)", medianOf("jsAfter"), kb],
  ["lazy chunks gzip -9 (static, from the Vite manifest)", (side) => side.static?.lazy, kb],
  ["navigation start → Connect button interactive (median)", medianOf("interactive"), ms],
  ["click → Connect view rendered and laid out (median)", medianOf("rendered"), ms]
]
// "+" on a rise, "-" on a fall, no sign when it rounds to zero (toFixed() prints "-0.0" for a small fall).
const signed = (/** @type {string} */ text) => {
  if (/^-?0\.0\b/.test(text)) return text.replace(/^-/, "")
  return text.startsWith("-") ? text : `+${text}`
}
/**
 * @param {number | undefined} from
 * @param {number | undefined} to
 * @param {(value: number) => string} format
 */
const change = (from, to, format) => {
  if (from === undefined || to === undefined) return "n/a"
  const percent = from > 0 ? ` (${signed(`${(((to - from) / from) * 100).toFixed(1)}%`)})` : ""
  return `${signed(format(to - from))}${percent}`
}
const orNa = (/** @type {number | undefined} */ value, /** @type {(value: number) => string} */ format) =>
  value === undefined ? "n/a" : format(value)
const comparison = [
  `| metric | before (${referenceName}) | after (this tree) | change |`,
  "|---|---|---|---|",
  ...compared.map(([label, of, format]) => {
    const [from, to] = [of(before), of(after)]
    return `| ${label} | ${orNa(from, format)} | ${orNa(to, format)} | ${change(from, to, format)} |`
  })
].join("\n")
const fileList = (/** @type {ReadonlyArray<FetchedFile>} */ list) =>
  list.map((entry) => `\`${entry.file}\` ${entry.gzip} B`).join(", ") || "none"
const lastFiles = (/** @type {ReadonlyArray<Run>} */ runs) => {
  const files = runs.at(-1)?.files ?? { before: [], after: [] }
  return `before the click: ${fileList(files.before)}; after the click: ${fileList(files.after)}`
}

if (referenceOnly) {
  console.log(comparison)
  if (before.runs) console.log(`\nFiles fetched in the last reference run: ${lastFiles(before.runs)}.`)
  process.exit(before.error ? 1 : 0)
}

const nproc = execFileSync("nproc", { encoding: "utf8" }).trim()
/**
 * @param {RunFigure} key
 * @param {(value: number) => string} format
 */
const stats = (key, format) => {
  const values = (after.runs ?? []).map((run) => run[key])
  return `${format(median(values))} | ${format(Math.min(...values))} | ${format(Math.max(...values))}`
}
const chunkTable = (after.static?.chunks ?? [])
  .map((chunk) => `| ${chunk.kind} | \`${chunk.file}\` | ${kb(chunk.gzip)} |`)
  .join("\n")
const referenceNote = before.error
  ? `Before is n/a where the reference was not built or measured in this run: ${before.error}.`
  : `Files fetched in the last reference run: ${lastFiles(before.runs ?? [])}.`

const results = `# Bench results

Date: ${new Date().toISOString()}
Machine: ${nproc} CPUs (\`nproc\`), Node ${process.version}, ${browserVersion} (Debian, headless)
Command: \`npm run bench\` (\`node bench/run.mjs\`)

The minimal host in \`bench/app/\` (React, \`createModal\` from \`airlock\`, \`<ConnectButton>\` from
\`airlock/react\`), built by Vite in production mode and served by \`vite preview\` on loopback. ${RUNS} runs,
each in a fresh browser context (empty cache). Sizes are the response bodies of every JavaScript file the page
fetched, gzipped here with zlib level 9 (KB = 1024 bytes). Times are taken inside the page with
\`performance.now()\` (a MutationObserver, including one on the modal's shadow root, plus a per-frame check):
from navigation start until the Connect Wallet button is laid out, opaque and enabled; and from a capturing
click listener until the dialog showing the Connect view (titled "Connect Wallet") is rendered and laid out,
until the next animation frame (the frame that paints it), and until its opening animation has taken it off
opacity 0.

Before and after, measured in this run by the same method. "Before" is commit
\`${reference.commit}\`
(${reference.description}):
a detached git worktree of it outside the repository, installed with \`npm ci\` from its own lockfile and
built with its own \`scripts/vite.mjs\` and \`bench/app.mjs\`. "After" is this working tree. Both bench apps
are served by this tree's \`vite preview\` and loaded ${RUNS} times each in the same browser. The static rows
sum the chunks of each build's Vite manifest as \`npm run bench:budget\` does (initial: the entry chunk and
its static imports; lazy: the chunks reached only through dynamic imports). The issue asks for at least 30 KB
gzip less JavaScript before the first click.

${comparison}

${referenceNote}

This tree, over ${RUNS} runs:

| metric | median | min | max | goal |
|---|---|---|---|---|
| JS fetched before the click (gzip -9) | ${stats("jsBefore", kb)} | < 185 KB |
| JS fetched after the click (gzip -9) | ${stats("jsAfter", kb)} | |
| navigation start → Connect button interactive | ${stats("interactive", ms)} | |
| click → Connect view rendered and laid out | ${stats("rendered", ms)} | < 16 ms |
| click → next animation frame (first paint of the view) | ${stats("frame", ms)} | |
| click → Connect view opacity > 0 (opening animation) | ${stats("shown", ms)} | |

For scale, the same minimal app with other modals, measured elsewhere: JS before the click: React alone 68 KB,
ConnectKit 556 KB, RainbowKit 651 KB, AppKit 864 KB; the connect view is shown 37-75 ms after the click.
Our goal: < 185 KB before the click and < 16 ms to the connect view.

Every chunk of this tree's build (gzip -9): the initial ones load with the page; each lazy one loads only
when its view or feature is first used (\`universalProvider\` is the WalletConnect SDK, fetched when a visitor
chooses WalletConnect or a WalletConnect session is restored; \`npm run bench:budget\` holds the initial total
to \`bench/budget.json\`).

| loaded | chunk | gzip |
|---|---|---|
${chunkTable}

Files fetched in the last run of this tree: ${lastFiles(after.runs ?? [])}.

\`airlock/wagmi\`: the host in \`bench/wagmi/\` (Airlock and wagmi's \`createConfig\`), built for production without
and with the connector: ${after.wagmi?.without} B → ${after.wagmi?.with} B gzip -9 of all its JavaScript, lazy chunks
included, so the connector adds **${after.wagmi?.added} B** (expected: under 3 KB; \`npm test\` fails above 3 072 B).

${after.hostile}`
await writeFile(new URL("./RESULTS.md", import.meta.url), results)
console.log(results)
