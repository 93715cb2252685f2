// The history's order and its pages: every entry's sort key (time, chain, block, position) and the opaque
// cursor that names where a page ends. Apart because the chain history (history.mjs) and the NFT fixture
// (nfts.mjs) both key their entries with it.
import { HttpError } from "./http.mjs"

const CURSOR_KEY = /^\d{12}\.\d{10}\.\d{10}\.\d{6}$/

const pad = (/** @type {number} */ n, /** @type {number} */ width) => String(n).padStart(width, "0")
/**
 * @param {number} timestamp
 * @param {number} chainId
 * @param {number} block
 * @param {number} index
 */
export const sortKey = (timestamp, chainId, block, index) =>
  `${pad(timestamp, 12)}.${pad(chainId, 10)}.${pad(block, 10)}.${pad(index, 6)}`
export const encodeCursor = (/** @type {string} */ key) => Buffer.from(key, "utf8").toString("base64url")
export const decodeCursor = (/** @type {string} */ cursor) => {
  const key = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : ""
  if (!CURSOR_KEY.test(key)) throw new HttpError(400, "Invalid cursor")
  return key
}
