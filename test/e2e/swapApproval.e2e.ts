import { createPublicClient, encodeFunctionData, erc20Abi, http, maxUint256, parseUnits } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseToken, openAccountAction } from "./accountActions"
import { test } from "./browser"
import { anvilCall } from "./chain"

/**
 * Swap's approval on chain (issue 30): exact by default, unlimited only when the visitor ticks "Allow
 * unlimited sUSD" in the review, and the review says which. The sandbox pool spends, with `transferFrom`,
 * exactly the amount in, and its token leaves an unlimited allowance as it is (SandboxToken.sol): so an
 * exact approval allows the amount once mined and nothing after the swap, an unlimited one stays unlimited.
 * The wallet has no batches here: with them, the approval and the swap go as one batch (issue 34).
 */

const TWO_STEPS = "wallet=auto-approve,no-5792"

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const account0 = sandbox.accounts[0]! as `0x${string}`
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!
const pool = sandbox.pools.find((entry) => [entry.symbol0, entry.symbol1].sort().join() === "SBX,sUSD")!
const chain = createPublicClient({ transport: http(chainA.rpcUrl) })
const allowance = () =>
  chain.readContract({
    address: sUsd.address as `0x${string}`,
    abi: erc20Abi,
    functionName: "allowance",
    args: [account0, pool.address as `0x${string}`]
  })

/** Sets the pool's allowance back to `value` from the dev account (anvil's are unlocked), mined. */
const setAllowance = async (value: bigint) => {
  const hash = await anvilCall(chainA.rpcUrl, "eth_sendTransaction", [
    {
      from: account0,
      to: sUsd.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [pool.address as `0x${string}`, value]
      })
    }
  ])
  await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })
}

describe("Swap's approval (issue 30)", () => {
  test("exact by default: the allowance is the amount once approved, and 0 once the swap spent it", async ({
    page
  }) => {
    await setAllowance(0n)
    const swap = await openAccountAction(page, demoUrl, "Swap", TWO_STEPS)
    await chooseToken(swap, "You pay", "sUSD")
    await swap.getByLabel(/^Amount/).fill("10")
    await chooseToken(swap, "You receive", "SBX")
    await swap.getByRole("button", { name: "Review swap" }).click()
    await swap.getByText("Exactly 10 sUSD, what this swap spends").waitFor()
    expect(await swap.getByLabel("Allow unlimited sUSD").isChecked()).toBe(false)

    await page.evaluate(() => window.__sandboxWallet!.setMode("manual"))
    const pending = () => page.evaluate(() => window.__sandboxWallet!.pending().length)
    await swap.getByRole("button", { name: "Approve and swap" }).click()
    await expect.poll(pending).toBe(1)
    await page.evaluate(() => window.__sandboxWallet!.approve())
    await expect.poll(allowance, { timeout: 20_000 }).toBe(parseUnits("10", 6))
    // The swap is asked only once the approval is mined.
    await expect.poll(pending, { timeout: 20_000 }).toBe(1)
    await page.evaluate(() => window.__sandboxWallet!.approve())
    await swap.getByRole("status").getByText("Swapped 10 sUSD for SBX").waitFor({ timeout: 30_000 })
    expect(await allowance()).toBe(0n)
  })

  test("unlimited only when ticked in the review, which then says so; the allowance stays unlimited", async ({
    page
  }) => {
    await setAllowance(0n)
    try {
      const swap = await openAccountAction(page, demoUrl, "Swap", TWO_STEPS)
      await chooseToken(swap, "You pay", "sUSD")
      await swap.getByLabel(/^Amount/).fill("10")
      await chooseToken(swap, "You receive", "SBX")
      await swap.getByRole("button", { name: "Review swap" }).click()
      // Ticking it prepares the plan again, with the unlimited approval.
      await swap.getByLabel("Allow unlimited sUSD").click()
      await swap.getByText("Unlimited: the swap's contract may spend all your sUSD, now and later").waitFor()
      expect(await swap.getByLabel("Allow unlimited sUSD").isChecked()).toBe(true)
      await swap.getByRole("button", { name: "Approve and swap" }).click()
      await swap.getByRole("status").getByText("Swapped 10 sUSD for SBX").waitFor({ timeout: 30_000 })
      expect(await allowance()).toBe(maxUint256)
    } finally {
      // The other swap tests expect the pool to have to ask again.
      await setAllowance(0n)
    }
  })
})
