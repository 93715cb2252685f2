import { readFileSync } from "node:fs"
import {
  type Abi,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  http,
  parseUnits
} from "viem"
import { describe, expect, inject } from "vitest"
import { minimumReceived } from "../../sandbox/chain/poolMath.mjs"
import { chooseSandboxWallet, closeModal, test } from "./browser"
import { anvilCall, tokenBalanceOn } from "./chain"

/**
 * Batches (issue 34). The modal reviews a dapp's batch as one (each call in words, the net change simulated
 * with `eth_simulateV1`). The Sandbox Wallet batches atomically: the first batch upgrades its account to the
 * sandbox's delegate through EIP-7702, in the batch's one transaction. With `?wallet=no-5792` it has no
 * batches: the modal sends the calls as separate transactions with progress and answers
 * `wallet_getCallsStatus` itself. A batch whose second call reverts is shown failing before anything is sent.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const account0 = sandbox.accounts[0]! as `0x${string}`
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!
const sbx = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "SBX")!
const pool = sandbox.pools.find((entry) => [entry.symbol0, entry.symbol1].sort().join() === "SBX,sUSD")!
const { abi } = JSON.parse(
  readFileSync(new URL("../../sandbox/chain/contracts/SandboxPool.json", import.meta.url), "utf8")
) as { abi: Abi }
const chain = createPublicClient({ transport: http(chainA.rpcUrl) })
const AMOUNT = parseUnits("100", 6)

/** "approve 100 sUSD to the pool, swap 100 sUSD for SBX" with `minOut`, as a dapp sends it. */
const batchOf = (minOut: bigint) => ({
  method: "wallet_sendCalls",
  params: [
    {
      version: "2.0.0",
      chainId: `0x${chainA.chainId.toString(16)}`,
      from: account0,
      atomicRequired: false,
      calls: [
        {
          to: sUsd.address,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [pool.address as `0x${string}`, AMOUNT]
          })
        },
        {
          to: pool.address,
          data: encodeFunctionData({
            abi,
            functionName: "swapExactTokensForTokens",
            args: [sUsd.address, AMOUNT, minOut, account0, BigInt(Math.floor(Date.now() / 1000) + 3600)]
          })
        }
      ]
    }
  ]
})

const quote = async () =>
  (await chain.readContract({
    address: pool.address as `0x${string}`,
    abi,
    functionName: "quote",
    args: [sUsd.address, AMOUNT]
  })) as bigint

type Outcome = { readonly ok: unknown } | { readonly code: unknown; readonly message: string }

declare global {
  interface Window {
    __batch?: Promise<Outcome>
  }
}

/** The request, started in the page by the demo's modal, its outcome kept in `window.__batch`. */
const startRequest = (page: import("playwright-core").Page, request: unknown, options: unknown = {}) =>
  page.evaluate(
    ([args, extra]) => {
      const modal = (
        window as unknown as {
          __airlockDemo: { modal: { request: (a: unknown, o?: unknown) => Promise<unknown> } }
        }
      ).__airlockDemo.modal
      window.__batch = modal.request(args, extra).then(
        (ok) => ({ ok }),
        (error: { code?: unknown; message?: string }) => ({
          code: error.code,
          message: String(error.message)
        })
      )
    },
    [request, options] as const
  )

const connect = async (page: import("playwright-core").Page, query = "wallet=auto-approve,no-5792") => {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, query)
  await page.getByRole("dialog", { name: "Account" }).getByRole("tab", { name: "Tokens" }).waitFor()
  await closeModal(page)
  await page.evaluate(() => window.__sandboxWallet!.setMode("manual"))
}

/** Removes any EIP-7702 delegation from the account (anvil answers `null`). */
const plainKeyAccount = async () => {
  const response = await fetch(chainA.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setCode", params: [account0, "0x"] })
  })
  const body = (await response.json()) as { error?: unknown }
  if (body.error !== undefined) throw new Error(`anvil_setCode: ${JSON.stringify(body.error)}`)
  expect(await chain.getCode({ address: account0 })).toBeUndefined()
}

