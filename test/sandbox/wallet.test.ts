import { createPublicClient, http, parseEther, recoverMessageAddress, verifyTypedData } from "viem"
import { describe, expect, it } from "vitest"
import { rpc } from "../../sandbox/chain/rpc.mjs"
import { createApprovals, type WalletMode } from "../../sandbox/wallets/injected/approvals"
import { readableMessage } from "../../sandbox/wallets/injected/approvalWords"
import { isLoopbackRpcUrl } from "../../sandbox/wallets/injected/requestParams"
import { STORAGE_KEY } from "../../sandbox/wallets/injected/siteMemory"
import { createSandboxWallet } from "../../sandbox/wallets/injected/wallet"
import { memoryStorage } from "./memoryStorage"
import { chainsForFile, EIP712_DOMAIN_TYPE } from "./sandboxWorld"

/** The sandbox wallet's provider against real anvil nodes, without a browser. */

const sandbox = chainsForFile()

const setup = (mode: WalletMode = "auto-approve", storage = memoryStorage(), accountIndex = 0) => {
  const approvals = createApprovals(mode, undefined)
  const wallet = createSandboxWallet({
    sandboxChains: sandbox().chains,
    defaultChainId: 31337,
    accounts: sandbox().accounts,
    accountIndex,
    origin: "http://127.0.0.1:5173",
    storage,
    approvals
  })
  const events: Array<[string, unknown]> = []
  for (const name of ["accountsChanged", "chainChanged", "disconnect"]) {
    wallet.provider.on(name, (payload) => events.push([name, payload]))
  }
  const request = (method: string, params?: unknown) => wallet.provider.request({ method, params })
  return { wallet, approvals, storage, events, request }
}

/** Rejection as `{ code, message }`, for matching. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

/** True when `promise` has not settled once every pending task has run. */
const isPending = async (promise: Promise<unknown>) => {
  let settled = false
  void promise.then(
    () => {
      settled = true
    },
    () => {
      settled = true
    }
  )
  await new Promise((resolve) => setImmediate(resolve))
  return !settled
}

const chainB = () => sandbox().chains[1]!
const addChainB = (rpcUrl = chainB().rpcUrl) => [
  {
    chainId: "0x7a6a",
    chainName: "Sandbox Chain B",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: [rpcUrl]
  }
]

describe("connecting", () => {
  it("answers no accounts until the visitor approves, then the selected account", async () => {
    const { request, events, wallet } = setup()
    expect(await request("eth_accounts")).toEqual([])
    expect(await request("eth_chainId")).toBe("0x7a69")
    const address = sandbox().accounts[0]!.address
    expect(await request("eth_requestAccounts")).toEqual([address])
    expect(await request("eth_accounts")).toEqual([address])
    expect(events).toEqual([["accountsChanged", [address]]])
    expect(wallet.counts).toMatchObject({ eth_accounts: 2, eth_requestAccounts: 1, eth_chainId: 1 })
    expect(wallet.calls.map((c) => c.method)).toEqual([
      "eth_accounts",
      "eth_chainId",
      "eth_requestAccounts",
      "eth_accounts"
    ])
  })

  it("rejects with 4001 when the visitor rejects, and stays unauthorized", async () => {
    const { request, wallet } = setup("auto-reject")
    expect(await failure(request("eth_requestAccounts"))).toMatchObject({ code: 4001 })
    expect(wallet.state().authorized).toBe(false)
  })

  it("refuses a second connection request while one is open (-32002), like real wallets", async () => {
    const { request, approvals } = setup("manual")
    const first = request("eth_requestAccounts")
    expect(await failure(request("eth_requestAccounts"))).toMatchObject({ code: -32002 })
    expect(approvals.pending()).toHaveLength(1)
    expect(approvals.pending()[0]).toMatchObject({ kind: "connect", origin: "http://127.0.0.1:5173" })
    approvals.decide(true)
    expect(await first).toHaveLength(1)
  })

  it("never answers in hang mode, until the mode changes", async () => {
    const { request, approvals } = setup("hang")
    const pending = request("eth_requestAccounts")
    expect(await isPending(pending)).toBe(true)
    expect(approvals.pending()).toHaveLength(1)
    approvals.setMode("auto-reject")
    expect(await failure(pending)).toMatchObject({ code: 4001 })
  })

  it("remembers the site across instances (a reload), and forgets it on wallet_revokePermissions", async () => {
    const first = setup()
    await first.request("eth_requestAccounts")
    const reloaded = setup("manual", first.storage)
    expect(await reloaded.request("eth_accounts")).toEqual([sandbox().accounts[0]!.address])
    // Already authorized: no prompt.
    expect(await reloaded.request("eth_requestAccounts")).toEqual([sandbox().accounts[0]!.address])
    expect(reloaded.approvals.pending()).toHaveLength(0)

    expect(await reloaded.request("wallet_revokePermissions", [{ eth_accounts: {} }])).toBeNull()
    expect(reloaded.events).toEqual([["accountsChanged", []]])
    expect(await setup("manual", first.storage).request("eth_accounts")).toEqual([])
  })

  it("starts afresh from corrupt storage", async () => {
    for (const stored of [
      "{",
      "null",
      "[]",
      '{"version":1,"authorized":"yes","chains":7,"activeChainId":{}}'
    ]) {
      const storage = memoryStorage()
      storage.setItem(STORAGE_KEY, stored)
      const { request, wallet } = setup("manual", storage)
      expect(await request("eth_accounts")).toEqual([])
      expect(await request("eth_chainId")).toBe("0x7a69")
      expect(wallet.state().chains.map((c) => c.chainId)).toEqual([31337])
    }
  })

  it("setAccount selects another account and tells an authorized site", async () => {
    const { request, wallet, events } = setup()
    await request("eth_requestAccounts")
    wallet.setAccount(3)
    expect(await request("eth_accounts")).toEqual([sandbox().accounts[3]!.address])
    expect(events.at(-1)).toEqual(["accountsChanged", [sandbox().accounts[3]!.address]])
    expect(() => wallet.setAccount(99)).toThrow(RangeError)
    wallet.simulateDisconnect()
    expect(events.at(-1)?.[0]).toBe("disconnect")
    expect(events.at(-1)?.[1]).toMatchObject({ code: 4900 })
  })
})

