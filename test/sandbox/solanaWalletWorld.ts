/**
 * What the Sandbox Solana Wallet's tests (solanaWalletRegistration, solanaWalletConnect and
 * solanaWalletSigning .test.ts, in happy-dom) share: dev accounts, a fake JSON-RPC node, the wallet set up
 * or connected with its approvals recorded, and the clean-up after each test (registered by importing this).
 */
import { base58, base64 } from "@scure/base"
import { getTransactionDecoder } from "@solana/kit"
import { afterEach, vi } from "vitest"
import type { SandboxSolanaConfig } from "../../sandbox/shared/config"
import { SOLANA_LOCALNET, sandboxSolanaAccounts } from "../../sandbox/solana/accounts.mjs"
import {
  type ApprovalRequest,
  createApprovals,
  type WalletMode
} from "../../sandbox/wallets/injected/approvals"
import { createSandboxSolanaWallet } from "../../sandbox/wallets/solana/wallet"
import { memoryStorage } from "./memoryStorage"

export const ORIGIN = "http://127.0.0.1:5173"
export const accounts = sandboxSolanaAccounts()
export const account0 = accounts[0]!
export const account1 = accounts[1]!
export const MINT: SandboxSolanaConfig["mint"] = {
  address: "8SRZmTjZ2x4dNdZbnN5eMHsvHK4g6WN2s9hQ5EfVFQk8",
  name: "Sandbox Token",
  symbol: "SBX",
  decimals: 6
}
export const RPC_URL = "http://127.0.0.1:8899"

interface RpcCall {
  readonly url: string
  readonly method: string
  readonly params: ReadonlyArray<unknown>
}

/** A fake JSON-RPC node: records calls; `sendTransaction` answers the transaction's first signature. */
export const fakeRpc = (statuses: ReadonlyArray<string> = ["confirmed"]) => {
  const calls: Array<RpcCall> = []
  let statusIndex = 0
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      id: number
      method: string
      params: ReadonlyArray<unknown>
    }
    calls.push({ url: String(url), method: body.method, params: body.params })
    let result: unknown = null
    if (body.method === "sendTransaction") {
      const tx = getTransactionDecoder().decode(base64.decode(String(body.params[0])))
      const first = Object.values(tx.signatures)[0]
      result = first ? base58.encode(first) : null
    } else if (body.method === "getSignatureStatuses") {
      const status = statuses[Math.min(statusIndex++, statuses.length - 1)]
      result = {
        context: { slot: 1 },
        value: [{ slot: 1, confirmations: 0, err: null, confirmationStatus: status }]
      }
    }
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), {
      headers: { "content-type": "application/json" }
    })
  })
  return { calls, fetch }
}

export const setup = (
  mode: WalletMode = "auto-approve",
  { storage = memoryStorage(), dev = account0, rpc = fakeRpc() } = {}
) => {
  const approvals = createApprovals(mode, undefined)
  const control = createSandboxSolanaWallet({
    account: dev,
    origin: ORIGIN,
    storage,
    approvals,
    config: () => ({ rpcUrl: RPC_URL, chain: SOLANA_LOCALNET, mint: MINT }),
    fetch: rpc.fetch as unknown as typeof fetch,
    pollMs: 0
  })
  const changes: Array<ReadonlyArray<string> | undefined> = []
  control.wallet.features["standard:events"].on("change", ({ accounts }) =>
    changes.push(accounts?.map((a) => a.address))
  )
  const asked: Array<ApprovalRequest> = []
  const ask = approvals.ask
  ;(approvals as { ask: typeof ask }).ask = (request) => {
    asked.push(request)
    return ask(request)
  }
  return { control, wallet: control.wallet, approvals, storage, changes, asked, rpc }
}

export const connected = async (
  mode: WalletMode = "auto-approve",
  options: Parameters<typeof setup>[1] = {}
) => {
  const context = setup("auto-approve", options)
  const { accounts: connectedAccounts } = await context.wallet.features["standard:connect"].connect()
  context.approvals.setMode(mode)
  context.asked.length = 0
  return { ...context, account: connectedAccounts[0]! }
}

/** Rejection as `{ code, message }`, for matching. */
export const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  localStorage.clear()
})
