// A user's keys and smart account, on the frame's origin only: one EVM key and one Solana ed25519 key per
// user, and the `SandboxAccount` smart account they own (CREATE2 through anvil's deterministic deployer,
// salt = keccak256 of the user id). Private keys live in closures here and are never part of any answer.
// Apart from wallet.mjs, which signs and sends with them on the chains.
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { concatHex, encodeAbiParameters, getContractAddress, keccak256, toHex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"

/** @import { Hex } from "viem" */
/** @typedef {ReturnType<typeof userWallet>} UserWallet */

const artifact = JSON.parse(
  readFileSync(new URL("../chain/contracts/SandboxAccount.json", import.meta.url), "utf8")
)
export const SANDBOX_ACCOUNT_ABI = artifact.abi

/** Arachnid's deterministic deployment proxy, present on anvil from genesis: calldata = salt ++ initCode. */
export const CREATE2_DEPLOYER = /** @type {const} */ ("0x4e59b44847b379578588920ca78fbf26c0b4956c")

/** The key material of a new user, from the platform's CSPRNG. */
export const newUserKeys = () => ({ evmPrivateKey: generatePrivateKey(), solanaSeed: randomBytes(32) })

/**
 * A user's smart account: its counterfactual address and what deploys it (the deployer's calldata).
 * @param {string} userId
 * @param {`0x${string}`} owner
 * @returns {{ readonly address: `0x${string}`, readonly salt: `0x${string}`, readonly initCode: `0x${string}`, readonly deployData: `0x${string}` }}
 */
export const smartAccountOf = (userId, owner) => {
  const salt = keccak256(toHex(userId))
  const initCode = concatHex([artifact.bytecode, encodeAbiParameters([{ type: "address" }], [owner])])
  const address = getContractAddress({ opcode: "CREATE2", from: CREATE2_DEPLOYER, salt, bytecode: initCode })
  return Object.freeze({ address, salt, initCode, deployData: concatHex([salt, initCode]) })
}

/**
 * A user's keys as an object that can sign but not tell its keys: the EVM account (viem local account),
 * the Solana address and signer, and the smart account.
 * @param {string} userId
 * @param {{ evmPrivateKey: Hex, solanaSeed: Uint8Array }} keys
 */
export const userWallet = (userId, { evmPrivateKey, solanaSeed }) => {
  const account = privateKeyToAccount(evmPrivateKey)
  const seed = Uint8Array.from(solanaSeed)
  return Object.freeze({
    account,
    eoaAddress: account.address,
    solanaAddress: base58.encode(ed25519.getPublicKey(seed)),
    smartAccount: smartAccountOf(userId, account.address),
    signSolana: (/** @type {Uint8Array} */ bytes) => ed25519.sign(bytes, seed)
  })
}