/** `wallet_getCallsStatus` asked through the demo's modal. */
const callsStatus = (page: import("playwright-core").Page, id: string) =>
  page.evaluate(
    (batchId) =>
      (
        window as unknown as { __airlockDemo: { modal: { request: (a: unknown) => Promise<unknown> } } }
      ).__airlockDemo.modal.request({ method: "wallet_getCallsStatus", params: [batchId] }),
    id
  ) as Promise<{
    version: string
    id: string
    chainId: string
    status: number
    atomic: boolean
    receipts?: ReadonlyArray<{ status: string; transactionHash: string }>
  }>

describe("batches on the Sandbox Wallet's EIP-7702 account (issue 34)", () => {
  test("approve-then-swap is reviewed as one and lands as one transaction that upgrades the account", async ({
    page
  }) => {
    const delegate = sandbox.batchDelegates.find((entry) => entry.chainId === chainA.chainId)!.address
    // The account starts as a plain key account, whatever an earlier test sent through it.
    await plainKeyAccount()
    try {
      await connect(page, "wallet=auto-approve")
      const minOut = minimumReceived(await quote(), 100)
      const [sUsdBefore, sbxBefore] = [
        await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account0),
        await tokenBalanceOn(chainA.rpcUrl, sbx.address, account0)
      ]
      await startRequest(page, batchOf(minOut), { abi })
      const review = page.getByRole("dialog", { name: "Approve Transaction" })
      await review.getByText(new RegExp(`Allow ${pool.address} to spend 100 sUSD`, "i")).waitFor()
      await review.getByText("-100 sUSD", { exact: true }).waitFor()
      await review.getByText(/^\+[\d,.]+ SBX$/).waitFor()
      // The wallet is asked the whole batch at once.
      await expect.poll(() => page.evaluate(() => window.__sandboxWallet!.pending().length)).toBe(1)
      await page.evaluate(() => window.__sandboxWallet!.approve())

      const outcome = await page.evaluate(() => window.__batch!)
      expect("ok" in outcome, JSON.stringify(outcome)).toBe(true)
      const { id } = (outcome as { ok: { id: string } }).ok
      await expect.poll(async () => (await callsStatus(page, id)).status, { timeout: 20_000 }).toBe(200)
      const status = await callsStatus(page, id)
      expect(status).toMatchObject({ id, chainId: `0x${chainA.chainId.toString(16)}`, atomic: true })
      // One transaction on chain: to the account itself, carrying the EIP-7702 authorization.
      expect(status.receipts).toHaveLength(1)
      const sent = await chain.getTransaction({ hash: status.receipts![0]!.transactionHash as `0x${string}` })
      expect(sent.type).toBe("eip7702")
      expect(sent.to?.toLowerCase()).toBe(account0.toLowerCase())
      expect(await chain.getCode({ address: account0 })).toBe(`0xef0100${delegate.slice(2).toLowerCase()}`)
      expect(sUsdBefore - (await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account0))).toBe(AMOUNT)
      expect((await tokenBalanceOn(chainA.rpcUrl, sbx.address, account0)) - sbxBefore >= minOut).toBe(true)
      // Once approved, the modal shows the batch's status: confirmed, with its one transaction (shortened,
      // whole in its title); wallet_showCallsStatus on the id opens it again after a close.
      const hash = status.receipts![0]!.transactionHash
      const shown = page.getByRole("dialog", { name: "Batch Status" })
      await shown
        .getByRole("status")
        .getByText("Confirmed: all 2 calls went through")
        .waitFor({ timeout: 20_000 })
      await shown.getByTitle(hash).waitFor()
      await closeModal(page)
      await page.evaluate(
        (batchId) =>
          (
            window as unknown as { __airlockDemo: { modal: { request: (a: unknown) => Promise<unknown> } } }
          ).__airlockDemo.modal.request({ method: "wallet_showCallsStatus", params: [batchId] }),
        id
      )
      await shown.getByRole("status").getByText("Confirmed: all 2 calls went through").waitFor()
      await shown.getByTitle(hash).waitFor()
    } finally {
      // Later tests expect a plain key account.
      await plainKeyAccount()
    }
  })
})

