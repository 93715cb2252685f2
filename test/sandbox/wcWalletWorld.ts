/**
 * The world of wcWallet.test.ts: importing this starts, once for the file, real anvil nodes, the sandbox
 * relay, the Sandbox WalletConnect Wallet built and served as `npm run demo` does, chromium on its page
 * (recording what must not happen) and a dapp in Node (@walletconnect/universal-provider); and stops them
 * after. The dapp's `connect`, and waits on the page.
 */
import { UniversalProvider } from "@walletconnect/universal-provider"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import { type SandboxChains, startSandboxChains } from "../../sandbox/chain/chain.mjs"
import { sandboxConfig, sandboxConfigScript } from "../../sandbox/host/configScript.mjs"
import { serveWcWallet } from "../../sandbox/host/serve.mjs"
import type { Route, RunningServer } from "../../sandbox/host/staticServer.mjs"
import { type SandboxRelay, startSandboxRelay } from "../../sandbox/relay/relay.mjs"
import { BITCOIN_REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { SANDBOX_SOLANA_CHAIN } from "../../sandbox/shared/solana"
import { launchChromium } from "../../scripts/chromium.mjs"
import { reusesBuild, viteBuild } from "../../scripts/vite.mjs"
import { ALICE } from "../kit/accounts"

type Dapp = Awaited<ReturnType<typeof UniversalProvider.init>>
export type Session = NonNullable<Dapp["session"]>

export let sandbox: SandboxChains | undefined
let relay: SandboxRelay | undefined
export let server: RunningServer | undefined
let browser: Browser | undefined
export let page: Page
export let dapp: Dapp | undefined

/** Whatever the page reports that must not happen: errors, CSP violations, calls off the loopback. */
export const problems: Array<string> = []
/** Every URL the page asked for (documents, scripts, fetches, WebSockets). */
export const pageUrls: Array<string> = []
/** Non-loopback fetches made in this Node process (the dapp side); they are refused. */
export const externalFetches: Array<string> = []
const realFetch = globalThis.fetch

export const isLoopback = (url: string) => /^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url)

/** Resolves with the next `event` of the dapp's provider. */
export const nextEvent = <T>(event: string): Promise<T> =>
  new Promise<T>((resolve) => dapp?.once(event, resolve))

/** Waits until the wallet page holds a request for `method`, at the wallet's notice of each change. */
export const untilWalletRequest = (method: string) =>
  page.evaluate(
    (wanted) =>
      new Promise<void>((resolve) => {
        const wallet = window.__sandboxWcWallet!
        const holds = () => wallet.requests().some((request) => request.method === wanted)
        if (holds()) return resolve()
        const stop = wallet.subscribe(() => {
          if (!holds()) return
          stop()
          resolve()
        })
      }),
    method
  )

export const walletReady = () => page.evaluate(() => window.__sandboxWcWallet?.ready)

export const METADATA = {
  name: "WC Wallet Test Dapp",
  description: "A dapp in the Node test process",
  url: "http://127.0.0.1:1",
  icons: []
}

export const evmAddress = ALICE
/** The wallet's bip122 account: Bitcoin dev account 1's payment address. */
export const bitcoinAddress = sandboxBitcoinAccounts()[1]!.payment.address

export const connect = async (openWallet: (uri: string) => Promise<void>): Promise<Session> => {
  const current = dapp
  if (current === undefined) throw new Error("no dapp")
  const uri = nextEvent<string>("display_uri")
  const [chainA, chainB] = sandbox?.chains ?? []
  const connecting = current.connect({
    optionalNamespaces: {
      eip155: {
        chains: [`eip155:${chainA?.chainId}`],
        methods: [
          "personal_sign",
          "eth_signTypedData_v4",
          "eth_sendTransaction",
          "wallet_switchEthereumChain",
          "wallet_getCapabilities",
          "wallet_sendCalls",
          "wallet_getCallsStatus",
          "wallet_showCallsStatus"
        ],
        events: ["chainChanged", "accountsChanged"],
        rpcMap: {
          [String(chainA?.chainId)]: chainA?.rpcUrl ?? "",
          [String(chainB?.chainId)]: chainB?.rpcUrl ?? ""
        }
      },
      solana: {
        chains: [SANDBOX_SOLANA_CHAIN],
        methods: ["solana_signMessage", "solana_signTransaction"],
        events: []
      },
      bip122: {
        chains: [BITCOIN_REGTEST],
        methods: ["getAccountAddresses", "signMessage", "signPsbt", "sendTransfer"],
        events: ["accountsChanged"]
      }
    }
  })
  // Settled into a value at once: a rejection that comes while the wallet page is still being driven is
  // this test's to report, not an unhandled one.
  const outcome = connecting.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error })
  )
  await openWallet(await uri)
  const settled = await outcome
  if (!settled.ok) throw settled.error
  if (settled.value === undefined) throw new Error("connect() gave no session")
  return settled.value
}

beforeAll(async () => {
  // Off in the dapp's SDK: telemetry and Verify (FACTS-WALLETCONNECT.md); the page switches off its own.
  process.env.IS_VITEST = "true"
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const target = String(input instanceof Request ? input.url : input)
    if (!isLoopback(target)) {
      externalFetches.push(target)
      throw new TypeError("offline")
    }
    return realFetch(input, init)
  }) as typeof fetch

  // Under `npm test` the wallet page is already built for the run.
  const [chains, built] = await Promise.allSettled([
    startSandboxChains(),
    reusesBuild() ? Promise.resolve() : viteBuild(["--mode", "wcwallet"])
  ])
  if (chains.status === "rejected") throw chains.reason
  const running = chains.value
  sandbox = running
  if (built.status === "rejected") throw built.reason
  relay = await startSandboxRelay()
  const routes: Record<string, Route> = {}
  server = await serveWcWallet(routes)
  // The wallet reads only the relay, the chains, the keys and the project id; no provider API, frame or
  // stand-in runs here.
  const config = sandboxConfig(
    running,
    { url: "http://127.0.0.1:9", projectId: "sandbox-project" },
    relay,
    { url: "http://127.0.0.1:9" },
    { url: "http://127.0.0.1:9" }
  )
  routes["/sandbox-config.js"] = { type: "text/javascript; charset=utf-8", body: sandboxConfigScript(config) }

  browser = await launchChromium()
  const context = await browser.newContext()
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`)
    })
  })
  page = await context.newPage()
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.stack ?? error.message}`))
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console.${message.type()}: ${message.text()}`)
    }
  })
  page.on("request", (request) => pageUrls.push(request.url()))
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`)
  })
  page.on("websocket", (socket) => pageUrls.push(socket.url()))
  await page.goto(`${server.url}?mode=manual`)
  await walletReady()

  dapp = await UniversalProvider.init({
    projectId: "sandbox-project",
    relayUrl: relay.url,
    customStoragePrefix: "airlock-wc-wallet-test-dapp",
    logger: "silent",
    telemetryEnabled: false,
    disableProviderPing: true,
    metadata: METADATA
  })
}, 60_000)

afterAll(async () => {
  globalThis.fetch = realFetch
  if (dapp !== undefined) {
    // The SDK's heartbeat and socket keep the process alive otherwise (FACTS-WALLETCONNECT.md).
    dapp.client.core.heartbeat.stop()
    await dapp.client.core.relayer.transportClose().catch(() => undefined)
  }
  await browser?.close()
  await server?.close()
  await relay?.close()
  await sandbox?.stop()
}, 30_000)
