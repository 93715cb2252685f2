/**
 * The Sandbox Solana Wallet, bundled into one classic script (`/sandbox-solana-wallet.js`) that the demo
 * page loads before the app, the way a browser extension injects itself. It registers with the page through
 * the Wallet Standard (`registerWallet`: the `wallet-standard:register-wallet` event, and an answer to
 * every `wallet-standard:app-ready`), reads the local chain from `window.__AIRLOCK_SANDBOX__.solana` when
 * it sends, and exposes `window.__sandboxSolanaWallet` for tests.
 *
 * Switches: `?solanaWallet=` a comma-separated list of a mode, `manual` (default), `auto-approve`,
 * `auto-reject` (or `reject`) or `hang`, and a registration, `late` (2 s after load) or `none` (never); e.g.
 * `?solanaWallet=late,auto-approve`. `?solanaAccount=N` uses dev account N (0 by default).
 */
import { registerWallet } from "@wallet-standard/wallet"
import type { SandboxSolanaConfig } from "../../shared/config"
import { SOLANA_LOCALNET, sandboxSolanaAccounts } from "../../solana/accounts.mjs"
import { type ApprovalRequest, createApprovals, isWalletMode, type WalletMode } from "../injected/approvals"
import { createPanel } from "../injected/panel"
import { SOLANA_WALLET_ICON } from "./icon"
import {
  createSandboxSolanaWallet,
  type RecordedSolanaCall,
  type SandboxSolanaWallet,
  SOLANA_WALLET_NAME
} from "./wallet"

/** How long `?solanaWallet=late` waits before registering. */
export const LATE_REGISTRATION_MS = 2000

export type SolanaRegistration = "now" | "late" | "none"

export interface SolanaWalletSwitches {
  readonly mode: WalletMode
  readonly registration: SolanaRegistration
  readonly accountIndex: number
  /** Words of `?solanaWallet` it did not understand. */
  readonly unknown: ReadonlyArray<string>
}

/** Reads `?solanaWallet=` and `?solanaAccount=` from a query string. */
export const readSwitches = (search: string, accountCount: number): SolanaWalletSwitches => {
  const query = new URLSearchParams(search)
  let mode: WalletMode = "manual"
  let registration: SolanaRegistration = "now"
  const unknown: Array<string> = []
  for (const word of (query.get("solanaWallet") ?? "").split(",").map((w) => w.trim())) {
    if (word === "") continue
    if (word === "late" || word === "none") registration = word
    else if (word === "reject") mode = "auto-reject"
    else if (isWalletMode(word)) mode = word
    else unknown.push(word)
  }
  const account = query.get("solanaAccount")
  const index = account !== null && /^\d+$/.test(account) ? Number(account) : 0
  if (index >= accountCount) unknown.push(`solanaAccount=${account}`)
  return { mode, registration, accountIndex: index < accountCount ? index : 0, unknown }
}

/** What tests (and curious people) reach as `window.__sandboxSolanaWallet`. */
export interface SandboxSolanaWalletHandle {
  readonly wallet: SandboxSolanaWallet
  readonly name: string
  readonly address: string
  readonly accountIndex: number
  readonly chain: string
  readonly mode: () => WalletMode
  readonly setMode: (mode: WalletMode | "reject") => void
  /** The requests waiting for approval, oldest first. */
  readonly pending: () => ReadonlyArray<ApprovalRequest>
  /** Approves or rejects the oldest waiting request, as the panel's buttons do. */
  readonly approve: () => boolean
  readonly reject: () => boolean
  /** The last signature the wallet made, base58 (a transaction's is its id). */
  readonly lastSignature: () => string | undefined
  /** The transactions it sent, by signature (base58), oldest first. */
  readonly sent: () => ReadonlyArray<string>
  readonly connected: () => boolean
  readonly registered: () => boolean
  /** Registers now (when `late` or `none` held it back); no-op once registered. */
  readonly register: () => void
  readonly counts: Record<string, number>
  readonly calls: ReadonlyArray<RecordedSolanaCall>
  readonly simulateDisconnect: () => void
  readonly reset: () => void
}

declare global {
  interface Window {
    readonly __sandboxSolanaWallet?: SandboxSolanaWalletHandle
  }
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** `window.__AIRLOCK_SANDBOX__.solana`, when the sandbox server set it. */
export const readSolanaConfig = (): SandboxSolanaConfig | undefined => {
  const config = (window as { readonly __AIRLOCK_SANDBOX__?: { readonly solana?: unknown } })
    .__AIRLOCK_SANDBOX__
  const solana = config?.solana as Partial<SandboxSolanaConfig> | undefined
  return typeof solana === "object" && solana !== null && typeof solana.rpcUrl === "string"
    ? (solana as SandboxSolanaConfig)
    : undefined
}

/** Creates the wallet, its panel and handle, and registers it per the switches. Returns the handle. */
export const installSandboxSolanaWallet = (search = location.search): SandboxSolanaWalletHandle => {
  const accounts = sandboxSolanaAccounts()
  const switches = readSwitches(search, accounts.length)
  for (const word of switches.unknown) {
    console.warn(`Sandbox Solana Wallet: unknown switch ${word}; ignored.`)
  }
  const approvals = createApprovals(
    switches.mode,
    createPanel({
      icon: SOLANA_WALLET_ICON,
      name: SOLANA_WALLET_NAME,
      hostAttribute: "data-sandbox-solana-wallet-panel",
      onDecide: (approved) => void approvals.decide(approved)
    })
  )
  const account = accounts[switches.accountIndex] ?? accounts[0]
  if (account === undefined) throw new Error("Sandbox Solana Wallet: no dev accounts")
  const control = createSandboxSolanaWallet({
    account,
    origin: location.origin,
    storage: storage(),
    approvals,
    config: readSolanaConfig
  })

  let registered = false
  const register = () => {
    if (registered) return
    registered = true
    registerWallet(control.wallet)
  }
  if (switches.registration === "now") register()
  else if (switches.registration === "late") setTimeout(register, LATE_REGISTRATION_MS)

  const handle: SandboxSolanaWalletHandle = Object.freeze({
    wallet: control.wallet,
    name: SOLANA_WALLET_NAME,
    address: control.address,
    accountIndex: account.index,
    chain: SOLANA_LOCALNET,
    mode: approvals.mode,
    setMode: (mode: WalletMode | "reject") => {
      const next = mode === "reject" ? "auto-reject" : mode
      if (!isWalletMode(next)) throw new TypeError(`Unknown wallet mode ${String(mode)}`)
      approvals.setMode(next)
    },
    pending: approvals.pending,
    approve: () => approvals.decide(true),
    reject: () => approvals.decide(false),
    lastSignature: control.lastSignature,
    sent: control.sent,
    connected: control.connected,
    registered: () => registered,
    register,
    counts: control.counts,
    calls: control.calls,
    simulateDisconnect: control.simulateDisconnect,
    reset: control.reset
  })
  Object.defineProperty(window, "__sandboxSolanaWallet", {
    value: handle,
    enumerable: false,
    configurable: true
  })
  return handle
}
