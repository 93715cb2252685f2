import type { Locator, Page } from "playwright-core"
import { createPublicClient, encodeFunctionData, erc20Abi, http } from "viem"
import { afterEach, describe, expect, inject } from "vitest"
import type { FaultRule } from "../../sandbox/api/faults.mjs"
import { ATTACKER_ADDRESS } from "../../sandbox/api/hostileSwap.mjs"
import { chooseToken, openAccountAction } from "./accountActions"
import { test } from "./browser"
import { anvilCall, nativeBalanceOn, tokenBalanceOn } from "./chain"

/**
 * Swap never sends what a hostile provider API builds (issue 28): with the sandbox API's hostile convert
 * faults on, the review refuses in words, the Sandbox Wallet is asked for no transaction, and anvil's
 * balances and allowances stay as they were. The harness is exchange.e2e.ts's: the demo, the Sandbox Wallet
 * approving on its own, the first chain's pools.
 */

const demoUrl = inject("demoUrl")
const apiUrl = inject("apiUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const account0 = sandbox.accounts[0]! as `0x${string}`
const tokenAddress = (symbol: string) =>
  sandbox.tokens.find((token) => token.symbol === symbol)!.address as `0x${string}`
const poolOf = (a: string, b: string) =>
  sandbox.pools.find((pool) => [pool.symbol0, pool.symbol1].sort().join() === [a, b].sort().join())!
const chain = createPublicClient({ transport: http(chainA.rpcUrl) })
const allowanceOf = (symbol: string, spender: string) =>
  chain.readContract({
    address: tokenAddress(symbol),
    abi: erc20Abi,
    functionName: "allowance",
    args: [account0, spender as `0x${string}`]
  })

const setFaults = async (rules: FaultRule) => {
  const response = await fetch(`${apiUrl}/__sandbox/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rules)
  })
  expect(response.status, await response.text()).toBe(200)
}

afterEach(async () => {
  // Never leave a fault switch on for the next test (or file), whatever happened.
  await fetch(`${apiUrl}/__sandbox/faults`, { method: "DELETE" })
})

/** Fills the form, waits for its quote and reviews it. */
async function review(swap: Locator, pay: string, amount: string, receive: string) {
  await chooseToken(swap, "You pay", pay)
  await swap.getByLabel(/^Amount/).fill(amount)
  await chooseToken(swap, "You receive", receive)
  await swap.getByText(/^Minimum received at/).waitFor()
  await swap.getByRole("button", { name: "Review swap" }).click()
}

/** How many transactions the Sandbox Wallet was asked to send. */
const walletSends = (page: Page) =>
  page.evaluate(() => window.__sandboxWallet!.counts.eth_sendTransaction ?? 0)

describe("Swap refuses what a hostile provider API builds (issue 28)", () => {
  test("a build-transaction that sends the 0.5 ETH to an attacker: refused in words; the wallet is asked nothing, no ether moves", async ({
    page
  }) => {
    await setFaults({ hostile: "swap-to-attacker", paths: "^/v1/convert/build-transaction" })
    const before = {
      account: await nativeBalanceOn(chainA.rpcUrl, account0),
      attacker: await nativeBalanceOn(chainA.rpcUrl, ATTACKER_ADDRESS),
      sbx: await tokenBalanceOn(chainA.rpcUrl, tokenAddress("SBX"), account0)
    }
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await review(swap, "ETH", "0.5", "SBX")
    await swap
      .getByRole("alert")
      .getByText(
        "The swap provider built a transaction that does not match this swap. Nothing was sent to your wallet"
      )
      .waitFor()
    // Back on the form: nothing to confirm.
    expect(await swap.getByRole("button", { name: "Swap", exact: true }).count()).toBe(0)
    expect(await walletSends(page)).toBe(0)
    expect(await nativeBalanceOn(chainA.rpcUrl, account0)).toBe(before.account)
    expect(await nativeBalanceOn(chainA.rpcUrl, ATTACKER_ADDRESS)).toBe(before.attacker)
    expect(await tokenBalanceOn(chainA.rpcUrl, tokenAddress("SBX"), account0)).toBe(before.sbx)
  })

  test("a build-approve that allows an attacker unlimited sUSD: refused in words; the wallet is asked nothing, no allowance is set", async ({
    page
  }) => {
    // The approval is built only when the allowance for the pool is short: make it so.
    const pool = poolOf("sUSD", "SBX").address
    if ((await allowanceOf("sUSD", pool)) > 0n)
      await anvilCall(chainA.rpcUrl, "eth_sendTransaction", [
        {
          from: account0,
          to: tokenAddress("sUSD"),
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pool, 0n] })
        }
      ])
    await expect.poll(() => allowanceOf("sUSD", pool)).toBe(0n)
    await setFaults({ hostile: "approve-attacker", paths: "^/v1/convert/build-approve" })
    const sUsdBefore = await tokenBalanceOn(chainA.rpcUrl, tokenAddress("sUSD"), account0)
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await review(swap, "sUSD", "10", "SBX")
    await swap
      .getByRole("alert")
      .getByText(
        "The swap provider asked for an approval this swap does not need. Nothing was sent to your wallet"
      )
      .waitFor()
    expect(await swap.getByRole("button", { name: "Approve and swap" }).count()).toBe(0)
    expect(await walletSends(page)).toBe(0)
    expect(await allowanceOf("sUSD", ATTACKER_ADDRESS)).toBe(0n)
    expect(await allowanceOf("sUSD", pool)).toBe(0n)
    expect(await tokenBalanceOn(chainA.rpcUrl, tokenAddress("sUSD"), account0)).toBe(sUsdBefore)
  })

  test("with the faults off, the same review shows the simulated balance changes", async ({ page }) => {
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await review(swap, "ETH", "0.01", "SBX")
    await swap.getByText("Swap ETH for SBX").waitFor()
    const changes = swap.getByText("Your balance changes (simulated)").locator("..")
    await changes.getByText("-0.01 ETH").waitFor()
    await changes.getByText(/^\+[\d.]+ SBX$/).waitFor()
    expect(await walletSends(page)).toBe(0)
  })
})
