// npm run bench's figures: one run's from its two page loads, their medians, and bench/RESULTS.md's text.

/** @import { FetchedFile, ConnectFlowLoad, ConnectViewLoad } from "./pageLoad.mjs" */
/** @import { StaticSizes } from "./app.mjs" */
/**
 * One run: a load up to the Connect view and a load through a connect with the test wallet, of one build.
 * Sizes in bytes (gzip -9), times in ms, the heap in MiB.
 * @typedef {object} Run
 * @property {number} jsBefore JavaScript fetched before the click
 * @property {number} jsAfter JavaScript fetched after the click, for the Connect view
 * @property {number} filesAfter how many JavaScript files that was
 * @property {number} jsNext JavaScript requested once the Connect view was painted (the next step's prefetch)
 * @property {number} interactive navigation start → Connect button interactive
 * @property {number} rendered click → Connect view rendered and laid out
 * @property {number} frame click → the next animation frame
 * @property {number} shown click → the frame that paints the Connect view off opacity 0
 * @property {number} heapMiB used JS heap with the Connect view open, after a forced collection
 * @property {number} flow Connect click → connected account shown (the whole flow)
 * @property {number} connect wallet pick → connected account shown
 * @property {number} filesConnecting JavaScript files requested between the pick and the account
 * @property {number} jsConnecting their gzip bytes
 * @property {{ before: Array<FetchedFile>, after: Array<FetchedFile>, next: Array<FetchedFile>, connecting: Array<FetchedFile> }} files
 */
/**
 * One side of the comparison: what was measured of a build.
 * @typedef {object} Side
 * @property {StaticSizes} [static]
 * @property {Array<Run>} [runs]
 * @property {string} [hostile]
 * @property {{ without: number, with: number, added: number }} [wagmi]
 * @property {string} [error]
 */
/** @typedef {keyof Omit<Run, "files">} RunFigure */
/**
 * A row of the tables: a figure of a side, its format, and the issue's goal for it (given the before side,
 * for a goal relative to it); `met` says whether a value meets it.
 * @typedef {object} Figure
 * @property {string} label
 * @property {(side: Side) => number | undefined} of
 * @property {(value: number) => string} format
 * @property {RunFigure} [key] a per-run figure (else static: one value per build)
 * @property {(before: Side) => { text: string, met: (value: number) => boolean } | undefined} [goal]
 */

const total = (/** @type {ReadonlyArray<FetchedFile>} */ list) =>
  list.reduce((sum, entry) => sum + entry.gzip, 0)

/**
 * @param {ConnectViewLoad} view
 * @param {ConnectFlowLoad} flow
 * @returns {Run}
 */
export function runOf(view, flow) {
  /** @param {number | undefined} from @param {number | undefined} to */
  const between = (from, to) => (to ?? Number.NaN) - (from ?? Number.NaN)
  return {
    jsBefore: total(view.files.before),
    jsAfter: total(view.files.after),
    filesAfter: view.files.after.length,
    jsNext: total(view.files.next),
    interactive: view.marks.interactive ?? Number.NaN,
    rendered: between(view.marks.click, view.marks.rendered),
    frame: between(view.marks.click, view.marks.frame),
    shown: between(view.marks.click, view.marks.shown),
    heapMiB: view.heapMiB ?? Number.NaN,
    flow: between(flow.marks.click, flow.marks.connected),
    connect: between(flow.marks.picked, flow.marks.connected),
    filesConnecting: flow.connecting.length,
    jsConnecting: total(flow.connecting),
    files: { ...view.files, connecting: flow.connecting }
  }
}

