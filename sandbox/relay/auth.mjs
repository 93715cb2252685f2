// The relay's auth check, run at the WebSocket upgrade: the JWT the SDK appends as `?auth=` must be EdDSA
// with an ed25519 did:key issuer, a valid signature and an `exp` not past. Apart because it is pure (no
// server state) and tested on its own; its issuer becomes the client id the rest of the relay keys on.
import { createPublicKey, verify as verifySignature } from "node:crypto"
import { DEFAULT_LIMITS } from "./protocol.mjs"

// ---------------------------------------------------------------------------------------------------------
// Auth JWT (@walletconnect/relay-auth format): base64url(header).base64url(payload).base64url(signature),
// EdDSA over the ASCII of "header.payload"; iss = did:key:z + base58btc(0xed 0x01 + 32-byte public key).
// ---------------------------------------------------------------------------------------------------------

const MAX_CLOCK_SKEW_S = 300
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const BASE58_MAP = new Map([...BASE58].map((c, i) => [c, BigInt(i)]))
const BASE64URL = /^[A-Za-z0-9_-]*$/

/** @param {string} text */
function base58Decode(text) {
  let value = 0n
  for (const c of text) {
    const digit = BASE58_MAP.get(c)
    if (digit === undefined) return undefined
    value = value * 58n + digit
  }
  /** @type {Array<number>} */
  const bytes = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const c of text) {
    if (c !== "1") break
    bytes.unshift(0)
  }
  return Buffer.from(bytes)
}

/**
 * The 32-byte ed25519 public key of a `did:key:z6Mk…` issuer, or undefined.
 * @param {unknown} iss
 * @returns {Uint8Array | undefined}
 */
export function publicKeyOfDidKey(iss) {
  if (typeof iss !== "string" || iss.length > 128 || !iss.startsWith("did:key:z")) return undefined
  const bytes = base58Decode(iss.slice("did:key:z".length))
  if (bytes === undefined || bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) return undefined
  return bytes.subarray(2)
}

/**
 * A JWT segment's JSON object (its fields unchecked), or undefined.
 * @param {string | undefined} segment
 * @returns {Record<string, any> | undefined}
 */
const decodeJsonSegment = (segment) => {
  if (segment === undefined) return undefined
  if (!BASE64URL.test(segment)) return undefined
  try {
    const value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"))
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks a relay auth JWT: EdDSA header, did:key ed25519 issuer, signature, `exp` not past (the SDK's own
 * verifyJWT checks only the signature). Returns `{ ok: true, clientId, payload }` or `{ ok: false, reason }`.
 * @param {unknown} token
 * @param {{ readonly now?: number, readonly maxChars?: number }} [options]
 * @returns {{ readonly ok: true, readonly clientId: string, readonly payload: Readonly<Record<string, unknown>> } | { readonly ok: false, readonly reason: string }}
 */
export function verifyRelayJwt(token, { now = Date.now(), maxChars = DEFAULT_LIMITS.maxJwtChars } = {}) {
  const fail = (/** @type {string} */ reason) => /** @type {const} */ ({ ok: false, reason })
  if (typeof token !== "string" || token === "") return fail("missing auth")
  if (token.length > maxChars) return fail("auth too long")
  const parts = token.split(".")
  if (parts.length !== 3) return fail("malformed JWT")
  const [head, body, sig] = parts
  const header = decodeJsonSegment(head)
  const payload = decodeJsonSegment(body)
  if (header === undefined || payload === undefined || sig === undefined || !BASE64URL.test(sig))
    return fail("malformed JWT")
  if (header.alg !== "EdDSA" || header.typ !== "JWT") return fail("JWT must use EdDSA")
  const publicKey = publicKeyOfDidKey(payload.iss)
  if (publicKey === undefined) return fail("issuer must be an ed25519 did:key")
  const signature = Buffer.from(sig, "base64url")
  if (signature.length !== 64) return fail("bad signature")
  let valid = false
  try {
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk"
    })
    valid = verifySignature(null, Buffer.from(`${head}.${body}`, "ascii"), key, signature)
  } catch {
    valid = false
  }
  if (!valid) return fail("bad signature")
  const nowS = Math.floor(now / 1000)
  if (typeof payload.exp !== "number" || !Number.isFinite(payload.exp)) return fail("JWT has no exp")
  if (payload.exp <= nowS) return fail("JWT expired")
  if (typeof payload.iat === "number" && payload.iat > nowS + MAX_CLOCK_SKEW_S)
    return fail("JWT issued in the future")
  return { ok: true, clientId: payload.iss, payload }
}
