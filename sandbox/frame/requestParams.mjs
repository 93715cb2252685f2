// The embedded wallet's request parameters, checked and decoded before anything is signed or sent: chain
// ids, transactions, `personal_sign` messages, typed-data documents and base58 bytes, each bounded. Every
// failure is a 400 `AuthError`. Apart from wallet.mjs, which acts on what they decode to.
import { base58 } from "@scure/base"
import { getAddress, isHex } from "viem"
import { AuthError } from "./http.mjs"

/** @import { Hex } from "viem" */

/** Largest message or typed-data document signed (bytes, after decoding). */
export const MAX_SIGNED_BYTES = 64 * 1024

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]*$/

/**
 * A chain id sent as a number, a decimal or hex string, or CAIP-2 `eip155:N`; undefined when absent.
 * @param {unknown} value
 * @returns {number | undefined}
 */
export const parseChainId = (value) => {
  if (value === undefined || value === null) return undefined
  let n = Number.NaN
  if (typeof value === "number") n = value
  else if (typeof value === "string" && value.length <= 32) {
    const text = value.startsWith("eip155:") ? value.slice("eip155:".length) : value
    if (/^\d{1,15}$/.test(text)) n = Number(text)
    else if (/^0x[0-9a-fA-F]{1,13}$/.test(text)) n = Number.parseInt(text.slice(2), 16)
  }
  if (!Number.isSafeInteger(n) || n <= 0) throw new AuthError(400, "bad chainId")
  return n
}

/**
 * @param {unknown} value
 * @param {string} name
 */
const bigintOf = (value, name) => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !QUANTITY.test(value)) throw new AuthError(400, `bad ${name}`)
  return BigInt(value)
}

/**
 * An `eth_sendTransaction` parameter, checked: `to`, `value`, `data`, `gas` (the rest is filled here).
 * @param {any} raw The request's parameter (JSON), checked here.
 * @returns {{ from: `0x${string}` | undefined, to: `0x${string}` | undefined, value: bigint | undefined, data: Hex | undefined, gas: bigint | undefined }}
 */
export const parseTransaction = (raw) => {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new AuthError(400, "bad transaction")
  if (raw.to !== undefined && raw.to !== null && (typeof raw.to !== "string" || !ADDRESS.test(raw.to)))
    throw new AuthError(400, "bad to")
  if (raw.from !== undefined && (typeof raw.from !== "string" || !ADDRESS.test(raw.from)))
    throw new AuthError(400, "bad from")
  const data = raw.data ?? raw.input
  if (data !== undefined && data !== null && (typeof data !== "string" || !DATA.test(data)))
    throw new AuthError(400, "bad data")
  return {
    from: raw.from === undefined ? undefined : getAddress(raw.from.toLowerCase()),
    to: raw.to === undefined || raw.to === null ? undefined : getAddress(raw.to.toLowerCase()),
    value: bigintOf(raw.value, "value"),
    data: data ?? undefined,
    gas: bigintOf(raw.gas, "gas")
  }
}

/**
 * `personal_sign`'s message: hex is raw bytes, anything else UTF-8 text.
 * @param {unknown} message
 * @returns {string | { raw: Hex }}
 */
export const personalMessage = (message) => {
  if (typeof message !== "string") throw new AuthError(400, "bad message")
  if (isHex(message, { strict: true })) {
    if ((message.length - 2) / 2 > MAX_SIGNED_BYTES) throw new AuthError(400, "message too large")
    return { raw: message.length % 2 === 0 ? message : /** @type {Hex} */ (`0x0${message.slice(2)}`) }
  }
  if (Buffer.byteLength(message) > MAX_SIGNED_BYTES) throw new AuthError(400, "message too large")
  return message
}

/**
 * `eth_signTypedData_v4`'s document (JSON text or an object), without the domain's own type.
 * @param {unknown} raw
 * @returns {any} The document, as the caller sent it (viem checks it as it signs).
 */
export const typedDataOf = (raw) => {
  /** @type {any} */
  let value = raw
  if (typeof raw === "string") {
    if (raw.length > MAX_SIGNED_BYTES) throw new AuthError(400, "typed data too large")
    try {
      value = JSON.parse(raw)
    } catch {
      throw new AuthError(400, "bad typed data")
    }
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new AuthError(400, "bad typed data")
  const { domain, types, primaryType, message } = value
  if (types === null || typeof types !== "object" || typeof primaryType !== "string")
    throw new AuthError(400, "bad typed data")
  const { EIP712Domain: _domain, ...rest } = types
  return { domain: domain ?? {}, types: rest, primaryType, message: message ?? {} }
}

/**
 * @param {unknown} text
 * @param {string} name
 */
export const base58Bytes = (text, name) => {
  if (typeof text !== "string" || text.length > MAX_SIGNED_BYTES * 2 || !BASE58.test(text))
    throw new AuthError(400, `bad ${name}`)
  try {
    return base58.decode(text)
  } catch {
    throw new AuthError(400, `bad ${name}`)
  }
}
