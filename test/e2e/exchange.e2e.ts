import { readFileSync } from "node:fs"
import { type Abi, createPublicClient, erc20Abi, http, parseUnits } from "viem"
import { describe, expect, inject, it } from "vitest"
import { getAmountOut, minimumReceived } from "../../sandbox/chain/poolMath.mjs"
import { tokenText } from "../../src/layers/format/format"
import { chooseToken, openAccountAction } from "./accountActions"
import { chooseSandboxWallet, test } from "./browser"
import { tokenBalanceOn } from "./chain"

/**
 * The sandbox exchange the swap tests run against (issue 15): the pools the demo's chain was started with,
 * as the browser tests receive them, are on chain with their tokens, and their constant product has not
 * fallen below the one they started with (a swap's fee only raises it, whichever test swapped first).
 */

const sandbox = inject("sandbox")
const { abi } = JSON.parse(
  readFileSync(new URL("../../sandbox/chain/contracts/SandboxPool.json", import.meta.url), "utf8")
) as { abi: Abi }

describe("the sandbox exchange (issue 15)", () => {
  it("ETH/sUSD, ETH/SBX and sUSD/SBX on the first chain, with their tokens and their liquidity", async () => {
    const [chainA] = sandbox.chains
    expect(sandbox.pools.map((pool) => `${pool.symbol0}/${pool.symbol1}`).sort()).toEqual([
      "ETH/SBX",
      "ETH/sUSD",
      "sUSD/SBX"
    ])
    const chain = createPublicClient({ transport: http(chainA!.rpcUrl) })
    for (const pool of sandbox.pools) {
      expect(pool.chainId).toBe(chainA!.chainId)
      const read = (functionName: string) => chain.readContract({ address: pool.address, abi, functionName })
      expect([await read("token0"), await read("token1")]).toEqual([pool.token0, pool.token1])
      const [reserve0, reserve1] = (await read("getReserves")) as readonly [bigint, bigint]
      expect(reserve0 * reserve1 >= BigInt(pool.reserve0) * BigInt(pool.reserve1)).toBe(true)
    }
  })
})

const demoUrl = inject("demoUrl")
const chainA = sandbox.chains[0]!
const account0 = sandbox.accounts[0]!
const tokenAddress = (symbol: string) => sandbox.tokens.find((token) => token.symbol === symbol)!.address
const balanceOf = (symbol: string) => tokenBalanceOn(chainA.rpcUrl, tokenAddress(symbol), account0)
const sUsdSbx = sandbox.pools.find((pool) => [pool.symbol0, pool.symbol1].sort().join() === "SBX,sUSD")!

