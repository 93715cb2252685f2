/**
 * The sandbox's one Solana account, used by the Sandbox WalletConnect Wallet for `solana_signMessage`.
 * Like anvil's dev accounts it is a public test key: it holds nothing and never touches a real cluster.
 * Tests and fixtures import the address from here instead of repeating it.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"

/** CAIP-2 id of Solana devnet (the genesis-hash prefix), the one Solana namespace the wallet approves. */
export const SANDBOX_SOLANA_CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"

/**
 * The ed25519 secret seed: the bytes 0x01, 0x02, … 0x20. Public on purpose, so that anyone can rebuild the
 * key (`ed25519.getPublicKey(seed)`) in any language.
 */
export const SANDBOX_SOLANA_SEED: Uint8Array = Uint8Array.from({ length: 32 }, (_, index) => index + 1)

/** The account's address: base58 of the 32-byte ed25519 public key (9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj). */
export const sandboxSolanaAddress: string = base58.encode(ed25519.getPublicKey(SANDBOX_SOLANA_SEED))

/** The account in CAIP-10 form, as a WalletConnect session lists it. */
export const sandboxSolanaAccount = `${SANDBOX_SOLANA_CHAIN}:${sandboxSolanaAddress}`
