// node sandbox/chain/build-contracts.mjs [--check]
// Compiles the sandbox's contracts (contracts/<Name>.sol) with solc-js (the `solc` dev dependency, no native
// compiler) and writes contracts/<Name>.json: the ABI and creation bytecode the sandbox deploys.
// The JSON is committed, so the sandbox starts without compiling; --check recompiles and fails when a
// committed JSON no longer matches its source (test/sandbox/contracts.test.ts runs it).
import { createHash } from "node:crypto"
import { readFile, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The sandbox's contracts: an ERC-20 token, a contract account (ERC-1271), a constant-product pool and a
 * batch executor that EIP-7702 accounts delegate to.
 * @typedef {object} CompiledContract
 * @property {string} contractName
 * @property {string} compiler
 * @property {unknown} settings
 * @property {string} sourceSha256
 * @property {ReadonlyArray<unknown>} abi
 * @property {`0x${string}`} bytecode
 */
export const CONTRACTS = /** @type {const} */ ([
  "SandboxToken",
  "SandboxAccount",
  "SandboxPool",
  "SandboxBatchDelegate"
])

// Paths from the module's own path, not `new URL(…, import.meta.url)`: a test page's URL class (happy-dom's)
// would resolve them against the page.
const contracts = join(dirname(fileURLToPath(import.meta.url)), "contracts")
export const sourceOf = (/** @type {string} */ name) => join(contracts, `${name}.sol`)
export const artifactOf = (/** @type {string} */ name) => join(contracts, `${name}.json`)

/** Fixed settings: the same source always gives the same bytecode. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  // No metadata hash in the bytecode: the artifact depends on the source text, not on file paths.
  metadata: { bytecodeHash: "none", appendCBOR: false },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } }
}

/**
 * Compiles contract `name`'s source; resolves to its artifact as it would be written.
 * @param {string} name
 * @returns {Promise<CompiledContract>}
 */
export async function compile(name) {
  const { default: solc } = await import("solc")
  const source = await readFile(sourceOf(name), "utf8")
  const input = {
    language: "Solidity",
    sources: { [`${name}.sol`]: { content: source } },
    settings: SETTINGS
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  /** @type {Array<{ severity: string, formattedMessage: string }>} */
  const errors = (output.errors ?? []).filter(
    (/** @type {{ severity: string }} */ e) => e.severity === "error"
  )
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"))
  const contract = output.contracts[`${name}.sol`][name]
  return {
    contractName: name,
    compiler: `solc ${solc.version()}`,
    settings: { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion, metadata: SETTINGS.metadata },
    sourceSha256: createHash("sha256").update(source).digest("hex"),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`
  }
}

export const serialize = (/** @type {CompiledContract} */ artifact) =>
  `${JSON.stringify(artifact, null, 2)}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of CONTRACTS) {
    const artifact = serialize(await compile(name))
    if (process.argv.includes("--check")) {
      const committed = await readFile(artifactOf(name), "utf8").catch(() => "")
      if (committed !== artifact) {
        console.error(`${artifactOf(name)} is stale: run node sandbox/chain/build-contracts.mjs`)
        process.exit(1)
      }
      console.log(`${artifactOf(name)} matches the source.`)
    } else {
      await writeFile(artifactOf(name), artifact)
      console.log(`Wrote ${artifactOf(name)}`)
    }
  }
}
