// Small HTTP helpers shared by the frame's auth server and the social stand-in: JSON and HTML answers,
// bounded JSON bodies, HTML escaping, origin lists (default-deny) and a loopback listener.
import { createServer } from "node:http"
import { closerOf, listenOnLoopback } from "../shared/loopback.mjs"
import { BodyTooLarge, readCappedBody } from "../shared/requestBody.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */

/** A failure with an HTTP status and a short reason, answered as `{ error: reason }`. */
export class AuthError extends Error {
  /**
   * @param {number} status
   * @param {string} reason
   */
  constructor(status, reason) {
    super(reason)
    this.status = status
    this.reason = reason
  }
}

const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 * @param {OutgoingHttpHeaders} [headers]
 */
export const sendJson = (res, status, value, headers = {}) => {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...SECURITY_HEADERS,
    ...headers
  })
  res.end(body)
}

/**
 * An HTML page: no script at all, inline styles only, never framed. `formAction` lists the origins a form
 * on the page may post (and be redirected) to, besides its own.
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} body
 * @param {{ formAction?: ReadonlyArray<string>, headers?: OutgoingHttpHeaders }} [options]
 */
export const sendHtml = (res, status, body, { formAction = [], headers = {} } = {}) => {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "content-security-policy": [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action ${["'self'", ...formAction].join(" ")}`,
      "base-uri 'none'",
      "frame-ancestors 'none'"
    ].join("; "),
    "x-frame-options": "DENY",
    ...SECURITY_HEADERS,
    ...headers
  })
  res.end(body)
}

/**
 * @param {ServerResponse} res
 * @param {unknown} error
 * @param {OutgoingHttpHeaders} [headers]
 */
export const sendError = (res, error, headers = {}) => {
  if (error instanceof AuthError) sendJson(res, error.status, { error: error.reason }, headers)
  else sendJson(res, 500, { error: "internal error" }, headers)
}

/** @type {Readonly<Record<string, string>>} */
const HTML_ESCAPES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
  "=": "&#61;"
}

/** `text` safe as HTML text and as a double- or single-quoted attribute value. */
export const escapeHtml = (/** @type {unknown} */ text) =>
  String(text).replace(/[&<>"'`=]/g, (c) => HTML_ESCAPES[c] ?? c)

/** A minimal page around `body` (already escaped HTML). */
export const page = (/** @type {string} */ title, /** @type {string} */ body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}` +
  `article{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}pre{white-space:pre-wrap}` +
  `.code{font:700 1.6rem monospace;letter-spacing:.2em}button{font:inherit;padding:.3rem 1rem}</style></head>` +
  `<body>${body}</body></html>`

/**
 * Reads a JSON object body of at most `limit` bytes. Rejects with 413 when larger, 415 when not sent as
 * JSON, 400 when not a JSON object.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Record<string, any>>} The object (its fields unchecked).
 */
export const readJsonObject = (req, limit) =>
  new Promise((resolve, reject) => {
    const type = String(req.headers["content-type"] ?? "")
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      req.resume()
      reject(new AuthError(415, "expected application/json"))
      return
    }
    readBody(req, limit).then((text) => {
      /** @type {unknown} */
      let value
      try {
        value = JSON.parse(text)
      } catch {
        reject(new AuthError(400, "malformed JSON"))
        return
      }
      if (value === null || typeof value !== "object" || Array.isArray(value))
        reject(new AuthError(400, "expected a JSON object"))
      else resolve(/** @type {Record<string, any>} */ (value))
    }, reject)
  })

/** Reads a small `application/x-www-form-urlencoded` body (the stand-in pages' forms). */
export const readForm = (/** @type {IncomingMessage} */ req, /** @type {number} */ limit) =>
  readBody(req, limit).then((text) => new URLSearchParams(text))

/**
 * A body of at most `limit` bytes as UTF-8 text; 413 past it (the rest is drained), 400 when unreadable.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<string>}
 */
const readBody = (req, limit) =>
  readCappedBody(req, limit).then(
    (bytes) => bytes.toString("utf8"),
    (error) => {
      throw error instanceof BodyTooLarge
        ? new AuthError(413, "body too large")
        : new AuthError(400, "body not readable")
    }
  )

const ORIGIN = /^https?:\/\/[^/?#\s]{1,255}$/

/** An origin of letters, digits, dots and dashes (or an IPv6 literal), with an optional port. */
const PLAIN_ORIGIN = /^https?:\/\/(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/
const ANY_PORT = /^(https?:\/\/(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])):\*$/

/**
 * An origin matcher for a list of exact origins (`http://127.0.0.1:5173`) and port wildcards
 * (`http://127.0.0.1:*`). Anything not listed is refused; an empty list refuses all. `matcher.sources` is
 * the list normalised (fit for a CSP source list); anything else in the list throws.
 * @param {ReadonlyArray<unknown> | undefined} list
 * @returns {((origin: unknown) => boolean) & { sources: ReadonlyArray<string> }}
 */
export const originMatcher = (list) => {
  /** @type {Set<string>} */
  const exact = new Set()
  /** @type {Set<string>} */
  const anyPort = new Set()
  for (const entry of list ?? []) {
    if (typeof entry !== "string") throw new TypeError("allowed origins are strings")
    const wildcard = ANY_PORT.exec(entry)
    if (wildcard !== null) anyPort.add(new URL(wildcard[1] ?? "").origin)
    else if (URL.canParse(entry) && PLAIN_ORIGIN.test(new URL(entry).origin)) exact.add(new URL(entry).origin)
    else throw new TypeError(`not an origin: ${entry}`)
  }
  const matches = (/** @type {unknown} */ origin) => {
    if (typeof origin !== "string" || !ORIGIN.test(origin) || !URL.canParse(origin)) return false
    const parsed = new URL(origin)
    if (parsed.origin !== origin) return false
    return exact.has(parsed.origin) || anyPort.has(`${parsed.protocol}//${parsed.host.replace(/:\d+$/, "")}`)
  }
  return Object.assign(matches, { sources: [...exact, ...[...anyPort].map((o) => `${o}:*`)] })
}

/**
 * The origin of `url` if it is an absolute http(s) URL without credentials, else undefined.
 * @param {unknown} url
 * @returns {string | undefined}
 */
export const originOf = (url) => {
  if (typeof url !== "string" || url.length > 2048) return undefined
  try {
    const parsed = new URL(url)
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined
    if (parsed.username !== "" || parsed.password !== "") return undefined
    return parsed.origin
  } catch {
    return undefined
  }
}

/**
 * Serves `handler(req, res)` on 127.0.0.1:`port` (0: a free one). Resolves to `{ url, close }`.
 * @param {number | undefined} port
 * @param {(req: IncomingMessage, res: ServerResponse) => unknown} handler
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function listenLoopback(port, handler) {
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error) => {
        if (!res.headersSent && !res.destroyed) sendError(res, error)
        else res.destroy()
      })
  })
  guardSlowClients(server, { requestTimeoutMs: 30_000 })
  const url = `http://127.0.0.1:${await listenOnLoopback(server, port)}`
  return { url, close: closerOf(server) }
}
