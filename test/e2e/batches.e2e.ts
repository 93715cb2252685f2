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
 * Batches on a wallet without EIP-5792 (issue 34): today's Sandbox Wallet answers `wallet_getCapabilities`
 * with no `atomic` on any chain, so the modal reviews the dapp's batch as one (each call in words, the net
 * change simulated with `eth_simulateV1`), then sends its calls as separate transactions with progress, and
 * answers `wallet_getCallsStatus` itself. A batch whose second call reverts is shown failing before anything
 * is sent.
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

const connect = async (page: import("playwright-core").Page) => {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
  await page.getByRole("dialog", { name: "Account" }).getByRole("tab", { name: "Tokens" }).waitFor()
  await closeModal(page)
  await page.evaluate(() => window.__sandboxWallet!.setMode("manual"))
}

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
    const status = (await page.evaluate(
      (batchId) =>
        (
          window as unknown as { __airlockDemo: { modal: { request: (a: unknown) => Promise<unknown> } } }
        ).__airlockDemo.modal.request({ method: "wallet_getCallsStatus", params: [batchId] }),
      id
    )) as {
      version: string
      id: string
      chainId: string
      status: number
      atomic: boolean
      receipts: ReadonlyArray<{ status: string; transactionHash: string; blockHash: string; gasUsed: string }>
    }
    expect(status).toMatchObject({
      version: "2.0.0",
      id,
      chainId: `0x${chainA.chainId.toString(16)}`,
      status: 200,
      atomic: false
    })
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(["0x1", "0x1"])
    // Two transactions on chain, in order: the approval, then the swap.
    const [first, second] = await Promise.all(
      status.receipts.map((receipt) =>
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
