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
// Its parts: the static file server (staticServer.mjs) and the page's view of the sandbox (configScript.mjs).
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { buildDemo, reusesBuild } from "../../scripts/vite.mjs"
import { startSandboxApi } from "../api/api.mjs"
import { startSandboxBitcoin } from "../bitcoin/chain.mjs"
import { startSandboxChains } from "../chain/chain.mjs"
import { startSandboxExchange } from "../exchange/exchange.mjs"
import { startFrameAuthServer, startSocialStandIn } from "../frame/auth.mjs"
import { startOnrampProvider } from "../onramp/provider.mjs"
import { startSandboxRelay } from "../relay/relay.mjs"
import { makeSignInServer } from "../signin/server.mjs"
import { startSandboxSolana } from "../solana/chain.mjs"
import { sandboxConfig, sandboxConfigScript } from "./configScript.mjs"
import { serveStatic } from "./staticServer.mjs"

/** @import { SandboxApi } from "../api/api.mjs" */
/** @import { SandboxChains } from "../chain/chain.mjs" */
/** @import { OnrampProvider } from "../onramp/provider.mjs" */
/** @import { SandboxExchange } from "../exchange/exchange.mjs" */
/** @import { SandboxRelay } from "../relay/relay.mjs" */
/** @import { SandboxConfig } from "../shared/config" */
/** @import { SandboxSolana } from "../solana/chain.mjs" */
/** @import { SandboxBitcoin } from "../bitcoin/chain.mjs" */
/** @import { RunningFrameAuthServer, SocialStandIn } from "../frame/auth.mjs" */
/** @import { SignInServer } from "../signin/server.mjs" */
/** @import { Route, RunningServer } from "./staticServer.mjs" */
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

const JS_TYPE = "text/javascript; charset=utf-8"

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
