// The sandbox's chains: two anvil nodes on loopback (chain ids 31337 and 31338), the first seeded with two
// ERC-20 tokens, a few months of transfers and a pool for each pair of ETH and the tokens (pools.mjs). Used
// by `npm run demo` (sandbox/demo.mjs, through sandbox/host/serve.mjs) and by the browser tests
// (test/e2e/globalSetup.ts).
import { spawn } from "node:child_process"
import { accessSync, constants, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { delimiter, join } from "node:path"
import { encodeDeployData, encodeFunctionData, getAddress, parseEther, parseUnits, toHex } from "viem"
import { mnemonicToAccount } from "viem/accounts"
import { artifactOf } from "./build-contracts.mjs"
import { deployBatchDelegate } from "./delegate.mjs"
import { deployPools, POOL_PROVIDER_INDEX } from "./pools.mjs"

/** @import { ChildProcess } from "node:child_process" */
/** @typedef {import("./pools.mjs").SandboxPool} SandboxPool */
/** @typedef {import("./delegate.mjs").SandboxBatchDelegate} SandboxBatchDelegate */
/** @typedef {`0x${string}`} Hex */

/**
 * @typedef {object} SandboxChain
 * @property {number} chainId
 * @property {string} rpcUrl `http://127.0.0.1:PORT`
 * @property {string} name
 */
/**
 * @typedef {object} SandboxToken
 * @property {number} chainId
 * @property {`0x${string}`} address
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 */
/**
 * @typedef {object} SandboxAccount
 * @property {number} index
 * @property {`0x${string}`} address
 * @property {`0x${string}`} privateKey anvil's public test key for this account.
 */
/**
 * A transfer the seeding made.
 * @typedef {object} SandboxTransfer
 * @property {number} chainId
 * @property {`0x${string}`} hash
 * @property {number} timestamp Block timestamp, seconds.
 * @property {string} asset "ETH" or the token's symbol.
 * @property {`0x${string}` | undefined} token The token contract, undefined for ether.
 * @property {`0x${string}`} from
 * @property {`0x${string}`} to
 * @property {string} value Base units, as a decimal string.
 */
/**
 * @typedef {object} SandboxChains
 * @property {ReadonlyArray<SandboxChain>} chains
 * @property {ReadonlyArray<SandboxToken>} tokens
 * @property {ReadonlyArray<SandboxPool>} pools The SandboxPools on the first chain: ETH/sUSD, ETH/SBX and sUSD/SBX.
 * @property {ReadonlyArray<SandboxBatchDelegate>} batchDelegates The EIP-7702 batch executor on each chain, in the
 *   chains' order (the Sandbox Wallet's accounts delegate to it for EIP-5792 batches).
 * @property {ReadonlyArray<SandboxAccount>} accounts
 * @property {ReadonlyArray<SandboxTransfer>} history
 * @property {string} mnemonic
 * @property {() => Promise<void>} stop Stops both nodes; resolves once they have exited. Safe to call more than once.
 */
/**
 * @typedef {object} RunningAnvil
 * @property {number} chainId
 * @property {string} rpcUrl
 * @property {ChildProcess} process
 * @property {() => Promise<void>} stop
 */
/** @typedef {{ readonly status: string, readonly contractAddress: `0x${string}` | null }} Receipt A mined transaction's receipt: the fields the sandbox reads. */

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

/** The two chains, in the order the demo lists them. */
/** @type {ReadonlyArray<{ readonly chainId: number, readonly name: string }>} */
export const SANDBOX_CHAINS = Object.freeze([
  Object.freeze({ chainId: 31337, name: "Sandbox Chain" }),
  Object.freeze({ chainId: 31338, name: "Sandbox Chain B" })
])

/** The tokens deployed on the first chain: a 6-decimals stablecoin and an 18-decimals token. */
/** @type {ReadonlyArray<{ readonly name: string, readonly symbol: string, readonly decimals: number, readonly mint: string }>} */
export const SANDBOX_TOKENS = Object.freeze([
  Object.freeze({ name: "Sandbox USD", symbol: "sUSD", decimals: 6, mint: "10000" }),
  Object.freeze({ name: "Sandbox Token", symbol: "SBX", decimals: 18, mint: "1000" })
])
/** How many of the first accounts get each token's `mint` amount. */
export const TOKEN_HOLDERS = 5

const artifact = JSON.parse(readFileSync(artifactOf("SandboxToken"), "utf8"))
/** The sandbox token's ABI (ERC-20 and its `mint`), for the sandbox parts that top up a treasury. */
export const SANDBOX_TOKEN_ABI = artifact.abi

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
// JSON-RPC
// ---------------------------------------------------------------------------------------------------------

let rpcId = 0

/**
 * One JSON-RPC call; rejects with the node's error message (and `code`) on an error answer.
 * @param {string} url
 * @param {string} method
 * @param {ReadonlyArray<unknown>} [params]
 * @returns {Promise<unknown>}
 */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params })
  })
  if (!response.ok) throw new Error(`${method} on ${url}: HTTP ${response.status}`)
  const body = await response.json()
  if (body.error !== undefined) {
    throw Object.assign(new Error(`${method} on ${url}: ${body.error.message}`), { code: body.error.code })
  }
  return body.result
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

