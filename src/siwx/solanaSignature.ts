/**
 * Solana accounts' signatures: an address is the base58 of a 32-byte ed25519 public key, and what
 * `solana_signMessage` answers is the 64-byte detached ed25519 signature of the message's bytes, base58.
 * Checked strictly (RFC 8032, not ZIP-215): canonical encodings only, and no small-order key, which anyone
 * could sign for. Pure and total.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { decodeBase58, encodeBase58 } from "./base58"
import type { SignedMessage } from "./signature"

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** 64 bytes are at most 88 base58 characters. */
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{1,88}$/
/** A sign-in message is a few hundred characters; anything past this is no sign-in. */
const MAX_MESSAGE_LENGTH = 4096

/** The public key `address` stands for: 32 bytes on the curve, not of small order; else undefined. */
export const solanaPublicKey = (address: string): Uint8Array | undefined => {
  if (typeof address !== "string" || !ADDRESS.test(address)) return undefined
  const key = decodeBase58(address)
  if (key === undefined || key.length !== 32) return undefined
  try {
    return ed25519.ExtendedPoint.fromHex(key).isSmallOrder() ? undefined : key
  } catch {
    return undefined
  }
}

/** Whether `address` is a Solana account that can sign (an ed25519 public key, written canonically). */
export const isSolanaAddress = (address: string): boolean => solanaPublicKey(address) !== undefined

/** Whether `signature` (base58, 64 bytes) is `address`'s ed25519 signature of the UTF-8 of `message`. */
export const verifySolanaSignature = ({ address, message, signature }: SignedMessage): boolean => {
  if (typeof message !== "string" || message.length > MAX_MESSAGE_LENGTH) return false
  if (typeof signature !== "string" || !SIGNATURE.test(signature)) return false
  const key = solanaPublicKey(address)
  const bytes = decodeBase58(signature)
  if (key === undefined || bytes === undefined || bytes.length !== 64) return false
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), key, { zip215: false })
  } catch {
    return false
  }
}

/** What a wallet is asked over WalletConnect to sign `message` as `address`. */
export interface SolanaSignMessageRequest {
  readonly method: "solana_signMessage"
  /** `message`: the base58 of the message's UTF-8 bytes; `pubkey`: the signing account. */
  readonly params: { readonly message: string; readonly pubkey: string }
}

/** The `solana_signMessage` request for a sign-in message; the wallet answers `{ signature }` (base58). */
export const solanaSignMessageRequest = (message: string, address: string): SolanaSignMessageRequest => ({
  method: "solana_signMessage",
  params: { message: encodeBase58(new TextEncoder().encode(message)), pubkey: address }
})
