// One page load of a built bench app in a fresh browser context (empty cache), shared by npm run bench and
// the budget's browser check: the page is loaded with the probe (bench/probe.mjs), left until its network is
// quiet, an idle callback has run and it is quiet again (the idle prefetch done), then its Connect Wallet
// button is clicked; every JavaScript response is kept with its gzip -9 size and whether it was requested
// before or after the click.
import { gzipSync } from "node:zlib"
import { announceBenchWallet, benchWallet, probe } from "./probe.mjs"

/** @import { Browser, BrowserContext, Page, Request } from "playwright-core" */
/** @import { Marks, ProbedWindow } from "./probe.mjs" */
/** @typedef {{ file: string, gzip: number }} FetchedFile */
/**
 * JavaScript by when it was requested: before the click; after it, until the Connect view's first frame
 * (what the view waited for); and after that frame (what the open view prefetches for the next step).
 * @typedef {{ before: Array<FetchedFile>, after: Array<FetchedFile>, next: Array<FetchedFile> }} FetchedJs
 */
/**
 * A load up to the Connect view.
 * @typedef {{ marks: Marks, files: FetchedJs, heapMiB?: number }} ConnectViewLoad
 */
/**
 * A load through a connect with the test wallet.
 * @typedef {{ marks: Marks, files: FetchedJs, connecting: Array<FetchedFile> }} ConnectFlowLoad
 */

/** How long no request may be in flight for the network to count as quiet. */
export const QUIET_MS = 500
/** A page that has not connected by then has failed (its dialog's text says where it stopped). */
const CONNECT_TIMEOUT_MS = 15_000
/** After the account shows, the chunks still in flight get this long to finish before they are counted. */
const SETTLE_MAX_MS = 3_000

/** Resolves once no request has been in flight for QUIET_MS, or after `maxMs`. */
async function networkQuiet(/** @type {ReadonlySet<Request>} */ inFlight, maxMs = Number.POSITIVE_INFINITY) {
  const started = Date.now()
  let quietSince = started
  while (Date.now() - quietSince < QUIET_MS && Date.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (inFlight.size > 0) quietSince = Date.now()
  }
}

/**
 * Resolves once the probe's marks satisfy `done`, asking the page every 20 ms (at most `timeoutMs`). Not
 * Playwright's waitForFunction or locators: they inject Playwright's own script into the page, whose heap
 * (about half a MiB) would then count as the modal's.
 * @param {Page} page
 * @param {(marks: Marks) => boolean} done
 * @param {string} what
 */
