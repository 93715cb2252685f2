// The social sign-in's callback page on the frame's origin (`GET /social/callback`), where the stand-in
// sends the app's popup back with `code`, `state` and `provider` (or `error=access_denied`). The server looks
// the state up and embeds the app origin bound to it (never anything from the URL) as JSON data;
// `callback.js` posts the result to the opener at exactly that origin. An unknown or expired state gets an
// error page without any script: nothing is posted.
import { readFileSync } from "node:fs"
import { escapeHtml } from "../http.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */

export const CALLBACK_PATH = "/social/callback"
export const CALLBACK_SCRIPT_PATH = "/social/callback.js"

const SCRIPT = readFileSync(new URL("./callback.js", import.meta.url))

const HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  // The URL carries a one-time code: no page it could lead to may see it.
  "referrer-policy": "no-referrer"
}
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
].join("; ")

/**
 * The page: the bound app origin as JSON data (`<` escaped) and the script, or `error` with no script.
 * @param {{ appOrigin?: string, error?: string }} input
 */
export const renderCallbackPage = ({ appOrigin, error }) => {
  const head =
    appOrigin === undefined
      ? ""
      : `<script type="application/json" id="social-return">${JSON.stringify({ appOrigin }).replace(/</g, "\\u003c")}</script>` +
        `<script type="module" src="${CALLBACK_SCRIPT_PATH}"></script>`
  const status = error ?? "Finishing sign-in…"
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in (sandbox)</title>${head}</head>` +
    `<body><p id="status">${escapeHtml(status)}</p></body></html>`
  )
}

/**
 * A handler for the callback page and its script (true when it answered). `lookup(state)` is the auth
 * server's record of the state (`{ appOrigin }`), or throws when there is none.
 * @param {(state: unknown) => { readonly appOrigin: string | undefined }} lookup
 * @returns {(req: IncomingMessage, res: ServerResponse, url: URL) => boolean}
 */
export const makeSocialCallback = (lookup) => (req, res, url) => {
  if (url.pathname !== CALLBACK_PATH && url.pathname !== CALLBACK_SCRIPT_PATH) return false
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...HEADERS, allow: "GET, HEAD", "content-type": "text/plain" })
    res.end("method not allowed")
    return true
  }
  if (url.pathname === CALLBACK_SCRIPT_PATH) {
    res.writeHead(200, {
      ...HEADERS,
      "content-type": "text/javascript; charset=utf-8",
      "content-length": SCRIPT.length
    })
    res.end(req.method === "HEAD" ? undefined : SCRIPT)
    return true
  }
  let appOrigin
  try {
    appOrigin = lookup(url.searchParams.get("state")).appOrigin
  } catch {
    appOrigin = undefined
  }
  const body = Buffer.from(
    renderCallbackPage(
      appOrigin === undefined
        ? { error: "This sign-in is unknown or has expired. Close this window and try again." }
        : { appOrigin }
    )
  )
  res.writeHead(appOrigin === undefined ? 400 : 200, {
    ...HEADERS,
    "content-type": "text/html; charset=utf-8",
    "content-length": body.length,
    "content-security-policy": CSP
  })
  res.end(req.method === "HEAD" ? undefined : body)
  return true
}
