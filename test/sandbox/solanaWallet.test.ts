// @vitest-environment happy-dom
import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import {
  address,
  createNoopSigner,
  getTransactionDecoder,
  type Instruction,
  type Transaction
} from "@solana/kit"
import { getTransferCheckedInstruction } from "@solana-program/token"
import type { Wallet } from "@wallet-standard/base"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { SandboxSolanaConfig } from "../../sandbox/shared/config"
import { SOLANA_LOCALNET, sandboxSolanaAccounts } from "../../sandbox/solana/accounts.mjs"
import {
  type ApprovalRequest,
  createApprovals,
  type WalletMode
} from "../../sandbox/wallets/injected/approvals"
import { formatUnits } from "../../sandbox/wallets/solana/describe"
import {
  installSandboxSolanaWallet,
  LATE_REGISTRATION_MS,
  readSwitches
} from "../../sandbox/wallets/solana/install"
import { signInMessageText } from "../../sandbox/wallets/solana/siws"
import {
  createSandboxSolanaWallet,
  SOLANA_STORAGE_KEY,
  SOLANA_WALLET_NAME
} from "../../sandbox/wallets/solana/wallet"
import { memoryStorage } from "./memoryStorage"
import { compile, solTransfer, wireBytes } from "./solanaTransfer"

/** The Sandbox Solana Wallet: Wallet Standard registration, its features, approvals and switches. */

const ORIGIN = "http://127.0.0.1:5173"
const accounts = sandboxSolanaAccounts()
const account0 = accounts[0]!
const account1 = accounts[1]!
const MINT: SandboxSolanaConfig["mint"] = {
  address: "8SRZmTjZ2x4dNdZbnN5eMHsvHK4g6WN2s9hQ5EfVFQk8",
  name: "Sandbox Token",
  symbol: "SBX",
  decimals: 6
}
const RPC_URL = "http://127.0.0.1:8899"

interface RpcCall {
  readonly url: string
  readonly method: string
  readonly params: ReadonlyArray<unknown>
}

/** A fake JSON-RPC node: records calls; `sendTransaction` answers the transaction's first signature. */
const fakeRpc = (statuses: ReadonlyArray<string> = ["confirmed"]) => {
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

const setup = (
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

const connected = async (mode: WalletMode = "auto-approve", options: Parameters<typeof setup>[1] = {}) => {
  const context = setup("auto-approve", options)
  const { accounts: connectedAccounts } = await context.wallet.features["standard:connect"].connect()
  context.approvals.setMode(mode)
  context.asked.length = 0
  return { ...context, account: connectedAccounts[0]! }
}

/** Rejection as `{ code, message }`, for matching. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

/** A blockhash no chain knows: these transactions are only described and signed. */
const LIFETIME = { blockhash: base58.encode(new Uint8Array(32).fill(7)), lastValidBlockHeight: 100 }

/** A transfer of `lamports` from `from` to `to`, compiled and encoded as a wallet receives it. */
const transferTransaction = (
  from: string,
  to: string,
  lamports: bigint,
  version: 0 | "legacy" = 0,
  extra: ReadonlyArray<Instruction> = []
) => wireBytes(compile(from, [solTransfer(from, to, lamports), ...extra], LIFETIME, version))

const decode = (bytes: Uint8Array): Transaction => getTransactionDecoder().decode(bytes) as Transaction

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

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
  localStorage.clear()
})

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

