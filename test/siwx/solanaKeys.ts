/** Solana keys for the SIWS tests: an address of a seed, a signature by it, and an address that is no key. */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"

export const addressOf = (seed: Uint8Array) => base58.encode(ed25519.getPublicKey(seed))

/** The detached ed25519 signature of the message's UTF-8 bytes, in base58. */
export const signWith = (message: string, seed: Uint8Array) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), seed))

/** 32 bytes that are no point of the curve: the first run of one byte value that fails to decode. */
export const OFF_CURVE = (() => {
  for (let value = 0; ; value++) {
    const bytes = new Uint8Array(32).fill(value)
    try {
      ed25519.ExtendedPoint.fromHex(bytes)
    } catch {
      return base58.encode(bytes)
    }
  }
})()
