// Builds the package, the demo host and the sandbox wallets, starts the sandbox chains (unless given running
// ones) and serves the demo on loopback: sandbox/host/dist (the main page, /wagmi.html, /eip6963.html and /provider.html),
// plus /sandbox-config.js (the running sandbox, generated), /sandbox-wallet.js (the injected wallet) and
// /sandbox-solana-wallet.js (the Sandbox Solana Wallet, a wallet-standard one), /sandbox-bitcoin-wallet.js (the
// Sandbox Bitcoin Wallet: Wallet Standard and sats-connect providers list), and the gallery at /gallery/
// (sandbox/gallery/dist); and the Sandbox WalletConnect
// Wallet's page from
// a server of its own; and the embedded wallet's frame (its page and auth server) and the social sign-in
// stand-in, each on an origin of its own.
// Used by `npm run demo` (sandbox/demo.mjs) and by the browser tests (test/e2e/globalSetup.ts).
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { buildDemo, reusesBuild } from "../../scripts/vite.mjs"
import { startSandboxApi } from "../api/api.mjs"
import { startSandboxBitcoin } from "../bitcoin/chain.mjs"
import { startSandboxChains } from "../chain/chain.mjs"
import { startSandboxExchange } from "../exchange/exchange.mjs"
import { startFrameAuthServer, startSocialStandIn } from "../frame/auth.mjs"
import { startOnrampProvider } from "../onramp/provider.mjs"
import { startSandboxRelay } from "../relay/relay.mjs"
import { guardSlowClients } from "../shared/slowClients.mjs"
import { makeSignInServer } from "../signin/server.mjs"
import { startSandboxSolana } from "../solana/chain.mjs"

/** @import { SandboxApi } from "../api/api.mjs" */
/** @import { SandboxChains } from "../chain/chain.mjs" */
/** @import { OnrampProvider } from "../onramp/provider.mjs" */
/** @import { SandboxExchange } from "../exchange/exchange.mjs" */
/** @import { SandboxRelay } from "../relay/relay.mjs" */
/** @import { SandboxConfig } from "../shared/config" */
/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { SandboxBitcoin } from "../bitcoin/chain.mjs" */
/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { RunningFrameAuthServer, SocialStandIn } from "../frame/auth.mjs" */
/** @import { SignInServer } from "../signin/server.mjs" */
/**
 * @typedef {{ readonly type: string, readonly body: string, readonly file?: undefined } | { readonly file: string, readonly body?: undefined }} Route
 */
/**
 * @typedef {object} RunningServer
 * @property {string} url `http://127.0.0.1:PORT/`
 * @property {() => Promise<void>} close
 */
/**
 * @typedef {object} RunningDemo
 * @property {string} url `http://127.0.0.1:PORT/`
 * @property {string} galleryUrl The gallery, `http://127.0.0.1:PORT/gallery/`: every view of the modal on mock layers (sandbox/gallery).
 * @property {SandboxChains} sandbox The chains the demo runs against (started by `startDemo` unless passed in).
 * @property {SandboxApi} api The provider API the page's modal talks to (with its fault switches).
 * @property {SandboxRelay} relay The WalletConnect relay.
 * @property {string} walletConnectWalletUrl The Sandbox WalletConnect Wallet's page, `http://127.0.0.1:PORT/` (its own origin; `/wc?uri=…` pairs at once). The API's listing gives it as the wallet's `webapp_link`.
 * @property {string} frameUrl The embedded wallet's frame, `http://127.0.0.1:PORT` (its own origin): the page at `/sdk`, the auth server at `/auth/*`, the mailbox at `/mailbox`. It may be framed by the demo's origin only.
 * @property {string} socialUrl The social and Farcaster sign-in stand-in, `http://127.0.0.1:PORT` (a third origin).
 * @property {string} onrampUrl The onramp's payment provider ("Sandbox Pay"), `http://127.0.0.1:PORT` (its own origin): the page the API's `POST /v1/generators/onrampurl` links to (`/buy?…`), paying out on the first chain.
 * @property {OnrampProvider} onramp The provider itself (`purchases()` lists what it delivered).
 * @property {string} exchangeUrl The sandbox exchange `modal.pay` pays from, `http://127.0.0.1:PORT` (its own origin).
 * @property {SandboxConfig} config What `/sandbox-config.js` gives the page.
 * @property {SandboxSolana} solana The local Solana chain (`solana:localnet`, sandbox/solana): its JSON-RPC URL, dev accounts, the sSPL mint and the seeded history. The API reads Solana balances and history from it.
 * @property {SandboxBitcoin} bitcoin The local Bitcoin chain (regtest, sandbox/bitcoin): its Esplora API URL, dev accounts and seed. The API reads Bitcoin balances and history from it.
 * @property {() => Promise<void>} close Stops the servers, the API, the relay, the frame, the stand-in and the chains `startDemo` started; resolves once they have exited.
 */