/** @param {ReadonlyArray<number>} values */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2
}
export const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`
const mib = (/** @type {number} */ value) => `${value.toFixed(2)} MiB`
const count = (/** @type {number} */ value) => (Number.isInteger(value) ? String(value) : value.toFixed(1))

/** @param {RunFigure} key */
const medianOf = (key) => (/** @type {Side} */ side) => side.runs && median(side.runs.map((run) => run[key]))
/** @param {RunFigure} key @param {(value: number) => string} format */
const perRun = (key, format) => ({ key, of: medianOf(key), format })
/** @param {string} text @param {number} limit */
const atMost = (text, limit) => () => ({ text, met: (/** @type {number} */ value) => value <= limit })

/** @type {ReadonlyArray<Figure>} */
const figures = [
  {
    label: "initial JS gzip -9 (static, from the Vite manifest)",
    of: (side) => side.static?.initial,
    format: kb,
    goal: atMost("≤ 120 KB", 120 * 1024)
  },
  {
    label: "JS fetched before the click, gzip -9 (first paint and idle prefetch)",
    ...perRun("jsBefore", kb),
    goal: atMost("≤ 170 KB", 170 * 1024)
  },
  { label: "JS fetched after the click for the Connect view, gzip -9", ...perRun("jsAfter", kb) },
  {
    label: "JS files fetched after the click for the Connect view",
    ...perRun("filesAfter", count),
    goal: atMost("0", 0)
  },
  {
    label: "JS prefetched once the Connect view is painted (what connecting needs), gzip -9",
    ...perRun("jsNext", kb)
  },
  {
    label: "lazy chunks gzip -9 (static, from the Vite manifest)",
    of: (side) => side.static?.lazy,
    format: kb
  },
  {
    label: "navigation start → Connect button interactive",
    ...perRun("interactive", ms),
    goal: (before) => {
      const limit = medianOf("interactive")(before)
      return limit === undefined
        ? undefined
        : { text: `≤ ${ms(limit * 1.1)} (before + 10 %)`, met: (value) => value <= limit * 1.1 }
    }
  },
  {
    label: "click → Connect view rendered and laid out",
    ...perRun("rendered", ms),
    goal: atMost("≤ 16 ms", 16)
  },
  { label: "click → next animation frame (first paint of the view)", ...perRun("frame", ms) },
  { label: "click → the frame that paints the Connect view off opacity 0", ...perRun("shown", ms) },
  {
    label: "used JS heap, Connect view open, after a forced GC",
    ...perRun("heapMiB", mib),
    goal: atMost("≤ 5 MiB", 5)
  },
  {
    label: "test wallet: Connect click → connected account shown (whole flow)",
    ...perRun("flow", ms),
    goal: atMost("≤ 120 ms", 120)
  },
  { label: "test wallet: wallet pick → connected account shown", ...perRun("connect", ms) },
  {
    label: "test wallet: JS files fetched between the pick and the account",
    ...perRun("filesConnecting", count),
    goal: atMost("≤ 2", 2)
  },
  {
    label: "test wallet: JS fetched between the pick and the account, gzip -9",
    ...perRun("jsConnecting", kb)
  }
]

// "+" on a rise, "-" on a fall, no sign when it rounds to zero (toFixed() prints "-0.0" for a small fall).
const signed = (/** @type {string} */ text) => {
  if (/^-?0(\.0+)?(?![.\d])/.test(text)) return text.replace(/^-/, "")
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

/**
 * The before/after table: every figure of both builds (per-run ones as medians), n/a where a build was not
 * measured.
 * @param {Side} before
 * @param {Side} after
 * @param {string} referenceName
 */
export const comparisonTable = (before, after, referenceName) =>
  [
    `| metric (per-run figures: medians) | before (${referenceName}) | after (this tree) | change |`,
    "|---|---|---|---|",
    ...figures.map(({ label, of, format }) => {
      const [from, to] = [of(before), of(after)]
      return `| ${label} | ${orNa(from, format)} | ${orNa(to, format)} | ${change(from, to, format)} |`
    })
  ].join("\n")

/**
 * This tree's figures with their spread and the issue's goals.
 * @param {Side} before
 * @param {Side} after
 */
const goalsTable = (before, after) =>
  [
    "| metric | median | min | max | goal | met |",
    "|---|---|---|---|---|---|",
    ...figures.flatMap(({ label, of, format, key, goal }) => {
      const value = of(after)
      if (value === undefined) return []
      const values = key === undefined ? [value] : (after.runs ?? []).map((run) => run[key])
      const spread =
        key === undefined ? "| | " : `| ${format(Math.min(...values))} | ${format(Math.max(...values))} `
      const wanted = goal?.(before)
      const met = wanted === undefined ? "" : wanted.met(value) ? "yes" : "**no**"
      return [`| ${label} | ${format(value)} ${spread}| ${wanted?.text ?? ""} | ${met} |`]
    })
  ].join("\n")

const fileList = (/** @type {ReadonlyArray<FetchedFile>} */ list) =>
  list.map((entry) => `\`${entry.file}\` ${entry.gzip} B`).join(", ") || "none"

/**
 * The files fetched in the last run of a build: before the click, after it for the view, once the view is
 * painted, and while connecting.
 */
export const lastFiles = (/** @type {ReadonlyArray<Run>} */ runs) => {
  const files = runs.at(-1)?.files ?? { before: [], after: [], next: [], connecting: [] }
  return (
    `before the click: ${fileList(files.before)}; after the click, for the Connect view: ${fileList(files.after)}; ` +
    `once the view was painted: ${fileList(files.next ?? [])}; ` +
    `between the wallet pick and the account: ${fileList(files.connecting)}`
  )
}

/**
 * bench/RESULTS.md.
 * @param {object} page
 * @param {Side} page.before
 * @param {Side} page.after
 * @param {{ commit: string, description: string }} page.reference
 * @param {string} page.referenceName
 * @param {number} page.runs
 * @param {string} page.machine
 * @param {number} page.minutes how long the whole bench took
 */
