/**
 * Wallet Standard wallets for unit tests: the Sandbox Solana Wallet itself (real ed25519 keys, approvals
 * on auto-approve, no chain behind it), and a way to register any wallet as an extension does.
 */
import { sandboxSolanaAccounts } from "../../sandbox/solana/accounts.mjs"
import { createApprovals, type WalletMode } from "../../sandbox/wallets/injected/approvals"
import { createSandboxSolanaWallet } from "../../sandbox/wallets/solana/wallet"
import { APP_READY_EVENT, REGISTER_WALLET_EVENT } from "../../src/layers/wallets/standardRegistry"

const devAccounts = sandboxSolanaAccounts()

/** The Sandbox Solana Wallet as dev account `index`, answering by itself in `mode`; nothing is sent. */
export const sandboxStandardWallet = (index = 0, mode: WalletMode = "auto-approve") => {
  const dev = devAccounts[index]
  if (dev === undefined) throw new Error(`No Solana dev account ${index}`)
  const data = new Map<string, string>()
  return createSandboxSolanaWallet({
    account: dev,
    origin: "http://localhost:3000",
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key)
    },
    approvals: createApprovals(mode, undefined),
    config: () => undefined
  })
}

/** Registers `wallet` the way a wallet loaded after the app does; answers what unregisters it. */
export const registerLate = (wallet: unknown): (() => void) => {
  let unregister: () => void = () => {}
  window.dispatchEvent(
    new CustomEvent(REGISTER_WALLET_EVENT, {
      detail: (api: { register: (w: unknown) => () => void }) => {
        unregister = api.register(wallet)
      }
    })
  )
  return () => unregister()
}

/**
 * Registers `wallet` as a wallet extension does: at once, and again whenever an app says it is ready (an
 * app that loads later hears of it then). Answers what stops it.
 */
export const registerWallet = (wallet: unknown): (() => void) => {
  const stopEarly = registerEarly(wallet)
  const unregister = registerLate(wallet)
  return () => {
    stopEarly()
    unregister()
  }
}

/** Registers `wallet` the way a wallet loaded before the app does: when the app says it is ready. */
export const registerEarly = (wallet: unknown) => {
  const onReady = (event: Event) => {
    const api = (event as CustomEvent<{ register: (w: unknown) => () => void }>).detail
    api.register(wallet)
  }
  window.addEventListener(APP_READY_EVENT, onReady)
  return () => window.removeEventListener(APP_READY_EVENT, onReady)
}
