// The sandbox's EIP-7702 batch executor (contracts/SandboxBatchDelegate.sol), deployed on every sandbox chain
// at start by the pools' liquidity account, after everything else it sends: its address follows from that
// account's nonce, the same on every run.
import { readFileSync } from "node:fs"
import { getAddress, getContractAddress } from "viem"
import { artifactOf } from "./build-contracts.mjs"

/**
 * Where a chain's batch delegate lives (`sandbox.batchDelegates`).
 * @typedef {object} SandboxBatchDelegate
 * @property {number} chainId
 * @property {`0x${string}`} address
 */

export const batchDelegateArtifact = JSON.parse(readFileSync(artifactOf("SandboxBatchDelegate"), "utf8"))

/**
 * Deploys the delegate from `deployer` (an unlocked dev account) on one chain. `call` is a JSON-RPC call to
 * the chain, `send` sends and resolves to the mined receipt (failing on a revert).
 * @param {object} options
 * @param {number} options.chainId
 * @param {`0x${string}`} options.deployer
 * @param {(method: string, params: ReadonlyArray<unknown>) => Promise<unknown>} options.call
 * @param {(tx: Record<string, unknown>) => Promise<{ readonly contractAddress: string | null }>} options.send
 * @returns {Promise<SandboxBatchDelegate>}
 */
export async function deployBatchDelegate({ chainId, deployer, call, send }) {
  const nonce = BigInt(/** @type {string} */ (await call("eth_getTransactionCount", [deployer, "latest"])))
  const expected = getContractAddress({ from: deployer, nonce })
  const receipt = await send({ from: deployer, data: batchDelegateArtifact.bytecode })
  if (receipt.contractAddress === null || getAddress(receipt.contractAddress) !== expected) {
    throw new Error(`the batch delegate on chain ${chainId} landed at ${receipt.contractAddress}`)
  }
  return Object.freeze({ chainId, address: expected })
}
