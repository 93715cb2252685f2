/**
 * The Sandbox Bitcoin Wallet, bundled into one classic script (`/sandbox-bitcoin-wallet.js`) that the demo
 * page loads before the app, as an extension's content script would. It announces itself both ways Bitcoin
 * wallets do, as one wallet (same name and icon): the Wallet Standard (`registerWallet`) and sats-connect's
 * providers list (`window.btc_providers`, its provider at `window.SandboxBitcoinProviders.BitcoinProvider`).
 * It reads the local chain's Esplora API from `window.__AIRLOCK_SANDBOX__.bitcoin` when it needs it, and
 * exposes `window.__sandboxBitcoinWallet` for tests.
 *
 * Switches: `?bitcoinWallet=` a comma-separated list of a mode, `manual` (default), `auto-approve`,
 * `auto-reject` (or `reject`) or `hang`; a registration, `late` (2 s after load) or `none`; `no-standard` or
 * `no-providers` (announce one way only); and hostile modes: `huge-name` (a 1 MB name), `bad-address` (its
 * accounts carry the same keys' mainnet addresses), `swap-input` (a signed PSBT spends another of its coins
 * than the one given), `other-message` (a message signature is valid, over other words). E.g.
 * `?bitcoinWallet=auto-approve,swap-input`. `?bitcoinAccount=N` uses dev account N (0 by default).
 */
import { registerWallet } from "@wallet-standard/wallet"
import { BITCOIN_ACCOUNT_COUNT, BITCOIN_REGTEST, BITCOIN_REGTEST_STANDARD } from "../../shared/bitcoin"
import type { SandboxBitcoinConfig } from "../../shared/config"
import { type ApprovalRequest, createApprovals, isWalletMode, type WalletMode } from "../injected/approvals"
import { createPanel } from "../injected/panel"
import { BITCOIN_WALLET_ICON } from "./icon"
import { createSatsConnectProvider, SATS_CONNECT_METHODS, type SatsConnectProvider } from "./satsConnect"
import { createStandardWallet, type SandboxBitcoinStandardWallet } from "./standard"
import {
  type AnnouncedAddress,
  BITCOIN_WALLET_NAME,
  createBitcoinWalletCore,
  type HostileMode,
  isHostileMode
} from "./wallet"

/** How long `?bitcoinWallet=late` waits before announcing. */
export const LATE_REGISTRATION_MS = 2000
/** The provider's id in `window.btc_providers`: the dotted path on `window` where its provider is. */
export const BITCOIN_PROVIDER_ID = "SandboxBitcoinProviders.BitcoinProvider"

export interface BitcoinWalletSwitches {
  readonly mode: WalletMode
  readonly registration: "now" | "late" | "none"
  readonly standard: boolean
  readonly providers: boolean
  readonly hostile: ReadonlySet<HostileMode>
  readonly accountIndex: number
  readonly unknown: ReadonlyArray<string>
}

/** Reads `?bitcoinWallet=` and `?bitcoinAccount=` from a query string. */
export const readSwitches = (search: string): BitcoinWalletSwitches => {
  const query = new URLSearchParams(search)
  let mode: WalletMode = "manual"
  let registration: BitcoinWalletSwitches["registration"] = "now"
  let standard = true
  let providers = true
  const hostile = new Set<HostileMode>()
  const unknown: Array<string> = []
  for (const word of (query.get("bitcoinWallet") ?? "").split(",").map((w) => w.trim())) {
    if (word === "") continue
    if (word === "late" || word === "none") registration = word
    else if (word === "reject") mode = "auto-reject"
    else if (word === "no-standard") standard = false
    else if (word === "no-providers") providers = false
    else if (isWalletMode(word)) mode = word
    else if (isHostileMode(word)) hostile.add(word)
    else unknown.push(word)
  }
  const account = query.get("bitcoinAccount")
  const index = account !== null && /^\d+$/.test(account) ? Number(account) : 0
  if (index >= BITCOIN_ACCOUNT_COUNT) unknown.push(`bitcoinAccount=${account}`)
  return {
    mode,
    registration,
    standard,
    providers,
    hostile,
    accountIndex: index < BITCOIN_ACCOUNT_COUNT ? index : 0,
    unknown
  }
}

/** An entry of sats-connect's providers list (`window.btc_providers`). */
export interface BtcProviderEntry {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly methods: ReadonlyArray<string>
}