// ---------------------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------------------

/**
 * The sandbox's dev accounts: index, address and private key (public test keys, loopback use only).
 * @returns {ReadonlyArray<SandboxAccount>}
 */
export function sandboxAccounts() {
  return Array.from({ length: ACCOUNT_COUNT }, (_, index) => {
    const account = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index })
    return Object.freeze({
      index,
      address: account.address,
      privateKey: toHex(/** @type {Uint8Array} */ (account.getHdKey().privateKey))
    })
  })
}

/**
 * UTC seconds of `day` at `hour`:00 in the month `monthsAgo` months before `now`'s.
 * @param {Date} now
 * @param {number} monthsAgo
 * @param {number} day
 * @param {number} hour
 */
const pastDay = (now, monthsAgo, day, hour) =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour) / 1000)

/**
 * Polls for a transaction's receipt (anvil mines on arrival, but may answer before the block is sealed).
 * @param {string} url
 * @param {`0x${string}`} hash
 * @returns {Promise<Receipt>}
 */
async function waitForReceipt(url, hash, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = /** @type {Receipt | null} */ (await rpc(url, "eth_getTransactionReceipt", [hash]))
    if (receipt !== null) return receipt
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Sends a transaction from an unlocked dev account and resolves to its hash and receipt once mined (anvil
 * mines one block per transaction).
 * @param {string} url
 * @param {Record<string, unknown>} tx
 */
async function send(url, tx) {
  const hash = /** @type {`0x${string}`} */ (await rpc(url, "eth_sendTransaction", [tx]))
  const receipt = await waitForReceipt(url, hash)
  if (receipt.status !== "0x1") {
    throw new Error(`seeding transaction ${hash} failed: ${JSON.stringify(receipt)}`)
  }
  return { hash, receipt }
}

/**
 * {@link send} in a block with the given timestamp.
 * @param {string} url
 * @param {number} timestamp
 * @param {Record<string, unknown>} tx
 */
async function sendAt(url, timestamp, tx) {
  await rpc(url, "evm_setNextBlockTimestamp", [toHex(timestamp)])
  return send(url, tx)
}

/**
 * Seeds the first chain: deploys the tokens, mints them to the first accounts, and makes native and token
 * transfers two months ago and last month. Resolves to the tokens and the transfers made.
 * @param {SandboxChain} chain
 * @param {ReadonlyArray<SandboxAccount>} accounts
 * @param {Date} now
 */
async function seed(chain, accounts, now) {
  const url = chain.rpcUrl
  const [a0, a1, a2, a3, a4, a5] = /** @type {[Hex, Hex, Hex, Hex, Hex, Hex]} */ (
    accounts.slice(0, 6).map((a) => a.address)
  )
  /** @type {Array<SandboxTransfer>} */
  const history = []
  let clock = pastDay(now, 2, 3, 9)
  const tick = () => {
    clock += 61
    return clock
  }

  /** @type {Array<SandboxToken>} */
  const tokens = []
  for (const token of SANDBOX_TOKENS) {
    const data = encodeDeployData({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [token.name, token.symbol, token.decimals]
    })
    const { receipt } = await sendAt(url, tick(), { from: a0, data })
    if (receipt.contractAddress === null) throw new Error(`${token.symbol} deployed nothing`)
    tokens.push(
      Object.freeze({
        chainId: chain.chainId,
        address: getAddress(receipt.contractAddress),
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals
      })
    )
  }
  /**
   * @param {SandboxToken} token
   * @param {string} functionName
   * @param {ReadonlyArray<unknown>} args
   */
  const tokenCall = (token, functionName, args) => ({
    to: token.address,
    data: encodeFunctionData({ abi: artifact.abi, functionName, args })
  })
  for (const [i, token] of tokens.entries()) {
    const amount = parseUnits(SANDBOX_TOKENS[i]?.mint ?? "0", token.decimals)
    for (const holder of accounts.slice(0, TOKEN_HOLDERS)) {
      await sendAt(url, tick(), { from: a0, ...tokenCall(token, "mint", [holder.address, amount]) })
    }
  }

  const [sUSD, SBX] = /** @type {[SandboxToken, SandboxToken]} */ (tokens)
  // `value` is in base units, as a decimal string (JSON-safe).
  /**
   * @param {Hex} from
   * @param {Hex} to
   * @param {string} ether
   */
  const native = (from, to, ether) => ({
    record: { asset: "ETH", token: undefined, from, to, value: parseEther(ether).toString() },
    tx: { from, to, value: toHex(parseEther(ether)) }
  })
  /**
   * @param {SandboxToken} token
   * @param {Hex} from
   * @param {Hex} to
   * @param {string} amount
   */
  const erc20 = (token, from, to, amount) => ({
    record: {
      asset: token.symbol,
      token: token.address,
      from,
      to,
      value: parseUnits(amount, token.decimals).toString()
    },
    tx: { from, ...tokenCall(token, "transfer", [to, parseUnits(amount, token.decimals)]) }
  })
  // Each group is one day; days fall in the month two months ago and in last month.
  const days = [
    {
      at: pastDay(now, 2, 8, 14),
      transfers: [native(a1, a0, "2.5"), erc20(sUSD, a0, a1, "125.5"), erc20(SBX, a2, a0, "40")]
    },
    {
      at: pastDay(now, 2, 21, 10),
      transfers: [native(a0, a2, "1"), erc20(sUSD, a3, a0, "1250")]
    },
    {
      at: pastDay(now, 1, 6, 16),
      transfers: [native(a0, a3, "0.75"), erc20(SBX, a0, a4, "12.5"), erc20(sUSD, a0, a5, "42")]
    },
    {
      at: pastDay(now, 1, 19, 11),
      transfers: [native(a5, a0, "0.1"), erc20(SBX, a1, a0, "3.25")]
    }
  ]
  for (const day of days) {
    clock = Math.max(clock, day.at)
    for (const transfer of day.transfers) {
      const timestamp = tick()
      const { hash } = await sendAt(url, timestamp, transfer.tx)
      history.push(Object.freeze({ chainId: chain.chainId, hash, timestamp, ...transfer.record }))
    }
  }
  // Bring the chain back to the present: later blocks carry real time.
  await rpc(url, "evm_setNextBlockTimestamp", [toHex(Math.max(clock + 1, Math.floor(now.getTime() / 1000)))])
  await rpc(url, "evm_mine", [])
  return { tokens, history }
}

/**
 * Starts both sandbox chains and seeds the first. `stop()` stops both and resolves once they have exited;
 * they are also killed when this process exits or is interrupted.
 * Starts both chains, seeds the first and then deploys its pools; `now` fixes "the present" the history is
 * dated from.
 * @param {{ readonly now?: Date, readonly timeoutMs?: number }} [options]
 * @returns {Promise<SandboxChains>}
 */
export async function startSandboxChains({ now = new Date(), timeoutMs = 15_000 } = {}) {
  const accounts = sandboxAccounts()
  // The first chain's genesis lies before the oldest seeded transfer: blocks may not go back in time.
  const genesis = pastDay(now, 2, 1, 0)
  const started = await Promise.allSettled(
    SANDBOX_CHAINS.map((chain, i) =>
      startAnvil({ chainId: chain.chainId, genesisTimestamp: i === 0 ? genesis : undefined, timeoutMs })
    )
  )
  const nodes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))
  /** @type {Promise<void> | undefined} */
  let stopping
  const stop = () => {
    stopping ??= Promise.all(nodes.map((node) => node.stop())).then(() => undefined)
    return stopping
  }
  const failed = started.find((result) => result.status === "rejected")
  if (failed !== undefined) {
    await stop()
    throw failed.reason
  }
  const chains = nodes.map((node, i) =>
    Object.freeze({ chainId: node.chainId, rpcUrl: node.rpcUrl, name: SANDBOX_CHAINS[i]?.name ?? "" })
  )
  const [first] = /** @type {[SandboxChain]} */ (chains)
  const minter = /** @type {SandboxAccount} */ (accounts[0])
  const provider = /** @type {SandboxAccount} */ (accounts[POOL_PROVIDER_INDEX])
  try {
    const nodeAccounts = /** @type {Array<string>} */ (await rpc(first.rpcUrl, "eth_accounts"))
    const expected = accounts.map((a) => a.address.toLowerCase())
    if (nodeAccounts.map((a) => a.toLowerCase()).join() !== expected.join()) {
      throw new Error("anvil's dev accounts differ from the ones derived from the sandbox mnemonic")
    }
    const { tokens, history } = await seed(first, accounts, now)
    // After the seeding, which it leaves as it was; only the first chain has the tokens to pool.
    const url = first.rpcUrl
    const pools = await deployPools({
      chainId: first.chainId,
      tokens,
      minter: minter.address,
      provider: provider.address,
      call: (method, params) => rpc(url, method, params),
      send: async (tx) => (await send(url, tx)).receipt
    })
    // Last of all, so that every address deployed before stays where it was.
    const batchDelegates = await Promise.all(
      chains.map((chain) =>
        deployBatchDelegate({
          chainId: chain.chainId,
          deployer: provider.address,
          call: (method, params) => rpc(chain.rpcUrl, method, params),
          send: async (tx) => (await send(chain.rpcUrl, tx)).receipt
        })
      )
    )
    return Object.freeze({
      chains: Object.freeze(chains),
      tokens: Object.freeze(tokens),
      pools: Object.freeze(pools),
      batchDelegates: Object.freeze(batchDelegates),
      accounts: Object.freeze(accounts),
      history: Object.freeze(history),
      mnemonic: SANDBOX_MNEMONIC,
      stop
    })
  } catch (error) {
    await stop()
    throw error
  }
}
