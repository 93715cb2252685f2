// Builds the package, the demo host and the sandbox wallets, starts the sandbox chains (unless given running
// ones) and serves the demo on loopback: sandbox/host/dist (the main page, /wagmi.html and /eip6963.html),
// plus /sandbox-config.js (the running sandbox, generated), /sandbox-wallet.js (the injected wallet) and
// /sandbox-solana-wallet.js (the Sandbox Solana Wallet, a wallet-standard one); and the Sandbox WalletConnect
// Wallet's page from
// a server of its own; and the embedded wallet's frame (its page and auth server) and the social sign-in
// stand-in, each on an origin of its own.
// Used by `npm run demo` (sandbox/demo.mjs) and by the browser tests (test/e2e/globalSetup.ts).
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { buildPackage, viteBuild } from "../../scripts/vite.mjs"
import { startSandboxApi } from "../api/api.mjs"
import { startSandboxChains } from "../chain/chain.mjs"
import { startFrameAuthServer, startSocialStandIn } from "../frame/auth.mjs"
import { startOnrampProvider } from "../onramp/provider.mjs"
import { startSandboxRelay } from "../relay/relay.mjs"
import { makeSignInServer } from "../signin/server.mjs"
import { startSandboxSolana } from "../solana/chain.mjs"

export const hostDist = fileURLToPath(new URL("./dist", import.meta.url))
export const walletDist = fileURLToPath(new URL("../wallets/injected/dist", import.meta.url))
export const solanaWalletDist = fileURLToPath(new URL("../wallets/solana/dist", import.meta.url))
export const wcWalletDist = fileURLToPath(new URL("../wallets/walletconnect/dist", import.meta.url))

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
 * Builds the package (dist/) and then the host page (sandbox/host/dist/), and meanwhile the sandbox wallet
 * (sandbox/wallets/injected/dist/), the Sandbox Solana Wallet (sandbox/wallets/solana/dist/) and the Sandbox
 * WalletConnect Wallet (sandbox/wallets/walletconnect/dist/).
 * Waits for all of them before failing, so no build is left running.
 */
export async function buildDemo() {
  const results = await Promise.allSettled([
    buildPackage().then(() => viteBuild(["--mode", "host"])),
    viteBuild(["--mode", "wallet"]),
    viteBuild(["--mode", "solwallet"]),
    viteBuild(["--mode", "wcwallet"])
  ])
  const failed = results.find((result) => result.status === "rejected")
  if (failed !== undefined) throw failed.reason
}

/** What the page learns about the running sandbox (the `SandboxConfig` of sandbox/shared/config.ts). */
export function sandboxConfig(sandbox, api, relay, frame, social, solana) {
  return {
    api: { url: api.url, projectId: api.projectId },
    relayUrl: relay.url,
    frame: { url: frame.url },
    social: { url: social.url },
    chains: sandbox.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
    tokens: sandbox.tokens.map(({ chainId, address, name, symbol, decimals }) => ({
      chainId,
      address,
      name,
      symbol,
      decimals
    })),
    wallet: {
      defaultChainId: sandbox.chains[0].chainId,
      accounts: sandbox.accounts.map(({ address, privateKey }) => ({ address, privateKey })),
      accountIndex: 0
    },
    // The local Solana chain (sandbox/solana): the Sandbox Solana Wallet reads it.
    ...(solana === undefined
      ? {}
      : {
          solana: {
            rpcUrl: solana.rpcUrl,
            chain: solana.chain,
            mint: {
              address: solana.mint.address,
              name: solana.mint.name,
              symbol: solana.mint.symbol,
              decimals: solana.mint.decimals
            }
          }
        })
  }
}

/** `/sandbox-config.js`: defines `window.__AIRLOCK_SANDBOX__`, deeply frozen, before any other script. */
export const sandboxConfigScript = (config) =>
  [
    "// The running Airlock sandbox, generated by sandbox/host/serve.mjs.",
    `Object.defineProperty(window, "__AIRLOCK_SANDBOX__", {`,
    `  value: JSON.parse(${JSON.stringify(JSON.stringify(config))}, (_key, value) => Object.freeze(value)),`,
    "  enumerable: true",
    "})",
    ""
  ].join("\n")

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

/**
 * A small static file server for `root` on 127.0.0.1. Resolves once listening. `routes` maps exact paths
 * to generated bodies (`{ type, body }`) or to files elsewhere (`{ file }`); they win over `root`.
 * `handle(req, res, pathname)` answers first when it resolves to true (the sign-in endpoints).
 */