/** What tests (and curious people) reach as `window.__sandboxBitcoinWallet`. */
export interface SandboxBitcoinWalletHandle {
  readonly wallet: SandboxBitcoinStandardWallet
  readonly provider: SatsConnectProvider
  readonly providerId: string
  readonly name: () => string
  /** The account's addresses as the wallet announces them (mainnet ones under `bad-address`). */
  readonly addresses: () => ReadonlyArray<AnnouncedAddress>
  /** The account's real regtest addresses. */
  readonly payment: () => string
  readonly ordinals: () => string
  readonly accountIndex: () => number
  readonly chain: string
  readonly standardChain: string
  readonly mode: () => WalletMode
  readonly setMode: (mode: WalletMode | "reject") => void
  readonly hostile: () => ReadonlyArray<HostileMode>
  readonly setHostile: (mode: HostileMode, on?: boolean) => void
  /** The requests waiting for approval, oldest first. */
  readonly pending: () => ReadonlyArray<ApprovalRequest>
  readonly approve: () => boolean
  readonly reject: () => boolean
  /** Requests by kind (connect, signMessage, signPsbt, sendTransfer, disconnect), whatever their answer. */
  readonly counts: Readonly<Record<string, number>>
  /** The last message signature, base64. */
  readonly lastSignature: () => string | undefined
  /** The txids it broadcast, oldest first. */
  readonly sent: () => ReadonlyArray<string>
  readonly connected: () => boolean
  readonly registered: () => boolean
  readonly register: () => void
  /** Switches to dev account N; a connected page hears `change` (and sats-connect's `accountChange`). */
  readonly switchAccount: (index: number) => void
  readonly simulateDisconnect: () => void
}

declare global {
  interface Window {
    readonly __sandboxBitcoinWallet?: SandboxBitcoinWalletHandle
    btc_providers?: Array<BtcProviderEntry>
  }
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** `window.__AIRLOCK_SANDBOX__.bitcoin`, when the sandbox server set it. */
export const readBitcoinConfig = (): SandboxBitcoinConfig | undefined => {
  const bitcoin = window.__AIRLOCK_SANDBOX__?.bitcoin as Partial<SandboxBitcoinConfig> | undefined
  return typeof bitcoin === "object" && bitcoin !== null && typeof bitcoin.esploraUrl === "string"
    ? (bitcoin as SandboxBitcoinConfig)
    : undefined
}

/** Creates the wallet, its panel and handle, and announces it per the switches. Returns the handle. */
export const installSandboxBitcoinWallet = (search = location.search): SandboxBitcoinWalletHandle => {
  const switches = readSwitches(search)
  for (const word of switches.unknown) {
    console.warn(`Sandbox Bitcoin Wallet: unknown switch ${word}; ignored.`)
  }
  const approvals = createApprovals(
    switches.mode,
    createPanel({
      icon: BITCOIN_WALLET_ICON,
      name: BITCOIN_WALLET_NAME,
      hostAttribute: "data-sandbox-bitcoin-wallet-panel",
      onDecide: (approved) => void approvals.decide(approved)
    })
  )
  const core = createBitcoinWalletCore({
    accountIndex: switches.accountIndex,
    origin: location.origin,
    approvals,
    storage: storage(),
    esploraUrl: () => readBitcoinConfig()?.esploraUrl,
    hostile: switches.hostile
  })
  const provider = createSatsConnectProvider(core)
  const wallet = createStandardWallet(core, provider)

  let registered = false
  const register = () => {
    if (registered) return
    registered = true
    if (switches.standard) registerWallet(wallet)
    if (switches.providers) {
      const [space, key] = BITCOIN_PROVIDER_ID.split(".") as [string, string]
      Object.defineProperty(window, space, {
        value: Object.freeze({ [key]: provider }),
        enumerable: false,
        configurable: true
      })
      window.btc_providers ??= []
      window.btc_providers.push({
        id: BITCOIN_PROVIDER_ID,
        get name() {
          return core.name()
        },
        icon: BITCOIN_WALLET_ICON,
        methods: [...SATS_CONNECT_METHODS]
      })
    }
  }
  if (switches.registration === "now") register()
  else if (switches.registration === "late") setTimeout(register, LATE_REGISTRATION_MS)

  const handle: SandboxBitcoinWalletHandle = Object.freeze({
    wallet,
    provider,
    providerId: BITCOIN_PROVIDER_ID,
    name: core.name,
    addresses: core.announced,
    payment: () => core.ring().payment.address,
    ordinals: () => core.ring().ordinals.address,
    accountIndex: () => core.ring().index,
    chain: BITCOIN_REGTEST,
    standardChain: BITCOIN_REGTEST_STANDARD,
    mode: approvals.mode,
    setMode: (mode: WalletMode | "reject") => {
      const next = mode === "reject" ? "auto-reject" : mode
      if (!isWalletMode(next)) throw new TypeError(`Unknown wallet mode ${String(mode)}`)
      approvals.setMode(next)
    },
    hostile: core.hostile,
    setHostile: (mode: HostileMode, on = true) => {
      if (!isHostileMode(mode)) throw new TypeError(`Unknown hostile mode ${String(mode)}`)
      core.setHostile(mode, on)
    },
    pending: approvals.pending,
    approve: () => approvals.decide(true),
    reject: () => approvals.decide(false),
    counts: core.counts,
    lastSignature: core.lastSignature,
    sent: core.sent,
    connected: core.connected,
    registered: () => registered,
    register,
    switchAccount: core.switchAccount,
    simulateDisconnect: core.simulateDisconnect
  })
  Object.defineProperty(window, "__sandboxBitcoinWallet", {
    value: handle,
    enumerable: false,
    configurable: true
  })
  return handle
}