describe("batches on a wallet without EIP-5792 (issue 34)", () => {
  test("approve-then-swap is reviewed as one, goes as two transactions with progress, and its status has both receipts", async ({
    page
  }) => {
    await connect(page)
    const minOut = minimumReceived(await quote(), 100)
    const [sUsdBefore, sbxBefore] = [
      await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account0),
      await tokenBalanceOn(chainA.rpcUrl, sbx.address, account0)
    ]
    // The dapp gives the pool's ABI: the review names the swap's function and arguments.
    await startRequest(page, batchOf(minOut), { abi })
    const review = page.getByRole("dialog", { name: "Approve Transaction" })
    // Both calls in words: the approval with its amount and spender, and the swap decoded by its ABI.
    await review.getByText(new RegExp(`Allow ${pool.address} to spend 100 sUSD`, "i")).waitFor()
    await review
      .getByText(
        `swapExactTokensForTokens(tokenIn: ${sUsd.address}, amountIn: 100000000, minOut: ${minOut}, to: ${account0},`,
        { exact: false }
      )
      .waitFor()
    // The whole batch's net change: −100 sUSD, and at least the minimum of SBX.
    await review.getByText("-100 sUSD", { exact: true }).waitFor()
    const gained = await review.getByText(/^\+[\d,.]+ SBX$/).textContent()
    const shown = Number(gained!.replace(/[+, SBX]/g, ""))
    expect(shown).toBeGreaterThanOrEqual(Number(formatUnits(minOut, 18)) - 0.0001)

    const pending = () => page.evaluate(() => window.__sandboxWallet!.pending().length)
    await expect.poll(pending).toBe(1)
    await review.getByRole("status").getByText("Sending 1 of 2").waitFor()
    await page.evaluate(() => window.__sandboxWallet!.approve())
    // The swap is asked only once the approval is mined.
    await review.getByRole("status").getByText("Sending 2 of 2").waitFor({ timeout: 20_000 })
    await expect.poll(pending, { timeout: 20_000 }).toBe(1)
    await page.evaluate(() => window.__sandboxWallet!.approve())

    const outcome = await page.evaluate(() => window.__batch!)
    expect("ok" in outcome).toBe(true)
    const { id } = (outcome as { ok: { id: string } }).ok
    const status = await callsStatus(page, id)
    expect(status).toMatchObject({
      version: "2.0.0",
      id,
      chainId: `0x${chainA.chainId.toString(16)}`,
      status: 200,
      atomic: false
    })
    expect((status.receipts ?? []).map((receipt) => receipt.status)).toEqual(["0x1", "0x1"])
    // Two transactions on chain, in order: the approval, then the swap.
    const [first, second] = await Promise.all(
      (status.receipts ?? []).map((receipt) =>
        chain.getTransaction({ hash: receipt.transactionHash as `0x${string}` })
      )
    )
    expect(first!.to?.toLowerCase()).toBe(sUsd.address.toLowerCase())
    expect(second!.to?.toLowerCase()).toBe(pool.address.toLowerCase())
    expect(sUsdBefore - (await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account0))).toBe(AMOUNT)
    expect((await tokenBalanceOn(chainA.rpcUrl, sbx.address, account0)) - sbxBefore >= minOut).toBe(true)
  })

  test("a batch whose second call reverts shows that call failing before anything is sent", async ({
    page
  }) => {
    await connect(page)
    const nonce = await anvilCall(chainA.rpcUrl, "eth_getTransactionCount", [account0, "latest"])
    // More than the pool can pay out: the swap reverts on its minimum.
    await startRequest(page, batchOf((await quote()) * 2n))
    const review = page.getByRole("dialog", { name: "Approve Transaction" })
    await review.getByRole("alert").getByText("Call 2 of 2 would fail").waitFor()
    expect(await anvilCall(chainA.rpcUrl, "eth_getTransactionCount", [account0, "latest"])).toBe(nonce)
    await expect.poll(() => page.evaluate(() => window.__sandboxWallet!.pending().length)).toBe(1)
    await page.evaluate(() => window.__sandboxWallet!.reject())
    const outcome = await page.evaluate(() => window.__batch!)
    expect(outcome).toMatchObject({ code: 4001 })
    expect(await anvilCall(chainA.rpcUrl, "eth_getTransactionCount", [account0, "latest"])).toBe(nonce)
  })
})
