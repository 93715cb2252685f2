// Serves the embedded-wallet frame page (`GET /sdk`) and its script (`GET /sdk/frame.js`) on the frame's
// origin. The page may be framed only by the allowed origins (CSP frame-ancestors; none: 'none'), runs
// no inline script, and gets the allowed list as JSON data (the script refuses to greet any other parent).
import { readFileSync } from "node:fs"

const SCRIPT = readFileSync(new URL("./frame.js", import.meta.url))
export const PAGE_PATH = "/sdk"
export const SCRIPT_PATH = "/sdk/frame.js"

const COMMON = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer"
}

/** A list entry usable as a CSP source: `scheme://host[:port|:*]`, nothing that could break the header. */
const cspSource = (origin) =>
  typeof origin === "string" && /^https?:\/\/[A-Za-z0-9.[\]:-]+(?::(?:\d{1,5}|\*))?$/.test(origin)

/** The page's HTML: a JSON config element (`<` escaped) and the module script, nothing inline to run. */
export const renderFramePage = (allowedOrigins) => {
  const config = JSON.stringify({ allowedOrigins }).replace(/</g, "\\u003c")
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embedded wallet (sandbox)</title>` +
    `<script type="application/json" id="config">${config}</script>` +
    `<script type="module" src="${SCRIPT_PATH}"></script></head><body></body></html>`
  )
}

/**
 * A handler for the page's two paths (true when it answered). `allowedOrigins()` gives the current list.
 */
export const makeFramePage = (allowedOrigins) => (req, res, pathname) => {
  if (pathname !== PAGE_PATH && pathname !== SCRIPT_PATH) return false
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...COMMON, allow: "GET, HEAD", "content-type": "text/plain" })
    res.end("method not allowed")
    return true
  }
  if (pathname === SCRIPT_PATH) {
    res.writeHead(200, {
      ...COMMON,
      "content-type": "text/javascript; charset=utf-8",
      "content-length": SCRIPT.length
    })
    res.end(req.method === "HEAD" ? undefined : SCRIPT)
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
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${list.length === 0 ? "'none'" : list.join(" ")}`
    ].join("; ")
  })
  res.end(req.method === "HEAD" ? undefined : body)
  return true
}
