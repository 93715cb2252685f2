// One anvil node: finding the binary, starting it on a free loopback port with the sandbox's mnemonic and
// hardfork, and stopping it (every anvil started here dies with the parent). Apart from chain.mjs, which
// starts two of them and seeds them.
import { spawn } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { delimiter, join } from "node:path"
import { rpc } from "./rpc.mjs"

/** @import { ChildProcess } from "node:child_process" */

/**
 * @typedef {object} RunningAnvil
 * @property {number} chainId
 * @property {string} rpcUrl
 * @property {ChildProcess} process
 * @property {() => Promise<void>} stop
 */

/** anvil's well-known test mnemonic: its accounts are public, funded only on these local chains. */
export const SANDBOX_MNEMONIC = "test test test test test test test test test test test junk"
export const ACCOUNT_COUNT = 10
/**
 * The hardfork, pinned rather than anvil's moving `latest`: Prague is the first with EIP-7702, which the
 * Sandbox Wallet's atomic batches need.
 */
export const SANDBOX_HARDFORK = "prague"
/** Ether each dev account starts with. */
export const ACCOUNT_BALANCE_ETH = 10_000

// ---------------------------------------------------------------------------------------------------------
// Finding anvil
// ---------------------------------------------------------------------------------------------------------

const ANVIL_PACKAGE = "@foundry-rs/anvil-linux-amd64"

/** @param {string} file */
const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The anvil binary: `AIRLOCK_ANVIL` when set, else the one the optional npm dependency installs (Linux
 * x64 only), else `anvil` on PATH. Throws with what to do when there is none.
 * @returns {string}
 */
export function findAnvil() {
  const override = process.env.AIRLOCK_ANVIL
  if (override !== undefined && override !== "") {
    if (isExecutable(override)) return override
    throw new Error(`AIRLOCK_ANVIL=${override} is not an executable file`)
  }
  try {
    const manifest = createRequire(import.meta.url).resolve(`${ANVIL_PACKAGE}/package.json`)
    const bundled = join(manifest, "..", "bin", "anvil")
    if (isExecutable(bundled)) return bundled
  } catch {
    // Not installed: npm skips this optional dependency on platforms other than Linux x64.
  }
  const name = process.platform === "win32" ? "anvil.exe" : "anvil"
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir !== "" && isExecutable(join(dir, name))) return join(dir, name)
  }
  throw new Error(
    [
      "The sandbox needs anvil (Foundry's local EVM node) and found none.",
      `On Linux x64, \`npm install\` installs it through the optional dependency ${ANVIL_PACKAGE}.`,
      "Elsewhere, install Foundry (its `foundryup` installer puts anvil on PATH),",
      "or point AIRLOCK_ANVIL at an anvil binary."
    ].join("\n")
  )
}

// ---------------------------------------------------------------------------------------------------------
// Processes: every anvil this module starts dies with the parent
// ---------------------------------------------------------------------------------------------------------

/** @type {Set<ChildProcess>} */
const running = new Set()
let cleanupInstalled = false

/** @param {ChildProcess} child */
const isAlive = (child) => child.exitCode === null && child.signalCode === null

function installCleanup() {
  if (cleanupInstalled) return
  cleanupInstalled = true
  // 'exit' handlers must be synchronous: a kill is.
  process.on("exit", () => {
    for (const child of running) if (isAlive(child)) child.kill("SIGKILL")
  })
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) {
    const onSignal = () => {
      for (const child of running) if (isAlive(child)) child.kill("SIGTERM")
      // Alone on this signal, we must not swallow it: restore the default and let it end the process.
      // With other listeners (the demo's, vitest's), they decide when the process ends.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal)
        process.kill(process.pid, signal)
      }
    }
    // First in line, so the count above still includes `once` listeners, which Node removes as it calls them.
    process.prependListener(signal, onSignal)
  }
}

/**
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
const exited = (child) =>
  isAlive(child) ? new Promise((resolve) => child.once("exit", () => resolve())) : Promise.resolve()

/**
 * Stops one anvil: SIGTERM, then SIGKILL if it is still there after 5 s. Resolves once it has exited.
 * @param {ChildProcess} child
 */
async function stopProcess(child) {
  if (isAlive(child)) {
    child.kill("SIGTERM")
    const timer = setTimeout(() => isAlive(child) && child.kill("SIGKILL"), 5_000)
    await exited(child)
    clearTimeout(timer)
  }
  running.delete(child)
}

/**
 * A loopback port nothing listens on right now.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/**
 * Starts anvil on a free loopback port with the sandbox mnemonic and resolves once it answers
 * `eth_chainId` with `chainId`. `genesisTimestamp` (seconds) backdates the genesis block, so that seeded
 * blocks can carry past timestamps.
 * @param {{ readonly chainId: number, readonly genesisTimestamp?: number | undefined, readonly timeoutMs?: number }} options
 * @returns {Promise<RunningAnvil>}
 */
export async function startAnvil({ chainId, genesisTimestamp, timeoutMs = 15_000 }) {
  const anvil = findAnvil()
  installCleanup()
  let lastError
  // A free port can be taken between the probe and anvil's bind: then try another one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort()
    const rpcUrl = `http://127.0.0.1:${port}`
    const args = [
      ["--host", "127.0.0.1"],
      ["--port", String(port)],
      ["--chain-id", String(chainId)],
      ["--mnemonic", SANDBOX_MNEMONIC],
      ["--accounts", String(ACCOUNT_COUNT)],
      ["--balance", String(ACCOUNT_BALANCE_ETH)],
      ["--hardfork", SANDBOX_HARDFORK],
      genesisTimestamp === undefined ? [] : ["--timestamp", String(genesisTimestamp)],
      ["--silent"]
    ].flat()
    const child = spawn(anvil, args, { stdio: ["ignore", "ignore", "pipe"] })
    running.add(child)
    let stderr = ""
    child.stderr.setEncoding("utf8")
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-4_000)
    })
    /** @type {Promise<Error>} */
    const spawnFailed = new Promise((resolve) => child.once("error", (error) => resolve(error)))
    const deadline = Date.now() + timeoutMs
    let answered = false
    while (isAlive(child) && Date.now() < deadline) {
      const id = await rpc(rpcUrl, "eth_chainId").catch(() => undefined)
      if (id !== undefined) {
        if (Number(id) !== chainId) {
          lastError = new Error(`anvil on ${rpcUrl} answered chain ${Number(id)}, expected ${chainId}`)
          break
        }
        answered = true
        break
      }
      // Polling on a real answer, never sleeping for a fixed time and hoping.
      /** @type {Promise<undefined>} */
      const pause = new Promise((r) => setTimeout(r, 25, undefined))
      const failure = await Promise.race([spawnFailed, pause])
      if (failure !== undefined) {
        lastError = new Error(`could not start ${anvil}: ${failure.message}`)
        break
      }
    }
    if (answered) return { chainId, rpcUrl, process: child, stop: () => stopProcess(child) }
    const exitCode = child.exitCode
    await stopProcess(child)
    lastError ??= new Error(
      `anvil (chain ${chainId}) did not answer on ${rpcUrl} within ${timeoutMs} ms` +
        (exitCode === null ? "" : ` (exit code ${exitCode})`) +
        (stderr.trim() === "" ? "" : `:\n${stderr.trim()}`)
    )
    if (!/address already in use/i.test(stderr)) break
  }
  throw lastError
}
