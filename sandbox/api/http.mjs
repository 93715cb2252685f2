// The sandbox API's HTTP plumbing, shared by the router (api.mjs) and every group of endpoints: the
// refusal every handler throws, the replies they answer, request bodies read within a cap, CORS headers and
// writing a reply out. Apart so that the endpoint modules need not import the server that wires them.
import { BodyTooLarge, readCappedBody } from "../shared/requestBody.mjs"

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */

/**
 * What a handler answers: a status, headers and a body.
 * @typedef {{ status: number, headers: OutgoingHttpHeaders, body: string }} Reply
 */
/**
 * What a route's handler is given.
 * @typedef {object} RouteContext
 * @property {IncomingMessage} req
 * @property {string} method
 * @property {string} path
 * @property {URLSearchParams} query
 * @property {Array<string | undefined>} params The path pattern's groups.
 * @property {string | undefined} origin
 * @property {string} projectId The accepted project id ("" on the routes that need none).
 */

/** The request body caps, by endpoint group (over the cap: 413). */
export const BODY_LIMITS = {
  rpc: 1024 * 1024,
  exchange: 4 * 1024,
  events: 256 * 1024,
  control: 16 * 1024,
  convert: 16 * 1024,
  onramp: 16 * 1024
}
/** The origins CORS answers for: loopback hosts, any port and scheme. */
export const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

/** A request the API refuses: its status and message. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

// ---------------------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------------------

/**
 * @param {number} status
 * @param {unknown} value
 * @param {OutgoingHttpHeaders} [headers]
 * @returns {Reply}
 */
export const json = (status, value, headers = {}) => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(value)
})
/**
 * @param {string} text
 * @returns {Reply}
 */
export const svg = (text) => ({
  status: 200,
  headers: {
    "content-type": "image/svg+xml",
    // An SVG opened on its own must not run anything.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox"
  },
  body: text
})
export const message = (/** @type {number} */ status, /** @type {string} */ text) =>
  json(status, { message: text })

// ---------------------------------------------------------------------------------------------------------
// Request bodies (a body over its cap is a 413, a body that is not UTF-8 or JSON a 400)
// ---------------------------------------------------------------------------------------------------------

/**
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string>}
 */
export const readBody = (req, limit) =>
  readCappedBody(req, limit).then(
    (bytes) => {
      try {
        return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
      } catch {
        throw new HttpError(400, "Request body is not UTF-8")
      }
    },
    (error) => {
      throw error instanceof BodyTooLarge ? new HttpError(413, error.message) : error
    }
  )

/**
 * The request's body as JSON (unchecked: each handler checks what it reads).
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<any>}
 */
export const readJson = async (req, limit) => {
  const text = await readBody(req, limit)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, "Request body is not JSON")
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writing a reply
// ---------------------------------------------------------------------------------------------------------

/**
 * @param {string | undefined} origin
 * @returns {OutgoingHttpHeaders}
 */
export const corsHeaders = (origin) =>
  origin !== undefined && LOOPBACK_ORIGIN.test(origin)
    ? {
        "access-control-allow-origin": origin,
        "access-control-expose-headers": "retry-after",
        vary: "Origin"
      }
    : { vary: "Origin" }

/**
 * @param {ServerResponse} res
 * @param {Reply} reply
 * @param {OutgoingHttpHeaders} [extra]
 */
export const send = (res, reply, extra) => {
  if (res.headersSent || res.destroyed) return
  const body = Buffer.from(reply.body ?? "", "utf8")
  res.writeHead(reply.status, {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "cross-origin",
    ...reply.headers,
    ...extra,
    "content-length": String(body.length)
  })
  res.end(body)
}