describe("standard:connect, standard:disconnect and standard:events", () => {
  it("connects with auto-approve: the account on localnet, a change event, the approval asked once", async () => {
    const { wallet, changes, asked } = setup("auto-approve")
    const { accounts: answered } = await wallet.features["standard:connect"].connect()
    expect(answered).toHaveLength(1)
    const account = answered[0]!
    expect(account.address).toBe(account0.address)
    expect(Uint8Array.from(account.publicKey)).toEqual(ed25519.getPublicKey(account0.seed))
    expect(account.chains).toEqual(["solana:localnet"])
    expect([...account.features].sort()).toEqual([
      "solana:signAndSendTransaction",
      "solana:signIn",
      "solana:signMessage",
      "solana:signTransaction"
    ])
    expect(wallet.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(changes).toEqual([[account0.address]])
    expect(asked.map((r) => [r.kind, r.origin])).toEqual([["connect", ORIGIN]])
    // Connected: a second connect answers at once.
    await wallet.features["standard:connect"].connect()
    expect(asked).toHaveLength(1)
  })

  it("a rejected connect throws a 4001 'User rejected the request.' and stays disconnected", async () => {
    const { wallet, changes } = setup("auto-reject")
    expect(await failure(wallet.features["standard:connect"].connect())).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([])

    const manual = setup("manual")
    const pending = failure(manual.wallet.features["standard:connect"].connect())
    await Promise.resolve()
    expect(manual.approvals.pending().map((r) => r.kind)).toEqual(["connect"])
    manual.approvals.decide(false)
    expect(await pending).toEqual({ code: 4001, message: "User rejected the request." })
  })

  it("hang never answers", async () => {
    const { wallet, approvals } = setup("hang")
    let settled = false
    void wallet.features["standard:connect"].connect().finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    expect(approvals.pending()).toHaveLength(1)
  })

  it("silent connect answers the account only after this origin approved before, without a prompt", async () => {
    const storage = memoryStorage()
    // Never approved: silent answers no account (and asks nothing, even in hang mode).
    const first = setup("hang", { storage })
    expect(await first.wallet.features["standard:connect"].connect({ silent: true })).toEqual({
      accounts: []
    })
    expect(first.asked).toEqual([])
    expect(first.changes).toEqual([])

    // Approved once...
    const second = setup("auto-approve", { storage })
    await second.wallet.features["standard:connect"].connect()
    expect(JSON.parse(storage.data.get(SOLANA_STORAGE_KEY)!)).toEqual({
      [ORIGIN]: { address: account0.address }
    })

    // ...a reload restores silently, in hang mode, so without any approval.
    const third = setup("hang", { storage })
    const restored = await third.wallet.features["standard:connect"].connect({ silent: true })
    expect(restored.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(third.asked).toEqual([])
    expect(third.changes).toEqual([[account0.address]])

    // Disconnecting forgets the approval.
    await third.wallet.features["standard:disconnect"].disconnect()
    const fourth = setup("hang", { storage })
    expect(await fourth.wallet.features["standard:connect"].connect({ silent: true })).toEqual({
      accounts: []
    })
  })

  it("disconnect emits change with no accounts; unsubscribed listeners hear nothing", async () => {
    const { wallet, changes } = await connected()
    const late: Array<unknown> = []
    const off = wallet.features["standard:events"].on("change", (properties) => late.push(properties))
    await wallet.features["standard:disconnect"].disconnect()
    expect(changes).toEqual([[account0.address], []])
    expect(late).toEqual([{ accounts: [] }])
    expect(wallet.accounts).toEqual([])
    off()
    await wallet.features["standard:connect"].connect()
    expect(late).toHaveLength(1)
  })
})

describe("solana:signMessage", () => {
  it("signs the bytes with ed25519 after approval, showing the text", async () => {
    const { wallet, account, asked, control } = await connected()
    const message = new TextEncoder().encode("Hello from the sandbox ✓")
    const [output] = await wallet.features["solana:signMessage"].signMessage({ account, message })
    expect(output!.signedMessage).toEqual(message)
    expect(output!.signatureType).toBe("ed25519")
    expect(ed25519.verify(output!.signature, message, base58.decode(account0.address))).toBe(true)
    expect(control.lastSignature()).toBe(base58.encode(output!.signature))
    expect(asked.map((r) => r.kind)).toEqual(["sign-message"])
    expect(asked[0]!.details).toContainEqual(["Message", "Hello from the sandbox ✓"])
  })

  it("shows binary messages as hex, rejects with 4001, and refuses before connecting", async () => {
    const { wallet, account, asked, approvals } = await connected("auto-reject")
    const binary = Uint8Array.from([0, 1, 2, 255])
    expect(
      await failure(wallet.features["solana:signMessage"].signMessage({ account, message: binary }))
    ).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(asked[0]!.details).toContainEqual(["Message", "0x000102ff (4 bytes, not text)"])
    approvals.setMode("auto-approve")

    const fresh = setup("auto-approve")
    expect(
      await failure(fresh.wallet.features["solana:signMessage"].signMessage({ account, message: binary }))
    ).toMatchObject({ code: 4100 })
    const other = { ...account, address: account1.address }
    expect(
      await failure(wallet.features["solana:signMessage"].signMessage({ account: other, message: binary }))
    ).toMatchObject({ code: -32602 })
  })
})

describe("solana:signTransaction", () => {
  for (const version of [0, "legacy"] as const) {
    it(`signs a version ${version} SOL transfer built with @solana/kit`, async () => {
      const { wallet, account, asked } = await connected()
      const transaction = transferTransaction(account0.address, account1.address, 500_000_000n, version)
      const [output] = await wallet.features["solana:signTransaction"].signTransaction({
        account,
        transaction,
        chain: "solana:localnet"
      })
      const signed = decode(output!.signedTransaction)
      const unsigned = decode(transaction)
      expect(Uint8Array.from(signed.messageBytes)).toEqual(Uint8Array.from(unsigned.messageBytes))
      expect(Object.keys(signed.signatures)).toEqual([account0.address])
      const signature = signed.signatures[address(account0.address)]!
      expect(
        ed25519.verify(signature, Uint8Array.from(signed.messageBytes), base58.decode(account0.address))
      ).toBe(true)
      expect(asked.map((r) => r.kind)).toEqual(["sign-transaction"])
      const details = Object.fromEntries(asked[0]!.details)
      expect(details.Version).toBe(String(version))
      expect(details["Fee payer"]).toBe(account0.address)
      expect(details["Instruction 1"]).toBe(`Send 0.5 SOL\nfrom ${account0.address}\nto ${account1.address}`)
    })
  }

  it("describes SPL token transfers with their amount and symbol, and unknown programs by id", async () => {
    const { wallet, account, asked } = await connected()
    const owner = createNoopSigner(address(account0.address))
    const tokenTransfer = getTransferCheckedInstruction({
      source: address("4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"),
      mint: address(MINT!.address),
      destination: address("7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs"),
      authority: owner,
      amount: 10_000_000n,
      decimals: 6
    })
    const unknownProgram: Instruction = {
      programAddress: address("Stake11111111111111111111111111111111111111"),
      accounts: [],
      data: Uint8Array.from([1, 2, 3])
    }
    const transaction = transferTransaction(account0.address, account1.address, 1n, 0, [
      tokenTransfer,
      unknownProgram
    ])
    await wallet.features["solana:signTransaction"].signTransaction({ account, transaction })
    const details = Object.fromEntries(asked[0]!.details)
    expect(details["Instruction 1"]).toBe(
      `Send 0.000000001 SOL\nfrom ${account0.address}\nto ${account1.address}`
    )
    expect(details["Instruction 2"]).toBe(
      [
        "Send 10 SBX",
        `mint ${MINT!.address}`,
        "from token account 4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T",
        "to token account 7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs",
        `owner ${account0.address}`
      ].join("\n")
    )
    expect(details["Instruction 3"]).toBe(
      "Program Stake11111111111111111111111111111111111111\n0 accounts, 3 data bytes"
    )
  })

  it("refuses bytes that are no transaction, one the account need not sign, and another chain", async () => {
    const { wallet, account } = await connected()
    const signTransaction = wallet.features["solana:signTransaction"].signTransaction
    expect(
      await failure(signTransaction({ account, transaction: Uint8Array.from([1, 2, 3]) }))
    ).toMatchObject({
      code: -32602
    })
    const notOurs = transferTransaction(account1.address, account0.address, 1n)
    expect(await failure(signTransaction({ account, transaction: notOurs }))).toMatchObject({
      code: -32602,
      message: `The transaction does not ask ${account0.address} to sign it.`
    })
    const ours = transferTransaction(account0.address, account1.address, 1n)
    expect(
      await failure(signTransaction({ account, transaction: ours, chain: "solana:mainnet" }))
    ).toMatchObject({
      code: -32602
    })
  })

  it("formats amounts", () => {
    expect(formatUnits(500_000_000n, 9)).toBe("0.5")
    expect(formatUnits(10_000_000n, 6)).toBe("10")
    expect(formatUnits(1n, 9)).toBe("0.000000001")
    expect(formatUnits(123_456_789_000n, 9)).toBe("123.456789")
    expect(formatUnits(0n, 6)).toBe("0")
  })
})

describe("solana:signAndSendTransaction", () => {
  it("signs, sends base64 to the local RPC with the options, and answers the signature", async () => {
    const rpc = fakeRpc()
    const { wallet, account, asked, control } = await connected("auto-approve", { rpc })
    const transaction = transferTransaction(account0.address, account1.address, 500_000_000n)
    const [output] = await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      transaction,
      chain: "solana:localnet",
      options: { skipPreflight: true, preflightCommitment: "processed", maxRetries: 2, minContextSlot: 5 }
    })
    expect(asked.map((r) => r.kind)).toEqual(["send-transaction"])
    expect(rpc.calls.map((c) => [c.url, c.method])).toEqual([[RPC_URL, "sendTransaction"]])
    const [wire, config] = rpc.calls[0]!.params as [string, Record<string, unknown>]
    expect(config).toEqual({
      encoding: "base64",
      skipPreflight: true,
      preflightCommitment: "processed",
      maxRetries: 2,
      minContextSlot: 5
    })
    const sent = decode(base64.decode(wire))
    const signature = sent.signatures[address(account0.address)]!
    expect(
      ed25519.verify(signature, Uint8Array.from(sent.messageBytes), base58.decode(account0.address))
    ).toBe(true)
    expect(output!.signature).toEqual(Uint8Array.from(signature))
    expect(control.sent()).toEqual([base58.encode(signature)])
    expect(control.lastSignature()).toBe(base58.encode(signature))
  })

  it("confirms to options.commitment by polling getSignatureStatuses", async () => {
    const rpc = fakeRpc(["processed", "processed", "confirmed"])
    const { wallet, account } = await connected("auto-approve", { rpc })
    await wallet.features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      transaction: transferTransaction(account0.address, account1.address, 1n),
      chain: "solana:localnet",
      options: { commitment: "confirmed" }
    })
    expect(rpc.calls.map((c) => c.method)).toEqual([
      "sendTransaction",
      "getSignatureStatuses",
      "getSignatureStatuses",
      "getSignatureStatuses"
    ])
    expect(rpc.calls[0]!.params[1]).toEqual({ encoding: "base64" })
  })

  it("sends nothing when rejected, passes the node's errors on, and needs solana:localnet", async () => {
    const rpc = fakeRpc()
    const { wallet, account, approvals } = await connected("auto-reject", { rpc })
    const send = wallet.features["solana:signAndSendTransaction"].signAndSendTransaction
    const transaction = transferTransaction(account0.address, account1.address, 1n)
    expect(await failure(send({ account, transaction, chain: "solana:localnet" }))).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(rpc.calls).toEqual([])
    approvals.setMode("auto-approve")
    expect(await failure(send({ account, transaction, chain: "solana:devnet" }))).toMatchObject({
      code: -32602
    })
    rpc.fetch.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            error: { code: -32002, message: "Transaction simulation failed" }
          })
        )
    )
    expect(await failure(send({ account, transaction, chain: "solana:localnet" }))).toEqual({
      code: -32002,
      message: "Transaction simulation failed"
    })
  })
})

