/**
 * Wallet Standard wallets for unit tests: the Sandbox Solana Wallet itself (real ed25519 keys, approvals
 * on auto-approve, no chain behind it), a way to register any wallet as an extension does, and the
 * connector discovery lists for it.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { sandboxSolanaAccounts } from "../../sandbox/solana/accounts.mjs"
import { createApprovals, type WalletMode } from "../../sandbox/wallets/injected/approvals"
import { createSandboxSolanaWallet } from "../../sandbox/wallets/solana/wallet"
import { APP_READY_EVENT, REGISTER_WALLET_EVENT } from "../../src/layers/wallets/standardRegistry"
import { Connectors, type WalletConnector } from "../../src/services/Connectors"

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

/** `wallet` registered as an extension registers it ({@link registerWallet}), for the scope's length. */
export const registeredForScope = (wallet: unknown) =>
  Effect.acquireRelease(
    Effect.sync(() => registerWallet(wallet)),
    (stop) => Effect.sync(stop)
  )

/** The browser wallet of `chain` named `name`, once discovery (which starts with the layer) lists it. */
export const listedConnector = (chain: WalletConnector["chain"], name: string) =>
  Effect.flatMap(Connectors, (c) =>
    SubscriptionRef.changes(c.connectors).pipe(
      Stream.map((all) => all.find((w) => w.chain === chain && w.name === name)),
      Stream.filter((w): w is WalletConnector => w !== undefined),
      Stream.runHead,
      Effect.map(Option.getOrThrow)
    )
  )
