/**
 * The Sandbox WalletConnect Wallet page. It reads the running sandbox from `window.__AIRLOCK_SANDBOX__`
 * (set by `/sandbox-config.js`), runs WalletKit against the sandbox relay, and exposes
 * `window.__sandboxWcWallet` for tests.
 *
 * Query: `?mode=manual|auto-approve` (default `manual`), and `?uri=wc:…` pairs at once (a deep link, e.g.
 * `/wc?uri=<encoded URI>` as a modal opens a web wallet).
 */
import { readSandboxConfig } from "../../shared/config"
import { isWcWalletMode } from "./context"
import "./styles.css"
import { renderWalletPage } from "./ui"
import { createWcWallet, type WcWallet } from "./wallet"

/** What tests reach as `window.__sandboxWcWallet`: the wallet less its notices; every value is plain data. */
export type SandboxWcWalletHandle = Omit<WcWallet, "notices">

declare global {
  interface Window {
    readonly __sandboxWcWallet?: SandboxWcWalletHandle
  }
}

const handleOf = (wallet: WcWallet): SandboxWcWalletHandle => {
  const { notices: _notices, ...handle } = wallet
  return Object.freeze(handle)
}

const install = () => {
  const root = document.getElementById("app")
  if (root === null) return
  const config = readSandboxConfig()
  if (config === undefined) {
    renderWalletPage(root, undefined).fatal(
      "No sandbox config (window.__AIRLOCK_SANDBOX__): open this page from `npm run demo`."
    )
    return
  }
  const query = new URLSearchParams(location.search)
  const requested = query.get("mode")
  const wallet = createWcWallet({
    config,
    mode: isWcWalletMode(requested) ? requested : "manual",
    origin: location.origin
  })
  renderWalletPage(root, wallet)
  Object.defineProperty(window, "__sandboxWcWallet", { value: handleOf(wallet), enumerable: false })

  const uri = query.get("uri")
  if (uri !== null) {
    // Once used, the URI leaves the address bar, so that a reload does not pair again.
    query.delete("uri")
    const search = query.toString()
    history.replaceState(null, "", `${location.pathname}${search === "" ? "" : `?${search}`}${location.hash}`)
    // A failure is in the wallet's activity log.
    wallet.pair(uri).catch(() => undefined)
  }
}

install()
