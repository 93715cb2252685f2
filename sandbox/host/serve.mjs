// Builds the package and the demo host, then serves sandbox/host/dist on loopback.
// Used by `npm run demo` (sandbox/demo.mjs) and by the browser tests (test/e2e/globalSetup.ts).
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { buildPackage, viteBuild } from "../../scripts/vite.mjs"

export const hostDist = fileURLToPath(new URL("./dist", import.meta.url))

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
  "img-src 'self' data: https:",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'"
].join("; ")

/** Builds the package (dist/) and then the host page (sandbox/host/dist/). */
export async function buildDemo() {
  await buildPackage()
  await viteBuild(["--mode", "host"])
}

/** Maps a request path to a file under `root`, or undefined when it would leave `root`. */
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

function send(res, status, body) {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body)
  })
  res.end(body)
}

/** A small static file server for `root` on 127.0.0.1. Resolves once listening. */
export function serveStatic(root, { port = 0 } = {}) {
  const rootDir = resolve(root)
  const server = createServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD")
      return send(res, 405, "Method Not Allowed")
    }
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1")
    let file = resolveInside(rootDir, pathname)
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
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject)
      const address = server.address()
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/`
      const close = () =>
        new Promise((done) => {
          server.close(() => done())
          server.closeAllConnections()
        })
      resolvePromise({ url, close })
    })
  })
}

/** Builds everything (unless `build: false`) and serves the demo host. */
export async function startDemo({ port = 0, build = true } = {}) {
  if (build) await buildDemo()
  return serveStatic(hostDist, { port })
}