async function untilMarks(page, done, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (done(await marksOf(page))) return
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const marksOf = (/** @type {Page} */ page) =>
  page.evaluate(() => ({ .../** @type {ProbedWindow} */ (window).__bench }))

/**
 * A fresh context and page with the probe (and, with `pick`, the test wallet) that records the JavaScript
 * it fetches, loaded until its Connect button is interactive and its network quiet; `click` clicks the
 * button, after which requests count as "after". The caller closes `context`.
 * @param {Browser} browser
 * @param {string} url
 * @param {{ pick: boolean }} options
 */
async function loadQuiet(browser, url, { pick }) {
  const context = await browser.newContext()
  await context.addInitScript(probe, {
    pick: pick ? { name: benchWallet.name, address: benchWallet.address } : undefined
  })
  if (pick) await context.addInitScript(announceBenchWallet, benchWallet)
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
  /** @type {FetchedJs} */
  const files = { before: [], after: [], next: [] }
  /** Each JavaScript file's gzip size by its URL. */
  /** @type {Map<string, number>} */
  const gzipByUrl = new Map()
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
          const gzip = gzipSync(await response.body(), { level: 9 }).length
          gzipByUrl.set(request.url(), gzip)
          files[phases.get(request) ?? "before"].push({ file: new URL(request.url()).pathname, gzip })
        }
      })().finally(() => inFlight.delete(request))
    )
  })
  const failIfErrors = () => {
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`)
  }

  await page.goto(url, { waitUntil: "load" })
  // A page that throws while starting never shows the button: say why instead of only timing out.
  await untilMarks(page, (marks) => marks.interactive !== undefined, "the Connect button").catch((error) => {
    failIfErrors()
    throw error
  })
  await networkQuiet(inFlight)
  // An idle callback queued now runs after the page's own (its idle prefetch, `requestIdleCallback` with a
  // timeout shorter than this one's), which a busy machine can hold past the first quiet spell.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 5000 }))
  )
  await networkQuiet(inFlight)
  return {
    context,
    page,
    files,
    gzipByUrl,
    failIfErrors,
    click: async () => {
      phase = "after"
      // A real pointer click at the button's centre, found in the page's own world (see untilMarks).
      const at = await page.evaluate(() => {
        const button = [...document.querySelectorAll("button")].find(
          (candidate) => (candidate.textContent ?? "").trim() === "Connect Wallet"
        )
        const box = button?.getBoundingClientRect()
        return box && { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      })
      if (at === undefined) throw new Error("no Connect Wallet button to click")
      await page.mouse.click(at.x, at.y)
    },
    /** Waits for quiet (at most `maxMs`) and for every finished response's body. */
    settle: async (maxMs = Number.POSITIVE_INFINITY) => {
      await networkQuiet(inFlight, maxMs)
      await Promise.all(bodies)
    }
  }
}

/**
 * @template T
 * @param {BrowserContext} context
 * @param {() => Promise<T>} use
 */
const closing = async (context, use) => {
  try {
    return await use()
  } finally {
    await context.close()
  }
}

/**
 * Loads the page, waits for quiet, clicks Connect Wallet and waits for the Connect view to be painted and
 * visible, then for quiet again. JavaScript requested after the click splits at the view's first frame:
 * before it, what the view waited for (`after`); after it, what the open view prefetched (`next`). With `heap`, then forces a garbage collection and reads the used JS heap.
 * @param {Browser} browser
 * @param {string} url
 * @param {{ heap?: boolean }} [options]
 * @returns {Promise<ConnectViewLoad>}
 */
export async function loadConnectView(browser, url, { heap = false } = {}) {
  const loaded = await loadQuiet(browser, url, { pick: false })
  return closing(loaded.context, async () => {
    const { page } = loaded
    await loaded.click()
    await untilMarks(
      page,
      (marks) => marks.frame !== undefined && marks.shown !== undefined,
      "the Connect view"
    )
    await loaded.settle()
    loaded.failIfErrors()
    const marks = await marksOf(page)
    // Requested once the view's first frame was painted: not waited for by the view, the next step's.
    const afterFrame = new Set(
      await page.evaluate(
        (frame) =>
          performance
            .getEntriesByType("resource")
            .filter((entry) => entry.startTime > frame)
            .map((entry) => new URL(entry.name).pathname),
        marks.frame ?? Number.POSITIVE_INFINITY
      )
    )
    const { before, after } = loaded.files
    const files = {
      before,
      after: after.filter(({ file }) => !afterFrame.has(file)),
      next: after.filter(({ file }) => afterFrame.has(file))
    }
    /** @type {ConnectViewLoad} */
    const load = { marks, files }
    if (heap) {
      const cdp = await loaded.context.newCDPSession(page)
      await cdp.send("HeapProfiler.collectGarbage")
      const { usedSize } = await cdp.send("Runtime.getHeapUsage")
      load.heapMiB = usedSize / 1024 / 1024
    }
    return load
  })
}

/**
 * Loads the page with the test wallet, waits for quiet, clicks Connect Wallet; the probe picks the wallet
 * as soon as the Connect view shows it and marks when the account is visible. The JavaScript requested
 * between the pick and the account (by the page's resource timeline) is `connecting`. What the connected
 * account's data loads (over an RPC URL where nothing listens) is not waited for.
 * @param {Browser} browser
 * @param {string} url
 * @returns {Promise<ConnectFlowLoad>}
 */
export async function loadConnectFlow(browser, url) {
  const loaded = await loadQuiet(browser, url, { pick: true })
  return closing(loaded.context, async () => {
    const { page } = loaded
    await loaded.click()
    await untilMarks(
      page,
      (marks) => marks.connected !== undefined,
      "the connected account",
      CONNECT_TIMEOUT_MS
    ).catch(async (error) => {
      loaded.failIfErrors()
      const marks = JSON.stringify(await marksOf(page))
      const dialog = await page
        .evaluate(() => document.querySelector("airlock-modal")?.shadowRoot?.textContent ?? "")
        .catch(() => "")
      throw new Error(`no account shown (marks ${marks}; the modal shows: ${dialog.slice(0, 300)})`, {
        cause: error
      })
    })
    await loaded.settle(SETTLE_MAX_MS)
    loaded.failIfErrors()
    const marks = await marksOf(page)
    const from = marks.picked ?? Number.NaN
    const to = marks.connected ?? Number.NaN
    const requested = await page.evaluate(
      ({ start, end }) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime >= start && entry.startTime <= end)
          .map((entry) => entry.name),
      { start: from, end: to }
    )
    const connecting = requested.flatMap((name) => {
      const gzip = loaded.gzipByUrl.get(name)
      return gzip === undefined ? [] : [{ file: new URL(name).pathname, gzip }]
    })
    return { marks, files: loaded.files, connecting }
  })
}
