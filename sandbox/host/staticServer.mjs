// A small static file server on loopback, with the demo's strict content security policy on every HTML
// page: what serves the demo, the WalletConnect wallet's page and the gallery. Apart from serve.mjs, which
// only says what each server serves.
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, join, relative, resolve, sep } from "node:path"
import { closerOf, listenOnLoopback } from "../shared/loopback.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/**
 * @typedef {{ readonly type: string, readonly body: string, readonly file?: undefined } | { readonly file: string, readonly body?: undefined }} Route
 */
/**
 * @typedef {object} RunningServer
 * @property {string} url `http://127.0.0.1:PORT/`
 * @property {() => Promise<void>} close
 */

/** @type {Readonly<Record<string, string>>} */
const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm"
}

/**
 * The demo runs under a strict policy (THREATS.md T12/R12): no inline script or style, no eval, and
 * Trusted Types enforced, so that a violation shows up as a console error in the browser tests.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  // WalletConnect Verify's frame, framed only when a page turns `walletConnectVerify` on (README, CSP), and
  // the sandbox's embedded-wallet frame, on a loopback port of its own.
  "frame-src https://verify.walletconnect.org http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'"
].join("; ")
/**
 * Maps a request path to a file under `root`, or undefined when it would leave `root`.
 * @param {string} root
 * @param {string} urlPath
 * @returns {string | undefined}
 */
function resolveInside(root, urlPath) {
  let decoded
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes("\0")) return undefined
  const file = resolve(root, `.${sep}${decoded}`)
  const rel = relative(root, file)
  if (rel.startsWith("..") || resolve(root, rel) !== file) return undefined
  return file
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} body
 */
function send(res, status, body) {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body)
  })
  res.end(body)
}

/**
 * A small static file server for `root` on 127.0.0.1. Resolves once listening. `routes` maps exact paths
 * to generated bodies (`{ type, body }`) or to files elsewhere (`{ file }`); they win over `root`.
 * `mounts` maps a path prefix ending in `/` to another folder served under it (the gallery at `/gallery/`).
 * `handle(req, res, pathname)` answers first when it resolves to true (the sign-in endpoints).
 * @param {string} root
 * @param {{ readonly port?: number, readonly routes?: Readonly<Record<string, Route>>, readonly mounts?: Readonly<Record<string, string>>, readonly handle?: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean> }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function serveStatic(root, { port = 0, routes = {}, mounts = {}, handle } = {}) {
  const rootDir = resolve(root)
  /** The file `pathname` names: under the mount whose prefix it starts with, else under `root`. */
  const fileOf = (/** @type {string} */ pathname) => {
    const mount = Object.keys(mounts).find((prefix) => pathname.startsWith(prefix))
    return mount === undefined
      ? resolveInside(rootDir, pathname)
      : resolveInside(resolve(mounts[mount] ?? rootDir), pathname.slice(mount.length - 1))
  }
  const server = createServer(async (req, res) => {
    if (handle !== undefined) {
      const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1")
      const handled = await handle(req, res, pathname).catch(() => {
        if (!res.headersSent) send(res, 500, "Internal Server Error")
        return true
      })
      if (handled) return
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD")
      return send(res, 405, "Method Not Allowed")
    }
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1")
    const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined
    if (route?.body !== undefined) {
      res.writeHead(200, {
        "content-type": route.type,
        "content-length": Buffer.byteLength(route.body),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff"
      })
      return res.end(req.method === "HEAD" ? undefined : route.body)
    }
    let file = route?.file ?? fileOf(pathname)
    if (file === undefined) return send(res, 403, "Forbidden")
    let info = await stat(file).catch(() => undefined)
    if (info?.isDirectory()) {
      file = join(file, "index.html")
      info = await stat(file).catch(() => undefined)
    }
    if (!info?.isFile()) return send(res, 404, "Not Found")
    const type = contentTypes[extname(file).toLowerCase()] ?? "application/octet-stream"
    res.writeHead(200, {
      "content-type": type,
      "content-length": info.size,
      "cache-control": "no-cache",
      "x-content-type-options": "nosniff",
      ...(type.startsWith("text/html") ? { "content-security-policy": contentSecurityPolicy } : {})
    })
    if (req.method === "HEAD") return res.end()
    createReadStream(file)
      .on("error", () => res.destroy())
      .pipe(res)
  })
  guardSlowClients(server, { requestTimeoutMs: 60_000 })
  return { url: `http://127.0.0.1:${await listenOnLoopback(server, port)}/`, close: closerOf(server) }
}
