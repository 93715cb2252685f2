/**
 * The Sandbox WalletConnect Wallet page. It reads the running sandbox from `window.__AIRLOCK_SANDBOX__`
 * (set by `/sandbox-config.js`), runs WalletKit against the sandbox relay, and exposes
 * `window.__sandboxWcWallet` for tests.
 *
 * Query: `?mode=manual|auto-approve` (default `manual`), and `?uri=wc:…` pairs at once (a deep link, e.g.
 * `/wc?uri=<encoded URI>` as a modal opens a web wallet).
 */
import { readSandboxConfig } from "../../shared/config"
import "./styles.css"
import { renderWalletPage } from "./ui"
import {
  createWcWallet,
  isWcWalletMode,
  type PendingProposal,
  type PendingRequest,
  type SessionInfo,
  type WcWallet,
  type WcWalletMode
} from "./wallet"

/** What tests reach as `window.__sandboxWcWallet`; every value it returns is plain data. */
export interface SandboxWcWalletHandle {
  /** Resolves once WalletKit runs and has restored its sessions. */
  readonly ready: Promise<void>
  readonly evmAddress: string
  readonly solanaAddress: string
  readonly mode: () => WcWalletMode
  readonly setMode: (mode: WcWalletMode) => void
  readonly pair: (uri: string) => Promise<void>
  /** Waiting session proposals, oldest first, with the dapp's metadata. */
  readonly proposals: () => ReadonlyArray<PendingProposal>
  /** Approves the oldest proposal (or the one with `id`); resolves with the session. */
  readonly approveProposal: (id?: number) => Promise<SessionInfo>
  readonly rejectProposal: (id?: number) => Promise<void>
  /** Waiting requests, oldest first: id, topic, method, chainId, params, dapp, preview. */
  readonly requests: () => ReadonlyArray<PendingRequest>
  /** Answer the oldest request (or the one with `id`); false when none waits. */
  readonly approveRequest: (id?: number) => Promise<boolean>
  readonly rejectRequest: (id?: number) => Promise<boolean>
  readonly sessions: () => ReadonlyArray<SessionInfo>
  /** Disconnects the session with `topic`, or all of them. */
  readonly disconnect: (topic?: string) => Promise<void>
  /** Requests answered (result or error) since the page loaded. */
  readonly answered: () => number
}

declare global {
  interface Window {
    readonly __sandboxWcWallet?: SandboxWcWalletHandle
  }
}

const handleOf = (wallet: WcWallet): SandboxWcWalletHandle =>
  Object.freeze({
    ready: wallet.ready,
    evmAddress: wallet.evmAddress,
    solanaAddress: wallet.solanaAddress,
    mode: wallet.mode,
    setMode: wallet.setMode,
    pair: wallet.pair,
    proposals: wallet.proposals,
    approveProposal: wallet.approveProposal,
    rejectProposal: wallet.rejectProposal,
    requests: wallet.requests,
    approveRequest: wallet.approveRequest,
    rejectRequest: wallet.rejectRequest,
    sessions: wallet.sessions,
    disconnect: wallet.disconnect,
    answered: wallet.answered
  })

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
