/**
 * Sign-in nonces: issued at random, each accepted once and only within its lifetime (THREATS.md T9: single
 * use, at most 10 minutes). In memory, bounded: past the bound the oldest nonce is forgotten first.
 */

/** How long an issued nonce can be used. */
export const NONCE_TTL_MS = 10 * 60 * 1000
const MAX_OUTSTANDING = 10_000

export interface NonceStore {
  /** A new nonce (32 hex characters, from the CSPRNG), usable once until `now + NONCE_TTL_MS`. */
  readonly issue: (now: number) => string
  /** Whether `nonce` was issued, is unexpired and unused; it is used up either way. */
  readonly consume: (nonce: string, now: number) => boolean
}

export const makeNonceStore = (): NonceStore => {
  // Insertion order is issue order, so the first key is the oldest.
  const outstanding = new Map<string, number>()
  return {
    issue: (now) => {
      const bytes = crypto.getRandomValues(new Uint8Array(16))
      const nonce = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
      if (outstanding.size >= MAX_OUTSTANDING) {
        const oldest = outstanding.keys().next().value
        if (oldest !== undefined) outstanding.delete(oldest)
      }
      outstanding.set(nonce, now + NONCE_TTL_MS)
      return nonce
    },
    consume: (nonce, now) => {
      const expiresAt = outstanding.get(nonce)
      outstanding.delete(nonce)
      return expiresAt !== undefined && now <= expiresAt
    }
  }
}
