/**
 * The sandbox injected wallet, bundled into one classic script (`/sandbox-wallet.js`) that the demo page
 * loads before the app, the way a browser extension injects its provider. It reads the running sandbox
 * from `window.__AIRLOCK_SANDBOX__` (set by `/sandbox-config.js`), announces itself by EIP-6963 and
 * exposes `window.__sandboxWallet` for tests.
 *
 * Switches: `?wallet=manual|auto-approve|auto-reject|hang` (default `manual`), `?wallet=no-5792` (the
 * wallet then answers EIP-5792's methods with 4200, as a wallet without batches does; it combines with a
 * mode as `?wallet=auto-approve,no-5792` or `?wallet=auto-approve&wallet=no-5792`), `?walletAccount=N`,
 * `?walletHostile=reused-hash` (see `hostile.ts`), `window.__sandboxWallet.setMode(mode)`,
 * `window.__sandboxWallet.setEip5792(on)` and `window.__sandboxWallet.setHostile(mode)`.
 */
import { readSandboxConfig } from "../../shared/config"
import { type ApprovalRequest, createApprovals, isWalletMode, type WalletMode } from "./approvals"
import { type HostileMode, isHostileMode } from "./hostile"
import { WALLET_ICON } from "./icon"
import { createPanel } from "./panel"
import type { RecordedCall, SandboxProvider, WalletState } from "./types"
import { createSandboxWallet, WALLET_NAME, WALLET_RDNS } from "./wallet"

/** What tests (and curious people) reach as `window.__sandboxWallet`. */
export interface SandboxWalletHandle {
  readonly provider: SandboxProvider
  readonly info: {
    readonly uuid: string
    readonly name: string
    readonly icon: string
    readonly rdns: string
  }
  readonly counts: Record<string, number>
  readonly calls: ReadonlyArray<RecordedCall>
  readonly mode: () => WalletMode
  readonly setMode: (mode: WalletMode) => void
  /** Whether the wallet answers EIP-5792's methods (`?wallet=no-5792` starts it off). */
  readonly eip5792: () => boolean
  readonly setEip5792: (on: boolean) => void
  /** The hostile switch on (`undefined`: none, the default). */
  readonly hostile: () => HostileMode | undefined
  readonly setHostile: (mode: HostileMode | undefined) => void
  /** The requests waiting for approval, oldest first. */
  readonly pending: () => ReadonlyArray<ApprovalRequest>
  /** Approves or rejects the oldest waiting request, as the panel's buttons do. */
  readonly approve: () => boolean
  readonly reject: () => boolean
  readonly address: () => string
  readonly state: () => WalletState
  readonly setAccount: (index: number) => void
  readonly simulateDisconnect: () => void
  readonly reset: () => void
}

declare global {
  interface Window {
    readonly __sandboxWallet?: SandboxWalletHandle
  }
}

/** The `?wallet=` switch that turns EIP-5792 off. */
const NO_5792 = "no-5792"

const storage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

const install = () => {
  const config = readSandboxConfig()
  if (config === undefined) {
    console.warn("Sandbox Wallet: no sandbox config (window.__AIRLOCK_SANDBOX__); the wallet stays away.")
    return
  }
  const query = new URLSearchParams(location.search)
  // `?wallet=` holds a mode and switches, comma-separated or repeated.
  const switches = query.getAll("wallet").flatMap((value) => value.split(","))
  for (const unknown of switches.filter((s) => !isWalletMode(s) && s !== NO_5792)) {
    console.warn(`Sandbox Wallet: unknown ?wallet=${unknown}; ignored.`)
  }
  const requested = switches.find(isWalletMode)
  let eip5792 = !switches.includes(NO_5792)
  const account = query.get("walletAccount")
  const hostileQuery = query.get("walletHostile")
  if (hostileQuery !== null && !isHostileMode(hostileQuery)) {
    console.warn(`Sandbox Wallet: unknown ?walletHostile=${hostileQuery}; the wallet stays honest.`)
  }
  let hostile: HostileMode | undefined = isHostileMode(hostileQuery) ? hostileQuery : undefined

  const approvals = createApprovals(
    requested ?? "manual",
    createPanel({ icon: WALLET_ICON, onDecide: (approved) => void approvals.decide(approved) })
  )
  const wallet = createSandboxWallet({
    sandboxChains: config.chains,
    defaultChainId: config.wallet.defaultChainId,
    accounts: config.wallet.accounts,
    accountIndex: config.wallet.accountIndex,
    accountOverride: account !== null && /^\d+$/.test(account) ? Number(account) : undefined,
    origin: location.origin,
    storage: storage(),
    approvals,
    batchDelegates: config.batchDelegates,
    eip5792: () => eip5792,
    hostile: () => hostile
  })

  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: WALLET_NAME,
    icon: WALLET_ICON,
    rdns: WALLET_RDNS
  })
  const detail = Object.freeze({ info, provider: wallet.provider })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()

  const handle: SandboxWalletHandle = Object.freeze({
    provider: wallet.provider,
    info,
    counts: wallet.counts,
    calls: wallet.calls,
    mode: approvals.mode,
    setMode: (mode: WalletMode) => {
      if (!isWalletMode(mode)) throw new TypeError(`Unknown wallet mode ${String(mode)}`)
      approvals.setMode(mode)
    },
    eip5792: () => eip5792,
    setEip5792: (on: boolean) => {
      eip5792 = on === true
    },
    hostile: () => hostile,
    setHostile: (mode: HostileMode | undefined) => {
      if (mode !== undefined && !isHostileMode(mode))
        throw new TypeError(`Unknown hostile mode ${String(mode)}`)
      hostile = mode
    },
    pending: approvals.pending,
    approve: () => approvals.decide(true),
    reject: () => approvals.decide(false),
    address: wallet.address,
    state: wallet.state,
    setAccount: wallet.setAccount,
    simulateDisconnect: wallet.simulateDisconnect,
    reset: wallet.reset
  })
  Object.defineProperty(window, "__sandboxWallet", { value: handle, enumerable: false })
}

install()