export function resultsPage({ before, after, reference, referenceName, runs, machine, minutes }) {
  const chunkTable = (after.static?.chunks ?? [])
    .map((chunk) => `| ${chunk.kind} | \`${chunk.file}\` | ${kb(chunk.gzip)} |`)
    .join("\n")
  const referenceNote = before.error
    ? `Before is n/a where the reference was not built or measured in this run: ${before.error}.`
    : `Files fetched in the last reference run: ${lastFiles(before.runs ?? [])}.`
  return `# Bench results

Date: ${new Date().toISOString()}
Machine: ${machine}
Command: \`npm run bench\` (\`node bench/run.mjs\`), ${minutes.toFixed(0)} minutes in all (both builds, the
hostile world and the wagmi builds included; a reference prepared by an earlier run is reused)

The minimal host in \`bench/app/\` (React, \`createModal\` from \`airlock\`, \`<ConnectButton>\` from
\`airlock/react\`), built by Vite in production mode and served by \`vite preview\` on loopback. ${runs} runs per
build, each two page loads in fresh browser contexts (empty cache); figures are the runs' medians. Sizes are
the response bodies of every JavaScript file the page fetched, gzipped here with zlib level 9 (KB = 1024
bytes). Times are taken inside the page with \`performance.now()\` by a probe installed before the page's
scripts (\`bench/probe.mjs\`: a MutationObserver, including one on the modal's shadow root, plus a per-frame
check).

- **The Connect view load**: from navigation start until the Connect Wallet button is laid out, opaque and
  enabled; then, once no request has been in flight for 500 ms, an idle callback queued then has run and
  the network is quiet again for 500 ms (the page's idle prefetch done), a click on it, timed
  from a capturing click listener until the dialog showing the Connect view (titled "Connect Wallet") is
  rendered and laid out, until the next animation frame (the frame that paints it), and until the first frame
  that paints it off opacity 0 (an opening animation from opacity 0 shows it a frame or two later). "After
  the click" counts the JavaScript requested from the click until the network is quiet again. Then a
  garbage collection forced through the DevTools protocol (\`HeapProfiler.collectGarbage\`) and the used JS
  heap (\`Runtime.getHeapUsage\`).
- **The connect load**: with a test wallet injected before the page's scripts in both builds (EIP-6963,
  "Bench Wallet": it answers \`eth_requestAccounts\`/\`eth_accounts\` with one address, \`eth_chainId\` with
  0x7a69, \`wallet_switchEthereumChain\` with null, emits nothing, refuses anything else with 4200), the same
  load, quiet and click; the probe clicks the wallet's row in the frame after the one that painted the
  Connect view (a visitor clicks only what was painted), and marks the frame that paints the connected
  account's address (the Account view, the one a visitor who opened the modal sees; or the Connect button's
  short address were the modal to close). The JavaScript between the pick and that mark is read from the
  page's resource timeline. The account's data loads (the bench app's RPC URL has nothing listening) are not
  waited for.

Before and after, measured in this run by the same method. "Before" is commit
\`${reference.commit}\`
(${reference.description}):
a detached git worktree of it outside the repository, installed with \`npm ci\` from its own lockfile and
built with its own \`scripts/vite.mjs\` and \`bench/app.mjs\`. "After" is this working tree. Both bench apps
are served by this tree's \`vite preview\`, loaded by this tree's probe and test wallet, in the same browser.
The static rows sum the chunks of each build's Vite manifest as \`npm run bench:budget\` does (initial: the
entry chunk and its static imports; lazy: the chunks reached only through dynamic imports).

${comparisonTable(before, after, referenceName)}

${referenceNote}

This tree, over ${runs} runs, against the goals of issue 32:

${goalsTable(before, after)}

For scale, the same one-button app with other modals, measured elsewhere (issue 32; medians of 9, the same
injected test wallet): JS before the click: React and a \`<dialog>\` (the floor) 68 KB, ConnectKit 557 KB,
RainbowKit 651 KB, AppKit 865 KB; click → Connect view: the floor 6 ms, RainbowKit 68 ms, AppKit 128 ms,
ConnectKit 149 ms; Connect click → connected, whole flow: the floor 53 ms, RainbowKit 586 ms, AppKit 724 ms,
ConnectKit 1 064 ms; heap with the modal open: the floor 3.4 MiB, the others 9.1-13.3 MiB.

Every chunk of this tree's build (gzip -9): the initial ones load with the page; each lazy one loads when its
view or feature is first used, or ahead of it by a prefetch (\`universalProvider\` is the WalletConnect SDK,
fetched when a visitor chooses WalletConnect or a WalletConnect session is restored; \`npm run bench:budget\`
holds the initial total to \`bench/budget.json\`).

| loaded | chunk | gzip |
|---|---|---|
${chunkTable}

Files fetched in the last run of this tree: ${lastFiles(after.runs ?? [])}.

\`airlock/wagmi\`: the host in \`bench/wagmi/\` (Airlock and wagmi's \`createConfig\`), built for production without
and with the connector: ${after.wagmi?.without} B → ${after.wagmi?.with} B gzip -9 of all its JavaScript, lazy chunks
included, so the connector adds **${after.wagmi?.added} B** (expected: under 3 KB; \`npm test\` fails above 3 072 B).

${after.hostile}`
}