describe("solana:signIn", () => {
  it("builds the SIWS message from the input, signs it and connects", async () => {
    const { wallet, asked, changes, storage } = setup("auto-approve")
    const input = {
      domain: "127.0.0.1:5173",
      statement: "Sign in to the Airlock demo",
      uri: "http://127.0.0.1:5173/",
      version: "1",
      chainId: "localnet",
      nonce: "abcdef123456",
      issuedAt: "2026-01-01T00:00:00.000Z",
      expirationTime: "2026-01-01T00:10:00.000Z",
      resources: ["https://example.com/terms"]
    }
    const [output] = await wallet.features["solana:signIn"].signIn(input)
    const expected = [
      "127.0.0.1:5173 wants you to sign in with your Solana account:",
      account0.address,
      "",
      "Sign in to the Airlock demo",
      "",
      "URI: http://127.0.0.1:5173/",
      "Version: 1",
      "Chain ID: localnet",
      "Nonce: abcdef123456",
      "Issued At: 2026-01-01T00:00:00.000Z",
      "Expiration Time: 2026-01-01T00:10:00.000Z",
      "Resources:",
      "- https://example.com/terms"
    ].join("\n")
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(expected)
    expect(output!.account.address).toBe(account0.address)
    expect(ed25519.verify(output!.signature, output!.signedMessage, base58.decode(account0.address))).toBe(
      true
    )
    expect(asked.map((r) => r.kind)).toEqual(["sign-in"])
    expect(asked[0]!.details).toContainEqual(["Message", expected])
    expect(wallet.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(changes).toEqual([[account0.address]])
    expect(storage.data.has(SOLANA_STORAGE_KEY)).toBe(true)
  })

  it("fills the domain and address, warns about another domain, and refuses another address", async () => {
    expect(signInMessageText({ domain: "a.example", address: "Addr" })).toBe(
      "a.example wants you to sign in with your Solana account:\nAddr"
    )
    const { wallet, asked } = setup("auto-approve")
    const [output] = await wallet.features["solana:signIn"].signIn({ nonce: "12345678" })
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(
      `127.0.0.1:5173 wants you to sign in with your Solana account:\n${account0.address}\n\nNonce: 12345678`
    )
    await wallet.features["solana:signIn"].signIn({ domain: "evil.example" })
    expect(asked[1]!.details.map(([label]) => label)).toContain("Warning")
    expect(
      await failure(wallet.features["solana:signIn"].signIn({ address: account1.address }))
    ).toMatchObject({
      code: -32602
    })
    const rejected = setup("auto-reject")
    expect(await failure(rejected.wallet.features["solana:signIn"].signIn({}))).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(rejected.wallet.accounts).toEqual([])
  })
})