export const hostDist = fileURLToPath(new URL("./dist", import.meta.url))
export const walletDist = fileURLToPath(new URL("../wallets/injected/dist", import.meta.url))
export const solanaWalletDist = fileURLToPath(new URL("../wallets/solana/dist", import.meta.url))
export const bitcoinWalletDist = fileURLToPath(new URL("../wallets/bitcoin/dist", import.meta.url))
export const wcWalletDist = fileURLToPath(new URL("../wallets/walletconnect/dist", import.meta.url))
export const galleryDist = fileURLToPath(new URL("../gallery/dist", import.meta.url))

/** Where the demo serves the gallery (sandbox/gallery): every view of the modal, on mock layers. */
export const GALLERY_PATH = "/gallery/"

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

const JS_TYPE = "text/javascript; charset=utf-8"

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
 * What the page learns about the running sandbox (the `SandboxConfig` of sandbox/shared/config.ts).
 * @param {SandboxChains} sandbox
 * @param {Pick<SandboxApi, "url" | "projectId">} api
 * @param {Pick<SandboxRelay, "url">} relay
 * @param {{ readonly url: string }} frame
 * @param {{ readonly url: string }} social
 * @param {Pick<SandboxSolana, "rpcUrl" | "chain" | "mint">} [solana]
 * @param {Pick<SandboxBitcoin, "esploraUrl" | "chain">} [bitcoin]
 * @returns {SandboxConfig}
 */
export function sandboxConfig(sandbox, api, relay, frame, social, solana, bitcoin) {
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
    batchDelegates: sandbox.batchDelegates.map(({ chainId, address }) => ({ chainId, address })),
    wallet: {
      defaultChainId: sandbox.chains[0]?.chainId ?? 0,
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
        }),
    // The local Bitcoin chain (sandbox/bitcoin): its Esplora API is the regtest network's RPC URL.
    ...(bitcoin === undefined ? {} : { bitcoin: { esploraUrl: bitcoin.esploraUrl, chain: bitcoin.chain } })
  }
}

