// The sandbox's local Solana chain and its dev accounts: public test keys, like anvil's, that hold only
// what the local SVM seeds them with and never touch a real cluster. Node (the chain, the API) and the
// browser wallets import the same module.

import { ed25519 } from "@noble/curves/ed25519"
import { sha256 } from "@noble/hashes/sha2"
import { base58 } from "@scure/base"

/**
 * The local chain's id, the same in CAIP-2 and in the wallet standard (`solana:localnet`): a localnet has
 * no genesis hash anyone else knows, and `localnet` is a valid CAIP-2 reference.
 */
export const SOLANA_LOCALNET = /** @type {const} */ ("solana:localnet")
export const SOLANA_ACCOUNT_COUNT = 6

/**
 * Account `index`'s ed25519 secret seed. Account 0's is the bytes 0x01 … 0x20 (the Sandbox WalletConnect
 * Wallet's key, `sandbox/shared/solana.ts`); the others are SHA-256 of `airlock-sandbox-solana-<index>`.
 * @param {number} index
 * @returns {Uint8Array}
 */
export const solanaSeedOf = (index) =>
  index === 0
    ? Uint8Array.from({ length: 32 }, (_, i) => i + 1)
    : sha256(new TextEncoder().encode(`airlock-sandbox-solana-${index}`))

/**
 * @typedef {object} SandboxSolanaAccount
 * @property {number} index
 * @property {string} address
 * @property {Uint8Array} seed
 */
/**
 * The dev accounts: index, base58 address and 32-byte seed.
 * @returns {ReadonlyArray<SandboxSolanaAccount>}
 */
export const sandboxSolanaAccounts = () =>
  Array.from({ length: SOLANA_ACCOUNT_COUNT }, (_, index) => {
    const seed = solanaSeedOf(index)
    return Object.freeze({ index, address: base58.encode(ed25519.getPublicKey(seed)), seed })
  })
