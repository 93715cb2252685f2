// Serves the embedded-wallet frame page (`GET /sdk`), its review window (`GET /sdk/approve`), their scripts
// and stylesheet on the frame's origin. The frame page may be framed only by the allowed origins (CSP
// frame-ancestors; none: 'none') and gets the allowed list as JSON data (the script refuses to greet any
// other parent); the review window is never framed. Neither runs inline script or style.
import { readFileSync } from "node:fs"
import { REVIEW_PATH } from "./reviewWindow.js"

/** @import { IncomingMessage, ServerResponse } from "node:http" */

export const PAGE_PATH = "/sdk"
export const SCRIPT_PATH = "/sdk/frame.js"
export const STYLE_PATH = "/sdk/frame.css"

const file = (/** @type {string} */ name, /** @type {string} */ type) => ({
  body: readFileSync(new URL(`./${name}`, import.meta.url)),
  type
})
const JS = "text/javascript; charset=utf-8"
/** The page's files by path: the module script, the modules it imports, the stylesheet. */
/** @type {Map<string, { body: Buffer, type: string }>} */
const FILES = new Map([
  [SCRIPT_PATH, file("frame.js", JS)],
  ...[
    "api.js",
    "approval.js",
    "describe.js",
    "logins.js",
    "port.js",
    "review.js",
    "reviewWindow.js",
    "screen.js",
    "steadiness.js"
  ].map((name) => /** @type {const} */ ([`/sdk/${name}`, file(name, JS)])),
  [STYLE_PATH, file("frame.css", "text/css; charset=utf-8")]
])

const COMMON = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
}

/**
 * A list entry usable as a CSP source: `scheme://host[:port|:*]`, nothing that could break the header.
 * @param {unknown} origin
 * @returns {origin is string}
 */
const cspSource = (origin) =>
  typeof origin === "string" && /^https?:\/\/[A-Za-z0-9.[\]:-]+(?::(?:\d{1,5}|\*))?$/.test(origin)

/** The page's HTML: a JSON config element (`<` escaped), the stylesheet and the module script. */
export const renderFramePage = (/** @type {ReadonlyArray<string>} */ allowedOrigins) => {
  const config = JSON.stringify({ allowedOrigins }).replace(/</g, "\\u003c")
  return (
    `<!doctype html><html lang="en" data-approval="none"><head><meta charset="utf-8">` +
    `<title>Embedded wallet (sandbox)</title><link rel="stylesheet" href="${STYLE_PATH}">` +
    `<script type="application/json" id="config">${config}</script>` +
    `<script type="module" src="${SCRIPT_PATH}"></script></head><body></body></html>`
  )
}

// The review window holds nothing but its script: the frame sends it the request. No
// cross-origin-opener-policy: the frame needs its window handle, and the window its opener.
const REVIEW_PAGE = Buffer.from(
  `<!doctype html><html lang="en" class="asking" data-approval="waiting"><head><meta charset="utf-8">` +
    `<title>Review a request (sandbox wallet)</title><link rel="stylesheet" href="${STYLE_PATH}">` +
    `<script type="module" src="/sdk/review.js"></script></head><body></body></html>`
)
const REVIEW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/**
 * A handler for the page and its files (true when it answered). `allowedOrigins()` gives the current list.
 * @param {() => ReadonlyArray<unknown>} allowedOrigins
 * @returns {(req: IncomingMessage, res: ServerResponse, pathname: string) => boolean}
 */
export const makeFramePage = (allowedOrigins) => (req, res, pathname) => {
  if (pathname !== PAGE_PATH && pathname !== REVIEW_PATH && !FILES.has(pathname)) return false
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...COMMON, allow: "GET, HEAD", "content-type": "text/plain" })
    res.end("method not allowed")
    return true
  }
  const asset = FILES.get(pathname)
  if (asset !== undefined) {
    res.writeHead(200, { ...COMMON, "content-type": asset.type, "content-length": asset.body.length })
    res.end(req.method === "HEAD" ? undefined : asset.body)
    return true
  }
  if (pathname === REVIEW_PATH) {
    res.writeHead(200, {
      ...COMMON,
      "content-type": "text/html; charset=utf-8",
      "content-length": REVIEW_PAGE.length,
      "content-security-policy": REVIEW_CSP
    })
    res.end(req.method === "HEAD" ? undefined : REVIEW_PAGE)
    return true
  }
  const list = allowedOrigins().filter(cspSource)
  const body = Buffer.from(renderFramePage(list))
  res.writeHead(200, {
    ...COMMON,
    "content-type": "text/html; charset=utf-8",
    "content-length": body.length,
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${list.length === 0 ? "'none'" : list.join(" ")}`
    ].join("; ")
  })
  res.end(req.method === "HEAD" ? undefined : body)
  return true
}
