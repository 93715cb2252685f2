// node sandbox/chain/build-contracts.mjs [--check]
// Compiles contracts/SandboxToken.sol with solc-js (the `solc` dev dependency, no native compiler) and writes
// contracts/SandboxToken.json: the ABI and creation bytecode that sandbox/chain/chain.mjs deploys.
// The JSON is committed, so the sandbox starts without compiling; --check recompiles and fails when the
// committed JSON no longer matches the source (test/sandbox/contracts.test.ts runs it).
import { createHash } from "node:crypto"
import { readFile, writeFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"

export const SOURCE = fileURLToPath(new URL("./contracts/SandboxToken.sol", import.meta.url))
export const ARTIFACT = fileURLToPath(new URL("./contracts/SandboxToken.json", import.meta.url))

const CONTRACT = "SandboxToken"
/** Fixed settings: the same source always gives the same bytecode. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  // No metadata hash in the bytecode: the artifact depends on the source text, not on file paths.
  metadata: { bytecodeHash: "none", appendCBOR: false },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } }
}

/** Compiles the source; resolves to the artifact as it would be written. */
export async function compile() {
  const { default: solc } = await import("solc")
  const source = await readFile(SOURCE, "utf8")
  const input = {
    language: "Solidity",
    sources: { "SandboxToken.sol": { content: source } },
    settings: SETTINGS
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === "error")
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"))
  const contract = output.contracts["SandboxToken.sol"][CONTRACT]
  return {
    contractName: CONTRACT,
    compiler: `solc ${solc.version()}`,
    settings: { optimizer: SETTINGS.optimizer, evmVersion: SETTINGS.evmVersion, metadata: SETTINGS.metadata },
    sourceSha256: createHash("sha256").update(source).digest("hex"),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`
  }
}

export const serialize = (artifact) => `${JSON.stringify(artifact, null, 2)}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const artifact = serialize(await compile())
  if (process.argv.includes("--check")) {
    const committed = await readFile(ARTIFACT, "utf8").catch(() => "")
    if (committed !== artifact) {
      console.error(`${ARTIFACT} is stale: run node sandbox/chain/build-contracts.mjs`)
      process.exit(1)
    }
    console.log(`${ARTIFACT} matches the source.`)
  } else {
    await writeFile(ARTIFACT, artifact)
    console.log(`Wrote ${ARTIFACT}`)
  }
}
