/**
 * The sandbox's Solana account of the Sandbox WalletConnect Wallet, and the chains it signs on. The key is
 * dev account 0 of the local chain (sandbox/solana/accounts.mjs). Like anvil's dev accounts it is a public
 * test key: it holds SOL only on the local chain and never touches a real cluster. Tests and fixtures import
 * the address from here instead of repeating it.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { SOLANA_LOCALNET } from "../solana/accounts.mjs"

/** CAIP-2 id of Solana devnet (the genesis-hash prefix): the wallet signs there, nothing is sent there. */
export const SANDBOX_SOLANA_CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"

/** CAIP-2 id of the sandbox's local chain (sandbox/solana), where the wallet also sends. */
export const SANDBOX_SOLANA_LOCALNET = SOLANA_LOCALNET

/** Every Solana chain the wallet approves in a session: devnet and the local chain. */
export const SANDBOX_SOLANA_CHAINS: ReadonlyArray<string> = [SANDBOX_SOLANA_CHAIN, SANDBOX_SOLANA_LOCALNET]

/**
 * The ed25519 secret seed: the bytes 0x01, 0x02, … 0x20. Public on purpose, so that anyone can rebuild the
 * key (`ed25519.getPublicKey(seed)`) in any language.
 */
export const SANDBOX_SOLANA_SEED: Uint8Array = Uint8Array.from({ length: 32 }, (_, index) => index + 1)

/** The account's address: base58 of the 32-byte ed25519 public key (9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj). */
export const sandboxSolanaAddress: string = base58.encode(ed25519.getPublicKey(SANDBOX_SOLANA_SEED))

/** The account in CAIP-10 form on `chain`, as a WalletConnect session lists it. */
export const sandboxSolanaAccountOn = (chain: string) => `${chain}:${sandboxSolanaAddress}`