/** `/sandbox-config.js`: defines `window.__AIRLOCK_SANDBOX__`, deeply frozen, before any other script. */
export const sandboxConfigScript = (/** @type {SandboxConfig} */ config) =>
  [
    "// The running Airlock sandbox, generated by sandbox/host/serve.mjs.",
    `Object.defineProperty(window, "__AIRLOCK_SANDBOX__", {`,
    `  value: JSON.parse(${JSON.stringify(JSON.stringify(config))}, (_key, value) => Object.freeze(value)),`,
    "  enumerable: true",
    "})",
    ""
  ].join("\n")

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
export function serveStatic(root, { port = 0, routes = {}, mounts = {}, handle } = {}) {
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
  return new Promise((/** @type {(server: RunningServer) => void} */ resolvePromise, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject)
      const address = server.address()
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/`
      /** @returns {Promise<void>} */
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
 * @param {Record<string, Route>} [routes]
 * @returns {Promise<RunningServer>}
 */
export function serveWcWallet(routes = {}) {
  const page = { file: join(wcWalletDist, "index.html") }
  return serveStatic(wcWalletDist, { routes: Object.assign(routes, { "/wc": page, "/wc/": page }) })
}

/**
 * Builds everything (`buildDemo` of scripts/vite.mjs; not with `build: false`, nor by default under `npm
 * test`, which has built it for the run), starts the sandbox chains (unless `chains` gives running ones,
 * which then stay the caller's to stop) and serves the demo, the WalletConnect wallet, the embedded wallet's
 * frame and the social stand-in. `close()` stops the servers and the chains it started. A failure halfway
 * stops whatever had started before it rejects.
 * @param {{ readonly port?: number, readonly build?: boolean, readonly chains?: SandboxChains }} [options] `chains`: running chains to use; the caller stops them.
 * @returns {Promise<RunningDemo>}
 */
export async function startDemo({ port = 0, build = !reusesBuild(), chains } = {}) {
  const [built, started] = await Promise.allSettled([
    build ? buildDemo() : Promise.resolve(),
    chains === undefined ? startSandboxChains() : Promise.resolve(chains)
  ])
  const owned = chains === undefined && started.status === "fulfilled" ? started.value : undefined
  /** @type {RunningServer | undefined} */
  let wcWallet
  /** @type {SandboxApi | undefined} */
  let api
  /** @type {SandboxRelay | undefined} */
  let relay
  /** @type {RunningFrameAuthServer | undefined} */
  let frame
  /** @type {SocialStandIn | undefined} */
  let social
  /** @type {OnrampProvider | undefined} */
  let onramp
  /** @type {SandboxExchange | undefined} */
  let exchange
  /** @type {SandboxSolana | undefined} */
  let solana
  /** @type {SandboxBitcoin | undefined} */
  let bitcoin
  /** @type {RunningServer | undefined} */
  let server
  const stopAll = async () => {
    await server?.close()
    await onramp?.close()
    await exchange?.close()
    await wcWallet?.close()
    await api?.close()
    await relay?.close()
    await social?.close()
    await frame?.close()
    await owned?.stop()
    await solana?.stop()
    await bitcoin?.stop()
  }
  try {
    if (built.status === "rejected") throw built.reason
    if (started.status === "rejected") throw started.reason
    const sandbox = started.value
    // The wallet's server runs first, because the API lists its URL (the listing's webapp_link); the page's
    // /sandbox-config.js route is added once the API and the relay it names run.
    /** @type {Record<string, Route>} */
    const wcWalletRoutes = {}
    wcWallet = await serveWcWallet(wcWalletRoutes)
    // The local Solana chain (litesvm in this process, its JSON-RPC on a loopback port).
    solana = await startSandboxSolana()
    // The local Bitcoin chain (regtest in this process, its Esplora API on a loopback port).
    bitcoin = await startSandboxBitcoin()
    // The onramp's payment provider ("Sandbox Pay") on an origin of its own; the API's URL generator points
    // at it.
    onramp = await startOnrampProvider({
      chains: sandbox.chains,
      tokens: sandbox.tokens,
      accounts: sandbox.accounts
    })
    // The exchange `modal.pay` pays from, on an origin of its own; the API's exchange JSON-RPC opens its sessions.
    exchange = await startSandboxExchange({
      chains: sandbox.chains,
      tokens: sandbox.tokens,
      accounts: sandbox.accounts
    })
    api = await startSandboxApi({
      exchange,
      chains: sandbox.chains,
      tokens: sandbox.tokens,
      pools: sandbox.pools,
      walletConnectWalletUrl: wcWallet.url,
      onrampProviderUrl: onramp.url,
      // A taken name (account #1's; the demo's wallet is account #0), so registering it shows suggestions.
      names:
        sandbox.accounts[1] === undefined
          ? []
          : [{ name: "sandbox.reown.id", address: sandbox.accounts[1].address }],
      solana,
      bitcoin
    })
    relay = await startSandboxRelay()
    // The frame (its page at /sdk and its auth server) on an origin of its own, and the social stand-in on a
    // third; both learn the demo's origin once it listens (its port may be chosen then).
    // A smart session the embedded wallet grants is listed by the API, as the provider's would be.
    const sessionsUrl = `${api.url}/__sandbox/sessions`
    frame = await startFrameAuthServer({
      chains: sandbox.chains,
      recordSession: async (session) => {
        const response = await fetch(sessionsUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(session),
          signal: AbortSignal.timeout(5_000)
        })
        if (!response.ok) throw new Error(`the API refused the session: ${response.status}`)
      }
    })
    social = await startSocialStandIn({ frameAuthUrl: frame.url })
    frame.setSocialUrl(social.url)
    const config = sandboxConfig(sandbox, api, relay, frame, social, solana, bitcoin)
    wcWalletRoutes["/sandbox-config.js"] = { type: JS_TYPE, body: sandboxConfigScript(config) }
    // The sign-in server verifies for the demo's own origin, which is known once the demo listens (its port
    // may be chosen then); until it is made, nothing under /auth/ is answered by it.
    /** @type {SignInServer | undefined} */
    let signIn
    server = await serveStatic(hostDist, {
      port,
      mounts: { [GALLERY_PATH]: galleryDist },
      handle: async (req, res, pathname) =>
        signIn === undefined ? false : signIn.handle(req, res, pathname),
      routes: {
        "/sandbox-config.js": { type: JS_TYPE, body: sandboxConfigScript(config) },
        "/sandbox-wallet.js": { file: join(walletDist, "sandbox-wallet.js") },
        "/sandbox-wallet.js.map": { file: join(walletDist, "sandbox-wallet.js.map") },
        "/sandbox-solana-wallet.js": { file: join(solanaWalletDist, "sandbox-solana-wallet.js") },
        "/sandbox-solana-wallet.js.map": { file: join(solanaWalletDist, "sandbox-solana-wallet.js.map") },
        "/sandbox-bitcoin-wallet.js": { file: join(bitcoinWalletDist, "sandbox-bitcoin-wallet.js") },
        "/sandbox-bitcoin-wallet.js.map": { file: join(bitcoinWalletDist, "sandbox-bitcoin-wallet.js.map") }
      }
    })
    const demoOrigin = new URL(server.url).origin
    signIn = await makeSignInServer({ origin: demoOrigin, chains: sandbox.chains })
    frame.server.setAllowedOrigins([demoOrigin])
    social.setAllowedReturnOrigins([demoOrigin])
    let closing
    return {
      url: server.url,
      galleryUrl: new URL(GALLERY_PATH, server.url).href,
      walletConnectWalletUrl: wcWallet.url,
      frameUrl: frame.url,
      socialUrl: social.url,
      onrampUrl: onramp.url,
      onramp,
      exchangeUrl: exchange.url,
      sandbox,
      api,
      relay,
      config,
      solana,
      bitcoin,
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
