/**
 * The wallet's Solana side: `solana_signMessage` with the sandbox's ed25519 key (sandbox/shared/solana.ts).
 * The WalletConnect Solana RPC passes the message and the signer as base58, and takes the 64-byte signature
 * back as base58. Free of DOM code.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { SANDBOX_SOLANA_SEED, sandboxSolanaAddress } from "../../shared/solana"
import { invalidParams, isRecord, unauthorized } from "./rpc"

export interface SolanaSignMessage {
  /** The message bytes, decoded from base58. */
  readonly message: Uint8Array
}

/** Checks `{ message, pubkey }` and decodes the message; throws an invalid-params error otherwise. */
export const parseSolanaSignMessage = (params: unknown): SolanaSignMessage => {
  if (!isRecord(params) || typeof params.message !== "string" || typeof params.pubkey !== "string") {
    throw invalidParams("Expected { message: <base58>, pubkey: <base58 address> }")
  }
  if (params.pubkey !== sandboxSolanaAddress) {
    throw unauthorized(`The Sandbox WalletConnect Wallet holds no Solana key for ${params.pubkey}.`)
  }
  try {
    return { message: base58.decode(params.message) }
  } catch {
    throw invalidParams("Expected the message as base58")
  }
}

/** The message as UTF-8 text when it is printable text, else as hex. */
export const readableBytes = (bytes: Uint8Array): string => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
    if (!/[\u0000-\u0008\u000e-\u001f]/.test(text)) return text
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`
}

/** `solana_signMessage`'s result: the detached ed25519 signature, base58. */
export const solanaSignMessage = ({ message }: SolanaSignMessage): { readonly signature: string } => ({
  signature: base58.encode(ed25519.sign(message, SANDBOX_SOLANA_SEED))
})
