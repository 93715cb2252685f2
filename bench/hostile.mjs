// The hostile-world figures of issue 12, printed by `npm run bench` (never asserted): what 13 000 EIP-6963
// announcements cost the demo page, and how many /getWallets requests All Wallets makes in 10 s over a
// listing that repeats its page and claims a million wallets. Runs against the sandbox demo (anvil, the
// sandbox API), in the browser the caller launched.
import { startDemo } from "../sandbox/host/serve.mjs"

/** @import { Browser } from "playwright-core" */
/** @import { RunningDemo } from "../sandbox/host/serve.mjs" */
/** @typedef {{ taskMs: number, heap: number, nodes: number, openedMs: number, rows: number, floodMs: number }} LoadFigures */

const ANNOUNCEMENTS = 13_000
const STORM_WINDOW_MS = 10_000
/** Loads per page kind; the figures are their medians. */
const LOADS = 3

/**
 * Before the page's scripts: once the page asks for providers, a wallet minting a new uuid per
 * announcement announces `count` times. The time spent inside the loop is the page's listeners' time.
 * @param {number} count
 */
function flood(count) {
  const icon = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
  const provider = { request: async () => null }
  const page = /** @type {Window & { __floodMs?: number }} */ (window)
  window.addEventListener("eip6963:requestProvider", () => {
    const started = performance.now()
    for (let n = 0; n < count; n++) {
      const uuid = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
      const info = Object.freeze({ uuid, name: "Flood", icon, rdns: "dev.flood" })
      window.dispatchEvent(
        new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) })
      )
    }
    page.__floodMs = (page.__floodMs ?? 0) + performance.now() - started
  })
}

/**
 * @param {ReadonlyArray<{ name: string, value: number }>} metrics
 * @param {string} name
 */
const metric = (metrics, name) => metrics.find((entry) => entry.name === name)?.value ?? 0

/**
 * Each figure's median over `runs`.
 * @param {ReadonlyArray<LoadFigures>} runs
 * @returns {LoadFigures}
 */
const medians = (runs) =>
  /** @type {LoadFigures} */ (
    Object.fromEntries(
      /** @type {ReadonlyArray<keyof LoadFigures>} */ (Object.keys(runs[0] ?? {})).map((key) => {
        const sorted = runs.map((run) => run[key]).sort((a, b) => a - b)
        return [key, sorted[sorted.length >> 1]]
      })
    )
  )

/**
 * One load of the demo, then a click on Connect Wallet until the dialog shows: main-thread task time from
 * navigation to the open dialog, the heap after a forced collection, and the in-page figures.
 * @param {Browser} browser
 * @param {string} url
 * @param {number} count
 * @returns {Promise<LoadFigures>}
 */
async function openAfterAnnouncements(browser, url, count) {
  const context = await browser.newContext()
  try {
    if (count > 0) await context.addInitScript(flood, count)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Performance.enable")
    await page.goto(url, { waitUntil: "load" })
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor()
    const clicked = Date.now()
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page.getByRole("dialog", { name: "Connect Wallet" }).waitFor({ state: "visible" })
    const openedMs = Date.now() - clicked
    const { metrics } = await cdp.send("Performance.getMetrics")
    await cdp.send("HeapProfiler.collectGarbage")
    const { usedSize } = await cdp.send("Runtime.getHeapUsage")
    const rows = await page.evaluate(
      () => document.querySelector("airlock-modal")?.shadowRoot?.querySelectorAll("button").length ?? 0
    )
    const nodes = metric((await cdp.send("Performance.getMetrics")).metrics, "Nodes")
    return {
      taskMs: metric(metrics, "TaskDuration") * 1000,
      heap: usedSize,
      nodes,
      openedMs,
      rows,
      floodMs: await page.evaluate(
        () => /** @type {Window & { __floodMs?: number }} */ (window).__floodMs ?? 0
      )
    }
  } finally {
    await context.close()
  }
}

/**
 * /getWallets listing requests (not searches) from the page while All Wallets stays open for 10 s.
 * @param {Browser} browser
 * @param {RunningDemo} demo
 */