describe("networks", () => {
  it("answers 4902 for chain 31338 until it is added, then switches and emits chainChanged", async () => {
    const { request, events, wallet } = setup()
    expect(await failure(request("wallet_switchEthereumChain", [{ chainId: "0x7a6a" }]))).toMatchObject({
      code: 4902
    })
    expect(await request("wallet_addEthereumChain", addChainB())).toBeNull()
    expect(await request("eth_chainId")).toBe("0x7a69")
    expect(await request("wallet_switchEthereumChain", [{ chainId: "0x7a6a" }])).toBeNull()
    expect(await request("eth_chainId")).toBe("0x7a6a")
    expect(events).toEqual([["chainChanged", "0x7a6a"]])
    // Switching to the active chain is a no-op without a prompt or an event.
    expect(await request("wallet_switchEthereumChain", [{ chainId: "0x7a6a" }])).toBeNull()
    expect(events).toHaveLength(1)
    // Reads go to the active chain's node.
    expect(await request("net_version")).toBe("31338")
    expect(await request("eth_blockNumber")).toBe(await rpc(chainB().rpcUrl, "eth_blockNumber"))
    expect(wallet.state()).toMatchObject({ activeChainId: 31338 })
  })

  it("keeps added chains and the active chain across a reload", async () => {
    const first = setup()
    await first.request("wallet_addEthereumChain", addChainB())
    await first.request("wallet_switchEthereumChain", [{ chainId: "0x7a6a" }])
    const reloaded = setup("manual", first.storage)
    expect(await reloaded.request("eth_chainId")).toBe("0x7a6a")
  })

  it("refuses chains whose RPC serves another chain, or lies off loopback", async () => {
    const { request, wallet } = setup()
    expect(
      await failure(request("wallet_addEthereumChain", addChainB(sandbox().chains[0]!.rpcUrl)))
    ).toMatchObject({
      code: -32602
    })
    expect(
      await failure(request("wallet_addEthereumChain", addChainB("https://rpc.example.org")))
    ).toMatchObject({
      code: -32602
    })
    expect(await failure(request("wallet_switchEthereumChain", [{ chainId: "0x07a6a" }]))).toMatchObject({
      code: -32602
    })
    expect(wallet.state().chains).toHaveLength(1)
  })

  it("asks the visitor before adding or switching, and a rejection changes nothing", async () => {
    const { request, approvals, wallet } = setup("manual")
    const adding = request("wallet_addEthereumChain", addChainB())
    await expect.poll(() => approvals.pending().length).toBe(1)
    expect(approvals.pending()[0]).toMatchObject({
      kind: "add-chain",
      details: expect.arrayContaining([["Chain ID", "31338"]])
    })
    approvals.decide(false)
    expect(await failure(adding)).toMatchObject({ code: 4001 })
    expect(wallet.state().chains).toHaveLength(1)
  })
})

