import { createPublicClient, encodeFunctionData, type Hex, http, maxUint256, parseUnits } from "viem"
import { describe, expect, it } from "vitest"
import batchDelegate from "../../sandbox/chain/contracts/SandboxBatchDelegate.json"
import pool from "../../sandbox/chain/contracts/SandboxPool.json"
import token from "../../sandbox/chain/contracts/SandboxToken.json"
import { createApprovals, type WalletMode } from "../../sandbox/wallets/injected/approvals"
import { delegationDesignator, MAX_CALLS } from "../../sandbox/wallets/injected/batches"
import { createSandboxWallet } from "../../sandbox/wallets/injected/wallet"
import { memoryStorage } from "./memoryStorage"
import { chainsForFile } from "./sandboxWorld"

/** The Sandbox Wallet's EIP-5792 batches (EIP-7702 upgrade, atomic execution) against real anvil nodes. */

const sandbox = chainsForFile()

const setup = async (accountIndex: number, mode: WalletMode = "auto-approve", eip5792 = true) => {
  const approvals = createApprovals(mode, undefined)
  const wallet = createSandboxWallet({
    sandboxChains: sandbox().chains,
    defaultChainId: 31337,
    accounts: sandbox().accounts,
    accountIndex,
    origin: "http://127.0.0.1:5173",
    storage: memoryStorage(),
    approvals,
    batchDelegates: sandbox().batchDelegates,
    eip5792: () => eip5792
  })
  const request = (method: string, params?: unknown) => wallet.provider.request({ method, params })
  approvals.setMode("auto-approve")
  await request("eth_requestAccounts")
  approvals.setMode(mode)
  return { wallet, approvals, request, address: sandbox().accounts[accountIndex]!.address as Hex }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

const reader = () => createPublicClient({ transport: http(sandbox().chains[0]!.rpcUrl) })
const delegate = () => sandbox().batchDelegates.find((d) => d.chainId === 31337)!.address as Hex
const sUSD = () => sandbox().tokens.find((t) => t.symbol === "sUSD")!
const SBX = () => sandbox().tokens.find((t) => t.symbol === "SBX")!
const sUSDPool = () => sandbox().pools.find((p) => p.symbol0 === "sUSD" && p.symbol1 === "SBX")!

const balanceOf = async (tokenAddress: Hex, owner: Hex) =>
  (await reader().readContract({
    address: tokenAddress,
    abi: token.abi,
    functionName: "balanceOf",
    args: [owner]
  })) as bigint
const allowance = (owner: Hex, spender: Hex) =>
  reader().readContract({
    address: sUSD().address,
    abi: token.abi,
    functionName: "allowance",
    args: [owner, spender]
  })

/** "approve 100 sUSD to the pool, swap 100 sUSD for SBX", with `minOut` as the swap's floor. */
const approveAndSwap = (from: Hex, minOut = 1n, amount = parseUnits("100", 6)) => [
  {
    to: sUSD().address,
    data: encodeFunctionData({ abi: token.abi, functionName: "approve", args: [sUSDPool().address, amount] })
  },
  {
    to: sUSDPool().address,
    value: "0x0",
    data: encodeFunctionData({
      abi: pool.abi,
      functionName: "swapExactTokensForTokens",
      args: [sUSD().address, amount, minOut, from, BigInt(Math.floor(Date.now() / 1000) + 3600)]
    })
  }
]

const batch = (from: Hex, calls: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) => [
  { version: "2.0.0", chainId: "0x7a69", from, atomicRequired: true, calls, ...extra }
]

type Status = { status: number; atomic: boolean; receipts?: Array<{ transactionHash: Hex; status: Hex }> }

/** The batch's status once it left 100 (pending): anvil may answer before it sealed the block. */
const settled = async (request: (method: string, params?: unknown) => Promise<unknown>, id: string) => {
  await expect
    .poll(async () => ((await request("wallet_getCallsStatus", [id])) as Status).status)
    .not.toBe(100)
  return (await request("wallet_getCallsStatus", [id])) as Status
}

describe("EIP-5792 in the Sandbox Wallet", () => {
  it("answers atomic support on each chain that has a delegate, and 4100 for another account", async () => {
    const { request, address } = await setup(0)
    expect(await request("wallet_getCapabilities", [address])).toEqual({
      "0x7a69": { atomic: { status: "supported" } }
    })
    expect(await request("wallet_getCapabilities", [address, ["0x7a6a"]])).toEqual({})
    expect(await failure(request("wallet_getCapabilities", [sandbox().accounts[1]!.address]))).toMatchObject({
      code: 4100
    })
    expect(sandbox().batchDelegates.map((d) => d.chainId)).toEqual([31337, 31338])
  })

  it("runs approve-then-swap as one EIP-7702 transaction first, then as a plain one", async () => {
    const { request, address } = await setup(1)
    expect(await reader().getCode({ address })).toBeUndefined()
    const before = {
      sUSD: await balanceOf(sUSD().address, address),
      SBX: await balanceOf(SBX().address, address)
    }
    const nonce = await reader().getTransactionCount({ address })

    const { id } = (await request("wallet_sendCalls", batch(address, approveAndSwap(address)))) as {
      id: string
    }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await reader().getCode({ address })).toBe(delegationDesignator(delegate()))
    const status = await settled(request, id)
    expect(status).toMatchObject({ version: "2.0.0", id, chainId: "0x7a69", status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const first = await reader().getTransaction({ hash: status.receipts![0]!.transactionHash })
    expect(first.type).toBe("eip7702")
    // One transaction, the upgrade's nonce included: the account's nonce went up by two.
    expect(await reader().getTransactionCount({ address })).toBe(nonce + 2)
    expect(await balanceOf(sUSD().address, address)).toBe(before.sUSD - parseUnits("100", 6))
    expect(await balanceOf(SBX().address, address)).toBeGreaterThan(before.SBX)
    // Every log is one of the calls': the Approval, the pool's pull and payout, its Swap and Sync.
    const logs = (status as unknown as { receipts: Array<{ logs: Array<{ address: string }> }> }).receipts[0]!
      .logs
    expect(logs.map((l) => l.address.toLowerCase())).toContain(sUSDPool().address.toLowerCase())

    const again = (await request("wallet_sendCalls", batch(address, approveAndSwap(address)))) as {
      id: string
    }
    const second = await settled(request, again.id)
    expect(second.status).toBe(200)
    const plain = await reader().getTransaction({ hash: second.receipts![0]!.transactionHash })
    expect(plain.type).toBe("eip1559")
    expect(plain.to?.toLowerCase()).toBe(address.toLowerCase())
    expect(await balanceOf(sUSD().address, address)).toBe(before.sUSD - parseUnits("200", 6))
  })

  it("leaves nothing of a batch whose second call reverts (500, the approval undone)", async () => {
    const { request, address } = await setup(2)
    const before = await balanceOf(sUSD().address, address)
    const { id } = (await request(
      "wallet_sendCalls",
      batch(address, approveAndSwap(address, maxUint256))
    )) as { id: string }
    const status = await settled(request, id)
    expect(status).toMatchObject({ status: 500, atomic: true })
    expect(status.receipts![0]!.status).toBe("0x0")
    expect(await allowance(address, sUSDPool().address)).toBe(0n)
    expect(await balanceOf(sUSD().address, address)).toBe(before)
  })

  it("refuses what it cannot run, with EIP-5792's codes", async () => {
    const { request, address } = await setup(3)
    const calls = approveAndSwap(address)
    const cases: Array<[unknown, number]> = [
      [batch(address, calls, { chainId: "0x1" }), 5710],
      [batch(address, calls, { chainId: "0x07a69" }), -32602],
      [batch(sandbox().accounts[4]!.address as Hex, calls), 4100],
      [batch(address, calls, { version: "1.0" }), -32602],
      [batch(address, []), -32602],
      [batch(address, [{ to: "0x1234", data: "0x" }]), -32602],
      [batch(address, [{ to: address, data: "xyz" }]), -32602],
      [batch(address, [{ to: address, value: "12" }]), -32602],
      [batch(address, [{ data: "0x00" }]), -32602],
      [batch(address, calls, { atomicRequired: "yes" }), -32602],
      [
        batch(
          address,
          Array.from({ length: MAX_CALLS + 1 }, () => ({ to: address }))
        ),
        5740
      ],
      [batch(address, [{ to: address, data: `0x${"00".repeat(40_000)}` }]), 5740],
      [batch(address, calls, { capabilities: { paymasterService: { url: "x" } } }), 5700]
    ]
    for (const [params, code] of cases) {
      expect(
        await failure(request("wallet_sendCalls", params)),
        JSON.stringify(params).slice(0, 120)
      ).toMatchObject({ code })
    }
    // An optional capability the wallet does not know is ignored.
    const { id } = (await request(
      "wallet_sendCalls",
      batch(address, [{ to: address }], {
        capabilities: { paymasterService: { optional: true } },
        id: "app-1"
      })
    )) as { id: string }
    expect(id).toBe("app-1")
    expect(
      await failure(request("wallet_sendCalls", batch(address, [{ to: address }], { id: "app-1" })))
    ).toMatchObject({ code: 5720 })
    const unknown = `0x${"ab".repeat(32)}`
    expect(await failure(request("wallet_getCallsStatus", [unknown]))).toMatchObject({ code: 5730 })
    expect(await failure(request("wallet_showCallsStatus", [unknown]))).toMatchObject({ code: 5730 })
    expect(await request("wallet_showCallsStatus", ["app-1"])).toBeNull()
  })

  it("shows the batch for approval in its own words, and answers 4001 when rejected", async () => {
    const { request, approvals, address } = await setup(4, "manual")
    const pending = failure(request("wallet_sendCalls", batch(address, approveAndSwap(address))))
    await expect.poll(() => approvals.pending().length).toBe(1)
    const shown = approvals.pending()[0]!
    expect(shown.kind).toBe("send-calls")
    expect(shown.details).toContainEqual(["Account upgrade", expect.stringContaining(delegate())])
    expect(shown.details).toContainEqual(["Call 1 of 2", `To ${sUSD().address}\nValue 0 ETH\nData 68 bytes`])
    expect(shown.details).toContainEqual(["Call 2 of 2", expect.stringContaining(`To ${sUSDPool().address}`)])
    approvals.decide(false)
    expect(await pending).toMatchObject({ code: 4001 })
    expect(await reader().getCode({ address })).toBeUndefined()
  })

  it("answers the four methods with 4200 when switched off (?wallet=no-5792)", async () => {
    const { request, address } = await setup(5, "auto-approve", false)
    for (const [method, params] of [
      ["wallet_getCapabilities", [address]],
      ["wallet_sendCalls", batch(address, [{ to: address }])],
      ["wallet_getCallsStatus", ["0x00"]],
      ["wallet_showCallsStatus", ["0x00"]]
    ] as const) {
      expect(await failure(request(method, params))).toMatchObject({ code: 4200 })
    }
    expect(await request("eth_chainId")).toBe("0x7a69")
  })

  it("the delegate runs nothing for anyone but the account itself", async () => {
    const { request, address } = await setup(6)
    await request("wallet_sendCalls", batch(address, [{ to: address }]))
    expect(await reader().getCode({ address })).toBe(delegationDesignator(delegate()))
    const outsider = sandbox().accounts[7]!.address as Hex
    const call = reader().call({
      account: outsider,
      to: address,
      data: encodeFunctionData({
        abi: batchDelegate.abi,
        functionName: "execute",
        args: [[{ to: outsider, value: 1n, data: "0x" }]]
      })
    })
    await expect(call).rejects.toThrow(/Unauthorized|revert/i)
  })
})