async function listingRequestsOverLyingListing(browser, demo) {
  demo.api.faults.set({ hostile: "repeat-pages", paths: "^/getWallets" })
  demo.api.inspect.clear()
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(demo.url)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: "All Wallets" })
      .click()
    const grid = page.getByRole("dialog", { name: "All Wallets" }).getByRole("list", { name: "All wallets" })
    await grid.getByRole("listitem").first().waitFor()
    await grid.hover()
    for (let step = 0; step < 10; step++) await page.mouse.wheel(0, 2000)
    await page.waitForTimeout(STORM_WINDOW_MS)
    const origin = new URL(demo.url).origin
    return demo.api.inspect
      .requests()
      .filter((r) => r.origin === origin && r.path === "/getWallets" && r.query.search === undefined).length
  } finally {
    await context.close()
    demo.api.faults.clear()
  }
}

const grouped = (/** @type {number} */ n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")
const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(1)} MB`
const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`

/**
 * Runs both measurements against a demo it starts and stops; returns the RESULTS.md section. `built`: the
 * caller has built the package, the demo host and the wallets (`buildDemo`), so the demo serves those.
 * @param {Browser} browser
 * @param {{ built?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function measureHostile(browser, { built = false } = {}) {
  console.error(`Hostile world: ${built ? "" : "building and "}starting the sandbox demo…`)
  const demo = await startDemo({ port: 0, build: !built })
  try {
    const loads = async (/** @type {number} */ count) => {
      /** @type {Array<LoadFigures>} */
      const runs = []
      for (let n = 0; n < LOADS; n++) runs.push(await openAfterAnnouncements(browser, demo.url, count))
      return medians(runs)
    }
    const quiet = await loads(0)
    const flooded = await loads(ANNOUNCEMENTS)
    const requests = await listingRequestsOverLyingListing(browser, demo)
    console.error(
      `Hostile world: ${grouped(ANNOUNCEMENTS)} announcements +${ms(flooded.taskMs - quiet.taskMs)} main thread, ` +
        `+${mb(flooded.heap - quiet.heap)} heap; ${requests} /getWallets requests in 10 s`
    )
    return `## A hostile world (issue 12)

The sandbox demo (\`npm run demo\`'s page, against anvil and the sandbox API), ${LOADS} loads of each kind
in fresh contexts of the same browser; medians. Main-thread time is Chromium's \`TaskDuration\` from
navigation until the Connect dialog is shown; the heap is measured after a forced collection with the
dialog open. The flooded load differs from the quiet one only by a wallet that announces itself
${grouped(ANNOUNCEMENTS)} times, with a new uuid each time, once the page asks for providers.

| figure | quiet page | ${grouped(ANNOUNCEMENTS)} announcements | difference | goal |
|---|---|---|---|---|
| main-thread task time, navigation → dialog shown | ${ms(quiet.taskMs)} | ${ms(flooded.taskMs)} | ${ms(flooded.taskMs - quiet.taskMs)} | < 300 ms |
| time inside the announcement loop (the page's listeners) | | ${ms(flooded.floodMs)} | | |
| JS heap with the dialog open, after GC | ${mb(quiet.heap)} | ${mb(flooded.heap)} | ${mb(flooded.heap - quiet.heap)} | < 20 MB |
| DOM nodes | ${quiet.nodes} | ${flooded.nodes} | ${flooded.nodes - quiet.nodes} | |
| buttons in the modal | ${quiet.rows} | ${flooded.rows} | | |
| click → dialog visible (Playwright, coarse) | ${ms(quiet.openedMs)} | ${ms(flooded.openedMs)} | | |

All Wallets open for ${STORM_WINDOW_MS / 1000} s with no visitor action after scrolling to its end, over
a listing that answers page 1 for every page and claims \`count\` 1 000 000 (the sandbox API's
\`hostile: "repeat-pages"\`): **${requests}** \`/getWallets\` listing requests (goal: at most a handful).
`
  } finally {
    await demo.close()
  }
}
