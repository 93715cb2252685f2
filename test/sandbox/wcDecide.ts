/**
 * The Sandbox WalletConnect Wallet's request handling (methods.ts) without a relay, a chain or WalletKit:
 * a context that reaches nothing (its `config` plus what a test adds), the request put to the visitor, and
 * the JSON-RPC error a refused request throws. Shared by the wallet's per-namespace tests.
 */
import { privateKeyToAccount } from "viem/accounts"
import type { SandboxConfig } from "../../sandbox/shared/config"
import type { WalletContext } from "../../sandbox/wallets/walletconnect/context"
import type { Prepared } from "../../sandbox/wallets/walletconnect/evm"
import type { createDecide } from "../../sandbox/wallets/walletconnect/methods"

/** anvil's first dev key: the wallet's EVM account (unused by the non-EVM methods). */
const ANVIL_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"

/** A context in manual mode whose URLs lead nowhere, with `more` (a `solana` or `bitcoin` chain) added. */
export const offlineContext = (more: Partial<SandboxConfig> = {}): WalletContext => ({
  config: {
    api: { url: "http://127.0.0.1:1", projectId: "test" },
    relayUrl: "ws://127.0.0.1:1",
    frame: { url: "http://127.0.0.1:2" },
    social: { url: "http://127.0.0.1:3" },
    chains: [],
    tokens: [],
    batchDelegates: [],
    wallet: { defaultChainId: 31337, accounts: [], accountIndex: 0 },
    ...more
  },
  account: privateKeyToAccount(ANVIL_KEY),
  mode: () => "manual",
  client: () => Promise.reject(new Error("no WalletKit in this test")),
  current: () => undefined,
  notify: () => undefined,
  notice: () => undefined
})

/** The request `decide` puts to the visitor; fails the test when it was answered at once. */
export const askOf =
  (decide: ReturnType<typeof createDecide>) =>
  (method: string, params: unknown, chainId: string): Prepared => {
    const decision = decide("topic", method, chainId, params)
    if (!("ask" in decision)) throw new Error(`${method} was answered at once`)
    return decision.ask
  }

/** The JSON-RPC error a call throws; fails the test when it does not throw. */
export const refusal = (call: () => unknown): { readonly code: unknown; readonly message: unknown } => {
  try {
    call()
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    return { code, message }
  }
  throw new Error("not refused")
}
