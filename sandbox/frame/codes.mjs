// One-time codes and the small checks of the frame's auth service: emails, device ids, tokens, and the
// quota of messages per address. What they keep is bounded with rejection (sandbox/shared/boundedStore.mjs).
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { BoundedStore } from "../shared/boundedStore.mjs"
import { AuthError } from "./http.mjs"

/** @import { Refusal } from "../shared/boundedStore.mjs" */

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_CODE_ATTEMPTS = 5
const HOUR_MS = 60 * 60 * 1000

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
 * An `AuthError` for a bounded store's refusal (429: the client's quota; 503: the whole store), if any.
 * @param {Refusal | undefined} refusal
 */
export const refuseIf = (refusal) => {
  if (refusal !== undefined) throw new AuthError(refusal.status, refusal.reason)
}

/**
 * One-time codes by purpose key: single use, expiring, locked after MAX_CODE_ATTEMPTS wrong tries. Each
 * pending code is charged to the client that asked for it; a full book refuses new codes (nothing pending
 * is dropped for them).
 */
export class CodeBook {
  /** @param {{ now: () => number, max: number, perClient: number }} options */
  constructor({ now, max, perClient }) {
    /** @type {BoundedStore<{ code: string, wrong: number }>} */
    this.codes = new BoundedStore({ what: "pending codes", ttlMs: CODE_TTL_MS, max, perClient, now })
  }

  /**
   * Whether a code for `key` asked by `client` would be refused (a 429 or 503 `AuthError`).
   * @param {string} key
   * @param {string} client
   */
  check(key, client) {
    refuseIf(this.codes.refusal(client, key))
  }

  /**
   * A new code for `key` (replacing the one pending there), charged to `client`.
   * @param {string} key
   * @param {string} client
   */
  issue(key, client) {
    const code = newCode()
    refuseIf(this.codes.put(key, { code, wrong: 0 }, client))
    return code
  }

  /**
   * Uses the code of `key` if `otp` is it; otherwise counts a wrong try.
   * @param {string} key
   * @param {unknown} otp
   */
  use(key, otp) {
    if (typeof otp !== "string" || !OTP.test(otp)) throw new AuthError(400, "invalid code")
    const held = this.codes.entry(key)
    if (held === undefined) throw new AuthError(400, "no code requested")
    const entry = this.codes.get(key)
    if (entry === undefined) {
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

/**
 * How many messages each address was sent in the last hour, to bound codes per address. The count of an
 * address lives an hour after its last message and is charged to the client that asked for that message:
 * a flood for other addresses fills the flooder's quota of addresses (then is refused) and never resets
 * another address's count.
 */
export class MailQuota {
  /** @param {{ now: () => number, perAddressPerHour: number, addresses: number, addressesPerClient: number }} options */
  constructor({ now, perAddressPerHour, addresses, addressesPerClient }) {
    this.now = now
    this.perAddressPerHour = perAddressPerHour
    /** @type {BoundedStore<ReadonlyArray<number>>} Address → when it was sent something, this hour. */
    this.sent = new BoundedStore({
      what: "addresses mailed",
      ttlMs: HOUR_MS,
      max: addresses,
      perClient: addressesPerClient,
      now
    })
  }

  /**
   * This hour's sends to `address`.
   * @param {string} address
   */
  recent(address) {
    const since = this.now() - HOUR_MS
    return (this.sent.get(address) ?? []).filter((at) => at > since)
  }

  /**
   * A 429 when any of `addresses` had its messages for the hour, or when `client` may not mail them now.
   * @param {ReadonlyArray<string>} addresses
   * @param {string} client
   */
  check(addresses, client) {
    if (addresses.some((address) => this.recent(address).length >= this.perAddressPerHour))
      throw new AuthError(429, "too many messages, try later")
    for (const address of addresses) refuseIf(this.sent.refusal(client, address))
  }

  /**
   * Counts a message to each of `addresses`, asked by `client` (after `check`).
   * @param {ReadonlyArray<string>} addresses
   * @param {string} client
   */
  count(addresses, client) {
    for (const address of addresses)
      refuseIf(this.sent.put(address, [...this.recent(address), this.now()], client))
  }
}
