// One-time codes and the small checks of the frame's auth service: emails, device ids, tokens, bounded maps.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { AuthError } from "./http.mjs"

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_CODE_ATTEMPTS = 5

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,63}$/
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/
export const TOKEN = /^[0-9a-f]{64}$/
const OTP = /^\d{6}$/

/**
 * A trimmed, lower-cased email of a simple shape and at most 254 characters, or a 400.
 * @param {unknown} value
 * @returns {string}
 */
export const normalizeEmail = (value) => {
  if (typeof value !== "string" || value.length > 254) throw new AuthError(400, "invalid email")
  const email = value.trim().toLowerCase()
  if (email.length > 254 || !EMAIL.test(email)) throw new AuthError(400, "invalid email")
  return email
}

/**
 * @param {unknown} value
 * @returns {string}
 */
export const checkDeviceId = (value) => {
  if (typeof value !== "string" || !DEVICE_ID.test(value)) throw new AuthError(400, "invalid device id")
  return value
}

export const hashOf = (/** @type {string} */ token) => createHash("sha256").update(token).digest("hex")
export const newToken = () => randomBytes(32).toString("hex")
/** Six digits, uniformly from the CSPRNG. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0")

/**
 * `map.set` that first drops the oldest entries so that the map never holds more than `max`.
 * @template K, V
 * @param {Map<K, V>} map
 * @param {K} key
 * @param {V} value
 * @param {number} max
 */
export const setBounded = (map, key, value, max) => {
  map.delete(key)
  for (const oldest of map.keys()) {
    if (map.size < max) break
    map.delete(oldest)
  }
  map.set(key, value)
}

/** One-time codes by purpose key: single use, expiring, locked after MAX_CODE_ATTEMPTS wrong tries. */
export class CodeBook {
  /**
   * @param {() => number} now
   * @param {number} max
   */
  constructor(now, max) {
    this.now = now
    this.max = max
    /** @type {Map<string, { code: string, expiresAt: number, wrong: number }>} */
    this.codes = new Map()
  }

  /** @param {string} key */
  issue(key) {
    const code = newCode()
    setBounded(this.codes, key, { code, expiresAt: this.now() + CODE_TTL_MS, wrong: 0 }, this.max)
    return code
  }

  /**
   * Uses the code of `key` if `otp` is it; otherwise counts a wrong try.
   * @param {string} key
   * @param {unknown} otp
   */
  use(key, otp) {
    if (typeof otp !== "string" || !OTP.test(otp)) throw new AuthError(400, "invalid code")
    const entry = this.codes.get(key)
    if (entry === undefined) throw new AuthError(400, "no code requested")
    if (entry.expiresAt <= this.now()) {
      this.codes.delete(key)
      throw new AuthError(401, "code expired")
    }
    if (entry.wrong >= MAX_CODE_ATTEMPTS) throw new AuthError(429, "too many attempts")
    if (!timingSafeEqual(Buffer.from(entry.code), Buffer.from(otp))) {
      entry.wrong += 1
      throw new AuthError(401, entry.wrong >= MAX_CODE_ATTEMPTS ? "wrong code, no tries left" : "wrong code")
    }
    this.codes.delete(key)
  }
}
