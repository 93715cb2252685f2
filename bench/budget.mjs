// npm run bench:budget: the gzip size of the JavaScript a minimal host loads before any click, against
// bench/budget.json. Static and deterministic: reads the Vite manifest of a production build.
import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { buildPackage, reusesBuild } from "../scripts/vite.mjs"
import { appDist, buildBenchApp, chunksOf } from "./app.mjs"
import { measureWagmiConnector } from "./wagmiSize.mjs"

const gzipBytes = async (/** @type {string} */ file) =>
  gzipSync(await readFile(join(appDist, file)), { level: 9 }).length
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`

// Under `npm test` the package is already built for the run.
if (!reusesBuild()) await buildPackage()
const { initial, lazy } = chunksOf(await buildBenchApp())
const budget = JSON.parse(
  await readFile(new URL("./budget.json", import.meta.url), "utf8")
).initialJsGzipBytes

/**
 * @param {string} title
 * @param {ReadonlyArray<string>} files
 */
const table = async (title, files) => {
  let total = 0
  console.log(title)
  for (const file of files) {
    const bytes = await gzipBytes(file)
    total += bytes
    console.log(`  ${file.padEnd(44)} ${String(bytes).padStart(8)} B gzip`)
  }
  return total
}

const initialBytes = await table("Initial JavaScript (entry chunk and its static imports):", initial)
const lazyBytes = await table("Lazily loaded chunks (dynamic imports):", lazy)
console.log(`lazy total:    ${lazyBytes} B gzip (${kb(lazyBytes)}); not counted against the budget`)
console.log(`initial total: ${initialBytes} B gzip (${kb(initialBytes)})`)
console.log(`budget:        ${budget} B gzip (${kb(budget)})`)
if (initialBytes > budget) {
  console.error(`Over budget by ${initialBytes - budget} B gzip.`)
  process.exitCode = 1
} else {
  console.log(`Within budget (${budget - initialBytes} B to spare).`)
}

/**
 * Chunks whose text includes `marker`.
 * @param {ReadonlyArray<string>} files
 * @param {string} marker
 */
const chunksWith = async (files, marker) => {
  /** @type {Array<string>} */
  const found = []
  for (const file of files)
    if ((await readFile(join(appDist, file), "utf8")).includes(marker)) found.push(file)
  return found
}

// Code that must stay out of the first paint, each known by a string only it has: the WalletConnect SDK
// (its sign-client's method names), the Wallet Standard's discovery (its event), base58 codecs (the
// alphabet; @solana/kit's among them) and effect's HTTP client (a reference only its module has). Each
// must be in some lazy chunk, or the marker proves nothing.
/** @type {ReadonlyArray<readonly [string, string]>} */
const lazyOnly = [
  ["The WalletConnect SDK", "wc_sessionPropose"],
  ["The Wallet Standard's discovery", "wallet-standard:register-wallet"],
  ["Base58 codecs (@solana/kit's among them)", "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"],
  ["effect's HTTP client", "effect/http/HttpClient/TracerPropagationEnabled"]
]
for (const [name, marker] of lazyOnly) {
  const [inInitial, inLazy] = [await chunksWith(initial, marker), await chunksWith(lazy, marker)]
  if (inInitial.length > 0 || inLazy.length === 0) {
    console.error(`${name} should be in a lazy chunk only; initial: [${inInitial}], lazy: [${inLazy}].`)
    process.exitCode = 1
  } else {
    console.log(`${name} is in a lazy chunk only (${inLazy.join(", ")}).`)
  }
}

// THREATS.md T6: nothing in the bundle posts to any window with the target origin "*" (the embedded
// wallet's frame is greeted only by its own origin, then spoken to over a MessageChannel port).
const wildcardPost = /postMessage\([^;]{0,200}?,\s*(["'`])\*\1\s*[,)]/
/** @type {Array<string>} */
const posting = []
for (const file of [...initial, ...lazy])
  if (wildcardPost.test(await readFile(join(appDist, file), "utf8"))) posting.push(file)
if (posting.length > 0) {
  console.error(`postMessage with the target origin "*" in: [${posting}].`)
  process.exitCode = 1
} else {
  console.log(`No postMessage with the target origin "*" in ${initial.length + lazy.length} chunks.`)
}

// What the wagmi connector adds to a host that already has Airlock and wagmi (the expectation).
const WAGMI_CONNECTOR_LIMIT = 3072
const wagmi = await measureWagmiConnector()
console.log(
  `airlock/wagmi adds ${wagmi.added} B gzip to a host with Airlock and wagmi (${wagmi.without} → ${wagmi.with}; limit ${WAGMI_CONNECTOR_LIMIT} B).`
)
if (wagmi.added > WAGMI_CONNECTOR_LIMIT) {
  console.error(`airlock/wagmi is over its limit by ${wagmi.added - WAGMI_CONNECTOR_LIMIT} B gzip.`)
  process.exitCode = 1
}
