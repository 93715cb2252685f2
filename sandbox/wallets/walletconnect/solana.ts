/**
 * The wallet's Solana side, with the sandbox's ed25519 key (sandbox/shared/solana.ts) on devnet and the local
 * chain: `solana_signMessage` here (the message and the signer in base58, the 64-byte signature back in
 * base58), the transaction methods in solanaTransactions.ts. Free of DOM code.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import type { SandboxSolanaConfig } from "../../shared/config"
import { SANDBOX_SOLANA_CHAINS, SANDBOX_SOLANA_SEED, sandboxSolanaAddress } from "../../shared/solana"
import type { Prepared } from "./evm"
import { invalidParams, isRecord, unauthorized, unsupportedMethod } from "./rpc"
import { createSolanaTransactions } from "./solanaTransactions"

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

/**
 * Checks a `solana_` request and describes it for the approval card, or refuses it by throwing; `config` is
 * the sandbox's local chain, read when a request comes, and `fetch` reaches its RPC.
 */
export const createSolanaSigner = (
  config: () => SandboxSolanaConfig | undefined,
  fetch?: typeof globalThis.fetch
) => {
  const transactions = createSolanaTransactions(config, fetch)
  return (method: string, chainId: string, params: unknown): Prepared => {
    if (!SANDBOX_SOLANA_CHAINS.includes(chainId)) {
      throw invalidParams(`The sandbox wallet signs Solana on ${SANDBOX_SOLANA_CHAINS.join(" and ")} only.`)
    }
    switch (method) {
      case "solana_signMessage": {
        const request = parseSolanaSignMessage(params)
        return {
          preview: [
            ["Account", sandboxSolanaAddress],
            ["Message", readableBytes(request.message)]
          ],
          run: async () => solanaSignMessage(request)
        }
      }
      case "solana_signTransaction":
        return transactions.signTransaction(params)
      case "solana_signAllTransactions":
        return transactions.signAllTransactions(params)
      case "solana_signAndSendTransaction":
        return transactions.signAndSendTransaction(chainId, params)
      default:
        throw unsupportedMethod(method)
    }
  }
}