export function serveStatic(root, { port = 0, routes = {}, handle } = {}) {
  const rootDir = resolve(root)
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
    let file = route?.file ?? resolveInside(rootDir, pathname)
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

/**
 * Serves the Sandbox WalletConnect Wallet page (sandbox/wallets/walletconnect/dist) on a free port: its own
 * origin, so that its IndexedDB (WalletKit's sessions) is apart from the dapp's. `/wc` is the page too, as
 * a modal opens a web wallet at `<webapp_link>wc?uri=…`. `routes` may gain entries later (see startDemo).
 */
export function serveWcWallet(routes = {}) {
  const page = { file: join(wcWalletDist, "index.html") }
  return serveStatic(wcWalletDist, { routes: Object.assign(routes, { "/wc": page, "/wc/": page }) })
}

/**
 * Builds everything (unless `build: false`), starts the sandbox chains (unless `chains` gives running ones,
 * which then stay the caller's to stop) and serves the demo, the WalletConnect wallet, the embedded wallet's
 * frame and the social stand-in. `close()` stops the servers and the chains it started. A failure halfway
 * stops whatever had started before it rejects.
 */
export async function startDemo({ port = 0, build = true, chains } = {}) {
  const [built, started] = await Promise.allSettled([
    build ? buildDemo() : Promise.resolve(),
    chains === undefined ? startSandboxChains() : Promise.resolve(chains)
  ])
  const owned = chains === undefined && started.status === "fulfilled" ? started.value : undefined
  let wcWallet
  let api
  let relay
  let frame
  let social
  let onramp
  let solana
  let server
  const stopAll = async () => {
    await server?.close()
    await onramp?.close()
    await wcWallet?.close()
    await api?.close()
    await relay?.close()
    await social?.close()
    await frame?.close()
    await owned?.stop()
    await solana?.stop()
  }
  try {
    if (built.status === "rejected") throw built.reason
    if (started.status === "rejected") throw started.reason
    const sandbox = started.value
    // The wallet's server runs first, because the API lists its URL (the listing's webapp_link); the page's
    // /sandbox-config.js route is added once the API and the relay it names run.
    const wcWalletRoutes = {}
    wcWallet = await serveWcWallet(wcWalletRoutes)
    // The local Solana chain (litesvm in this process, its JSON-RPC on a loopback port).
    solana = await startSandboxSolana()
    // The onramp's payment provider ("Sandbox Pay") on an origin of its own; the API's URL generator points
    // at it.
    onramp = await startOnrampProvider({
      chains: sandbox.chains,
      tokens: sandbox.tokens,
      accounts: sandbox.accounts
    })
    api = await startSandboxApi({
      chains: sandbox.chains,
      tokens: sandbox.tokens,
      pools: sandbox.pools,
      walletConnectWalletUrl: wcWallet.url,
      onrampProviderUrl: onramp.url,
      // A taken name (account #1's; the demo's wallet is account #0), so registering it shows suggestions.
      names: [{ name: "sandbox.reown.id", address: sandbox.accounts[1].address }],
      solana
    })
    relay = await startSandboxRelay()
    // The frame (its page at /sdk and its auth server) on an origin of its own, and the social stand-in on a
    // third; both learn the demo's origin once it listens (its port may be chosen then).
    frame = await startFrameAuthServer({ chains: sandbox.chains })
    social = await startSocialStandIn({ frameAuthUrl: frame.url })
    frame.setSocialUrl(social.url)
    const signIn = await makeSignInServer({ chains: sandbox.chains })
    const config = sandboxConfig(sandbox, api, relay, frame, social, solana)
    wcWalletRoutes["/sandbox-config.js"] = { type: contentTypes[".js"], body: sandboxConfigScript(config) }
    server = await serveStatic(hostDist, {
      port,
      handle: signIn.handle,
      routes: {
        "/sandbox-config.js": { type: contentTypes[".js"], body: sandboxConfigScript(config) },
        "/sandbox-wallet.js": { file: join(walletDist, "sandbox-wallet.js") },
        "/sandbox-wallet.js.map": { file: join(walletDist, "sandbox-wallet.js.map") },
        "/sandbox-solana-wallet.js": { file: join(solanaWalletDist, "sandbox-solana-wallet.js") },
        "/sandbox-solana-wallet.js.map": { file: join(solanaWalletDist, "sandbox-solana-wallet.js.map") }
      }
    })
    const demoOrigin = new URL(server.url).origin
    frame.server.setAllowedOrigins([demoOrigin])
    social.setAllowedReturnOrigins([demoOrigin])
    let closing
    return {
      url: server.url,
      walletConnectWalletUrl: wcWallet.url,
      frameUrl: frame.url,
      socialUrl: social.url,
      onrampUrl: onramp.url,
      onramp,
      sandbox,
      api,
      relay,
      config,
      solana,
      close: () => {
        closing ??= stopAll()
        return closing
      }
    }
  } catch (error) {
    await stopAll()
    throw error
  }
}
