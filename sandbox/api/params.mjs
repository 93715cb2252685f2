// Reading the API's request input: path segments, query parameters and addresses, every failure a 400 with
// a JSON message. Apart from the endpoints so that each group reads its input the same way.
import { getAddress } from "viem"
import { isRegtestAddress } from "./bitcoin.mjs"
import { HttpError } from "./http.mjs"
import { SOLANA_CHAIN_IDS } from "./solanaFixture.mjs"

const MAX_LIST_ITEMS = 1000
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** A Solana address: base58, 32 to 44 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
export const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/

/** @param {string | undefined} segment */
export const decodeSegment = (segment) => {
  try {
    return decodeURIComponent(segment ?? "")
  } catch {
    throw new HttpError(400, "Malformed path segment")
  }
}

/**
 * @template {number | undefined} F
 * @param {URLSearchParams} query
 * @param {string} name
 * @param {{ min: number, max: number, fallback: F, clamp?: boolean }} bounds
 * @returns {number | F}
 */
export const intParam = (query, name, { min, max, fallback, clamp = false }) => {
  const raw = query.get(name)
  if (raw === null || raw === "") return fallback
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(400, `${name} must be a positive integer`)
  const value = Number(raw)
  if (value < min) throw new HttpError(400, `${name} must be at least ${min}`)
  if (value > max) {
    if (clamp) return max
    throw new HttpError(400, `${name} must be at most ${max}`)
  }
  return value
}

/**
 * @param {URLSearchParams} query
 * @param {string} name
 */
export const listParam = (query, name) => {
  const raw = query.get(name)
  if (raw === null) return undefined
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
  if (items.length > MAX_LIST_ITEMS) throw new HttpError(400, `${name} lists at most ${MAX_LIST_ITEMS} items`)
  return items
}

/** @param {string | undefined} segment */
export const requireAddress = (segment) => {
  const address = decodeSegment(segment)
  if (!ADDRESS.test(address)) throw new HttpError(400, `Invalid address: expected 0x and 40 hex digits`)
  return getAddress(address.toLowerCase())
}

/**
 * Base58 is case-sensitive: the address is kept as sent.
 * @param {string | undefined} segment
 */
export const requireSolanaAddress = (segment) => {
  const address = decodeSegment(segment)
  if (!SOLANA_ADDRESS.test(address))
    throw new HttpError(400, "Invalid address: expected a Solana address, 32 to 44 base58 characters")
  return address
}

/** @param {string} raw */
export const requireSolanaChain = (raw) => {
  if (SOLANA_CHAIN_IDS.includes(raw)) return raw
  if (!CAIP2.test(raw)) throw new HttpError(400, "Invalid chainId: expected a CAIP-2 id such as eip155:31337")
  throw new HttpError(400, `Unsupported chainId ${raw}`)
}

/** @param {URLSearchParams} query */
export const requireUsd = (query) => {
  const currency = query.get("currency") ?? "usd"
  if (currency.toLowerCase() !== "usd") throw new HttpError(400, `Unsupported currency ${currency}`)
}

/** @param {string | undefined} segment */
export const requireRegtestAddress = (segment) => {
  const address = decodeSegment(segment)
  if (!isRegtestAddress(address))
    throw new HttpError(400, "Invalid address: expected a regtest Bitcoin address")
  return address
}
