// The relay's JSON-RPC wire: the error codes, the error a method throws to answer one, and the raw text of
// a frame's "id" (echoed byte-exactly, as ids may exceed 2^53). Apart because it is the framing shared by
// the dispatcher, the method table and the mailbox, and holds no relay state.

// JSON-RPC error codes
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602
export const SERVER_ERROR = -32000

// ---------------------------------------------------------------------------------------------------------
// Frames: JSON.parse for the structure, plus the raw text of the top-level "id" (ids may exceed 2^53).
// ---------------------------------------------------------------------------------------------------------

const WS = new Set([" ", "\t", "\n", "\r"])

/**
 * Index just past the JSON value starting at `i` (the text is known to be valid JSON).
 * @param {string} text
 * @param {number} i
 * @returns {number}
 */
function skipValue(text, i) {
  const c = text[i]
  if (c === '"') {
    let j = i + 1
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1
    return j + 1
  }
  if (c === "{" || c === "[") {
    let depth = 0
    let j = i
    for (; j < text.length; j++) {
      const d = text[j]
      if (d === '"') j = skipValue(text, j) - 1
      else if (d === "{" || d === "[") depth++
      else if (d === "}" || d === "]") {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return j
  }
  let j = i
  while (j < text.length && !WS.has(text[j] ?? "") && text[j] !== "," && text[j] !== "}" && text[j] !== "]")
    j++
  return j
}
/**
 * @param {string} text
 * @param {number} i
 */
const skipWs = (text, i) => {
  while (WS.has(text[i] ?? "")) i++
  return i
}

/**
 * The raw source text of the top-level object's "id" member (the last one, as JSON.parse keeps), or undefined.
 * @param {string} text
 * @returns {string | undefined}
 */
export function rawIdOf(text) {
  let i = skipWs(text, 0)
  if (text[i] !== "{") return undefined
  i = skipWs(text, i + 1)
  let raw
  while (i < text.length && text[i] !== "}") {
    const keyEnd = skipValue(text, i)
    const key = JSON.parse(text.slice(i, keyEnd))
    i = skipWs(text, keyEnd) + 1 // the colon
    i = skipWs(text, i)
    const valueEnd = skipValue(text, i)
    if (key === "id") raw = text.slice(i, valueEnd)
    i = skipWs(text, valueEnd)
    if (text[i] === ",") i = skipWs(text, i + 1)
  }
  return raw
}

/** A numeric id's source text, as the dispatcher accepts it. */
export const NUMBER_ID = /^-?(0|[1-9]\d*)$/

/** Thrown by a method to answer this JSON-RPC error. */
export class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message)
    this.code = code
  }
}
export const invalid = (/** @type {string} */ message) => new RpcError(INVALID_PARAMS, message)

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value)