describe("Swap with the Sandbox Wallet (issue 15)", () => {
  test("100 sUSD to SBX: approval, then the swap; the pool and both balances move as quoted, within the slippage", async ({
    page
  }) => {
    const chain = createPublicClient({ transport: http(chainA.rpcUrl) })
    const reservesOf = async () => {
      const [r0, r1] = (await chain.readContract({
        address: sUsdSbx.address,
        abi,
        functionName: "getReserves"
      })) as readonly [bigint, bigint]
      return sUsdSbx.symbol0 === "sUSD" ? { sUsd: r0, sbx: r1 } : { sUsd: r1, sbx: r0 }
    }
    const [sUsdBefore, sbxBefore, reservesBefore] = [
      await balanceOf("sUSD"),
      await balanceOf("SBX"),
      await reservesOf()
    ]
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await chooseToken(swap, "You pay", "sUSD")
    await swap.getByLabel(/^Amount/).fill("100")
    await chooseToken(swap, "You receive", "SBX")
    // The quote the modal shows is the pool's formula over its reserves now, and the minimum is 1 % below.
    const quoted = getAmountOut(parseUnits("100", 6), reservesBefore.sUsd, reservesBefore.sbx)
    // In human units: SBX's 18 decimals cut to 4.
    const sbx = { decimals: 18, symbol: "SBX" }
    await swap.getByText(tokenText(quoted, sbx), { exact: false }).first().waitFor()
    await swap
      .getByText(tokenText(minimumReceived(quoted, 100), sbx))
      .first()
      .waitFor()
    await swap.getByRole("button", { name: "Review swap" }).click()
    await swap.getByText("Swap sUSD for SBX").waitFor()
    await swap.getByText(/two transactions/).waitFor()
    // The approval is for the amount, and the review says so.
    await swap.getByText("Exactly 100 sUSD, what this swap spends").waitFor()
    expect(await swap.getByLabel("Allow unlimited sUSD").isChecked()).toBe(false)
    await swap.getByRole("button", { name: "Approve and swap" }).click()
    await swap.getByRole("status").getByText("Swapped 100 sUSD for SBX").waitFor({ timeout: 30_000 })

    const received = (await balanceOf("SBX")) - sbxBefore
    expect(sUsdBefore - (await balanceOf("sUSD"))).toBe(parseUnits("100", 6))
    expect(received).toBe(quoted)
    expect(received >= minimumReceived(quoted, 100)).toBe(true)
    const reservesAfter = await reservesOf()
    expect(reservesAfter.sUsd - reservesBefore.sUsd).toBe(parseUnits("100", 6))
    expect(reservesBefore.sbx - reservesAfter.sbx).toBe(received)
    // The approval allowed the pool exactly the 100 sUSD, which the swap spent: a second swap asks again.
    expect(
      await chain.readContract({
        address: tokenAddress("sUSD"),
        abi: erc20Abi,
        functionName: "allowance",
        args: [account0 as `0x${string}`, sUsdSbx.address]
      })
    ).toBe(0n)
    await swap.getByRole("button", { name: "Done" }).click()
    const again = await page.getByRole("dialog", { name: "Account" })
    await again.getByRole("button", { name: "Swap" }).click()
    await chooseToken(swap, "You pay", "sUSD")
    await swap.getByLabel(/^Amount/).fill("1")
    await chooseToken(swap, "You receive", "SBX")
    await swap.getByRole("button", { name: "Review swap" }).click()
    await swap.getByRole("button", { name: "Approve and swap" }).waitFor()
  })

  test("on a network outside the swap list, Swap says so", async ({ page }) => {
    page.setDefaultTimeout(15_000)
    await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByRole("button", { name: /^Network: .* Switch network$/ }).click()
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: sandbox.chains[1]!.name })
      .click()
    await account
      .getByRole("button", { name: `Network: ${sandbox.chains[1]!.name}. Switch network` })
      .waitFor()
    await account.getByRole("button", { name: "Swap" }).click()
    const swap = page.getByRole("dialog", { name: "Swap" })
    // The view says so in its body (a notice above it may say so too).
    await swap.locator(".view").getByRole("alert").getByText("Network not supported for Swaps").waitFor()
    await page
      .getByRole("status")
      .or(page.getByRole("alert"))
      .getByText("Network not supported for Swaps")
      .first()
      .waitFor()
  })
})

describe("a swap the pools cannot fill (issue 15)", () => {
  // The refused quote is answered 400, which chromium logs.
  test.scoped({
    expectedConsoleErrors: [{ text: /status of 400/, urlPrefix: `${inject("apiUrl")}/v1/convert/quotes` }]
  })

  test("an amount the pool cannot fill: the modal says the pair trades, only not this amount", async ({
    page
  }) => {
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await chooseToken(swap, "You pay", "SBX")
    // One unit of SBX buys less than a unit of sUSD.
    await swap.getByLabel(/^Amount/).fill("0.000000000000000001")
    await chooseToken(swap, "You receive", "sUSD")
    await swap.getByText("This amount is too small to swap: try a larger one").waitFor()
    expect(await swap.getByRole("button", { name: "Review swap" }).isDisabled()).toBe(true)
  })
})
