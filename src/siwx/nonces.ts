/**
 * Sign-in nonces: issued at random, each accepted once and only within its lifetime (THREATS.md T9: single
 * use, at most 10 minutes). In memory, bounded by refusal: while 10 000 unexpired nonces wait, no new one is
 * issued, so a flood of requests can delay new sign-ins but never void one already under way.
 */

/** How long an issued nonce can be used. */
export const NONCE_TTL_MS = 10 * 60 * 1000
/** Unexpired nonces held at most. */
export const MAX_OUTSTANDING_NONCES = 10_000

export interface NonceStore {
  /**
   * A new nonce (32 hex characters, from the CSPRNG), usable once until `now + NONCE_TTL_MS`; `undefined`
   * while the store is full of unexpired ones (a server answers 503 and the visitor tries again later).
   */
  readonly issue: (now: number) => string | undefined
  /** Whether `nonce` was issued, is unexpired and unused; it is used up either way. */
  readonly consume: (nonce: string, now: number) => boolean
}

export const makeNonceStore = (): NonceStore => {
  const outstanding = new Map<string, number>()
  const sweep = (now: number) => {
    for (const [nonce, expiresAt] of outstanding) if (now > expiresAt) outstanding.delete(nonce)
  }
  return {
    issue: (now) => {
      if (outstanding.size >= MAX_OUTSTANDING_NONCES) sweep(now)
      if (outstanding.size >= MAX_OUTSTANDING_NONCES) return undefined
      const bytes = crypto.getRandomValues(new Uint8Array(16))
      const nonce = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
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