describe("signing and sending", () => {
  const authorized = async (accountIndex = 0) => {
    const context = setup("auto-approve", memoryStorage(), accountIndex)
    await context.request("eth_requestAccounts")
    return { ...context, address: sandbox().accounts[accountIndex]!.address }
  }

  it("personal_sign signs hex and text messages with the selected key", async () => {
    const { request, address } = await authorized()
    const hex = "0x48656c6c6f2c2053616e64626f7821" // "Hello, Sandbox!"
    const signature = (await request("personal_sign", [hex, address])) as `0x${string}`
    expect(await recoverMessageAddress({ message: { raw: hex }, signature })).toBe(address)
    const text = (await request("personal_sign", ["plain text", address])) as `0x${string}`
    expect(await recoverMessageAddress({ message: "plain text", signature: text })).toBe(address)
  })

  it("refuses to sign for an address it has not authorized (4100)", async () => {
    const { request } = setup()
    expect(await failure(request("personal_sign", ["0x00", sandbox().accounts[0]!.address]))).toMatchObject({
      code: 4100
    })
    const { request: connected } = await authorized()
    expect(await failure(connected("personal_sign", ["0x00", sandbox().accounts[1]!.address]))).toMatchObject(
      {
        code: 4100
      }
    )
    expect(
      await failure(connected("wallet_getCapabilities", [sandbox().accounts[1]!.address]))
    ).toMatchObject({
      code: 4100
    })
  })

  it("eth_signTypedData_v4 signs EIP-712 data given as JSON", async () => {
    const { request, address } = await authorized()
    const typedData = {
      domain: { name: "Airlock Sandbox", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: EIP712_DOMAIN_TYPE,
        Greeting: [
          { name: "from", type: "address" },
          { name: "text", type: "string" }
        ]
      },
      primaryType: "Greeting",
      message: { from: address, text: "gm" }
    } as const
    const signature = (await request("eth_signTypedData_v4", [
      address,
      JSON.stringify(typedData)
    ])) as `0x${string}`
    const { domain, primaryType, message } = typedData
    const types = { Greeting: typedData.types.Greeting }
    expect(await verifyTypedData({ domain, types, primaryType, message, address, signature })).toBe(true)
  })

  it("eth_sendTransaction signs locally and sends the raw transaction to the active chain", async () => {
    const { request, address } = await authorized(7)
    const to = sandbox().accounts[8]!.address
    const client = createPublicClient({ transport: http(sandbox().chains[0]!.rpcUrl) })
    const before = await client.getBalance({ address: to })
    const hash = (await request("eth_sendTransaction", [
      { from: address, to, value: `0x${parseEther("0.5").toString(16)}` }
    ])) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(before + parseEther("0.5"))
  })

  it("hostile `reused-hash`: an approved send sends nothing and answers the newest mined transaction's hash", async () => {
    let hostile: "reused-hash" | undefined
    const wallet = createSandboxWallet({
      sandboxChains: sandbox().chains,
      defaultChainId: 31337,
      accounts: sandbox().accounts,
      accountIndex: 5,
      origin: "http://127.0.0.1:5173",
      storage: memoryStorage(),
      approvals: createApprovals("auto-approve", undefined),
      hostile: () => hostile
    })
    const request = (method: string, params?: unknown) => wallet.provider.request({ method, params })
    const address = sandbox().accounts[5]!.address as `0x${string}`
    await request("eth_requestAccounts")
    const client = createPublicClient({ transport: http(sandbox().chains[0]!.rpcUrl) })
    const honest = (await request("eth_sendTransaction", [
      { from: address, to: address, value: "0x1" }
    ])) as `0x${string}`
    await client.waitForTransactionReceipt({ hash: honest, pollingInterval: 20 })
    const nonce = await client.getTransactionCount({ address })

    hostile = "reused-hash"
    const claimed = await request("eth_sendTransaction", [{ from: address, to: address, value: "0x2" }])
    expect(claimed).toBe(honest)
    expect(await client.getTransactionCount({ address, blockTag: "pending" })).toBe(nonce)
  })

  it("reports the node's error for a transaction it refuses", async () => {
    const { request, address } = await authorized(6)
    const result = await failure(
      request("eth_sendTransaction", [
        { from: address, to: address, value: `0x${parseEther("1000000").toString(16)}` }
      ])
    )
    expect(result).toMatchObject({ code: expect.any(Number) })
    expect(String((result as { message: unknown }).message)).toMatch(/exceeds the balance/i)
  })

  it("answers capabilities per known chain, and refuses node-control methods", async () => {
    const { request, address } = await authorized()
    expect(await request("wallet_getCapabilities", [address])).toEqual({ "0x7a69": {} })
    expect(await failure(request("anvil_setBalance", [address, "0x1"]))).toMatchObject({ code: 4200 })
    expect(await failure(request("eth_sign", [address, "0x00"]))).toMatchObject({ code: 4200 })
    expect(await request("eth_getBalance", [address, "latest"])).toBe(
      await rpc(sandbox().chains[0]!.rpcUrl, "eth_getBalance", [address, "latest"])
    )
  })
})

describe("helpers", () => {
  it("readableMessage shows UTF-8 text and leaves binary data as hex", () => {
    expect(readableMessage("0x48656c6c6f")).toBe("Hello")
    expect(readableMessage("0x0001ff")).toBe("0x0001ff")
    expect(readableMessage("plain")).toBe("plain")
  })

  it("isLoopbackRpcUrl accepts only http(s) on loopback", () => {
    expect(isLoopbackRpcUrl("http://127.0.0.1:8545")).toBe(true)
    expect(isLoopbackRpcUrl("http://localhost:8545")).toBe(true)
    expect(isLoopbackRpcUrl("http://[::1]:8545")).toBe(true)
    expect(isLoopbackRpcUrl("http://10.0.0.1:8545")).toBe(false)
    expect(isLoopbackRpcUrl("https://127.0.0.1.example.org")).toBe(false)
    expect(isLoopbackRpcUrl("ws://127.0.0.1:8545")).toBe(false)
    expect(isLoopbackRpcUrl(42)).toBe(false)
  })
})
