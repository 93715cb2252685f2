// @vitest-environment happy-dom
/** The Sandbox Solana Wallet's Wallet Standard registration and its switches. */
import type { Wallet } from "@wallet-standard/base"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  installSandboxSolanaWallet,
  LATE_REGISTRATION_MS,
  readSwitches
} from "../../sandbox/wallets/solana/install"
import { SOLANA_WALLET_NAME } from "../../sandbox/wallets/solana/wallet"
import { account0, accounts } from "./solanaWalletWorld"

/** The Wallet Standard's app side: listens for registrations and announces itself ready. */
const appSide = () => {
  const wallets: Array<Wallet> = []
  const api = {
    register: (wallet: Wallet) => {
      wallets.push(wallet)
      return () => void wallets.splice(wallets.indexOf(wallet), 1)
    }
  }
  const onRegister = (event: Event) => (event as CustomEvent<(app: typeof api) => void>).detail(api)
  const listen = () => window.addEventListener("wallet-standard:register-wallet", onRegister)
  const ready = () => window.dispatchEvent(new CustomEvent("wallet-standard:app-ready", { detail: api }))
  const stop = () => window.removeEventListener("wallet-standard:register-wallet", onRegister)
  return { wallets, listen, ready, stop }
}

describe("registration (Wallet Standard)", () => {
  let app: ReturnType<typeof appSide>
  beforeEach(() => {
    app = appSide()
  })
  afterEach(() => app.stop())

  it("registers through wallet-standard:register-wallet when the script loads", () => {
    app.listen()
    const handle = installSandboxSolanaWallet("")
    const ours = app.wallets.filter((w) => w === handle.wallet)
    expect(ours).toHaveLength(1)
    const wallet = ours[0]!
    expect(wallet.name).toBe(SOLANA_WALLET_NAME)
    expect(wallet.version).toBe("1.0.0")
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(atob(wallet.icon.split(",")[1]!)).toContain("<svg")
    expect(wallet.chains).toEqual(["solana:localnet"])
    expect(wallet.accounts).toEqual([])
    expect(Object.keys(wallet.features).sort()).toEqual([
      "solana:signAndSendTransaction",
      "solana:signIn",
      "solana:signMessage",
      "solana:signTransaction",
      "standard:connect",
      "standard:disconnect",
      "standard:events"
    ])
    const features = handle.wallet.features
    expect(features["solana:signTransaction"].supportedTransactionVersions).toEqual(["legacy", 0])
    expect(features["solana:signAndSendTransaction"].supportedTransactionVersions).toEqual(["legacy", 0])
    expect(window.__sandboxSolanaWallet).toBe(handle)
    expect(handle.address).toBe(account0.address)
    expect(handle.registered()).toBe(true)
  })

  it("registers with an app that becomes ready after the wallet loaded (wallet-standard:app-ready)", () => {
    const handle = installSandboxSolanaWallet("")
    expect(app.wallets).toEqual([])
    app.ready()
    expect(app.wallets.filter((w) => w === handle.wallet)).toHaveLength(1)
  })

  it("?solanaWallet=late registers 2 s after load", () => {
    vi.useFakeTimers()
    app.listen()
    const handle = installSandboxSolanaWallet("?solanaWallet=late")
    app.ready()
    expect(app.wallets.includes(handle.wallet)).toBe(false)
    expect(handle.registered()).toBe(false)
    vi.advanceTimersByTime(LATE_REGISTRATION_MS - 1)
    expect(app.wallets.includes(handle.wallet)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(app.wallets.filter((w) => w === handle.wallet)).toHaveLength(1)
    expect(handle.registered()).toBe(true)
  })

  it("?solanaWallet=none never registers; register() does it on demand", () => {
    vi.useFakeTimers()
    app.listen()
    const handle = installSandboxSolanaWallet("?solanaWallet=none,auto-approve")
    app.ready()
    vi.advanceTimersByTime(10_000)
    expect(app.wallets.includes(handle.wallet)).toBe(false)
    expect(handle.mode()).toBe("auto-approve")
    handle.register()
    handle.register()
    expect(app.wallets.filter((w) => w === handle.wallet)).toHaveLength(1)
  })

  it("reads the switches: modes, registration, account", () => {
    expect(readSwitches("", 6)).toEqual({ mode: "manual", registration: "now", accountIndex: 0, unknown: [] })
    expect(readSwitches("?solanaWallet=reject", 6).mode).toBe("auto-reject")
    expect(readSwitches("?solanaWallet=hang&solanaAccount=2", 6)).toMatchObject({
      mode: "hang",
      accountIndex: 2
    })
    expect(readSwitches("?solanaWallet=late,auto-approve", 6)).toMatchObject({
      mode: "auto-approve",
      registration: "late"
    })
    expect(readSwitches("?solanaWallet=bogus&solanaAccount=9", 6)).toEqual({
      mode: "manual",
      registration: "now",
      accountIndex: 0,
      unknown: ["bogus", "solanaAccount=9"]
    })
  })

  it("?solanaAccount=N uses dev account N, and the handle drives the approvals", async () => {
    const handle = installSandboxSolanaWallet("?solanaAccount=3")
    expect(handle.address).toBe(accounts[3]!.address)
    const pending = handle.wallet.features["standard:connect"].connect()
    await Promise.resolve()
    expect(handle.pending().map((r) => r.kind)).toEqual(["connect"])
    // The manual panel shows the request, under the wallet's own name.
    const root = document.querySelector("[data-sandbox-solana-wallet-panel]")?.shadowRoot
    expect(root?.textContent).toContain(SOLANA_WALLET_NAME)
    expect(root?.textContent).toContain(accounts[3]!.address)
    expect(handle.approve()).toBe(true)
    const { accounts: answered } = await pending
    expect(answered.map((a) => a.address)).toEqual([accounts[3]!.address])
    expect(handle.connected()).toBe(true)
    handle.setMode("reject")
    expect(handle.mode()).toBe("auto-reject")
  })
})
