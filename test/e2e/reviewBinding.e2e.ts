import type { Locator, Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { chooseToken, openAccountAction } from "./accountActions"
import { test } from "./browser"
import { anvilCall, tokenBalanceOn } from "./chain"

/**
 * A transaction is bound to its review (issue 28, item 1): the visitor reviews a send or a swap on the
 * first sandbox chain, then the dapp switches the wallet to the second one (`modal.switchNetwork`, as a
 * page can at any time) before the visitor confirms. Nothing reaches the wallet (it saw no
 * `eth_sendTransaction`, and neither chain has a new transaction from the account), and the modal says the
 * network changed instead of "Sent" or "Swapped". The reviews name the network they are for.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const [chainA, chainB] = sandbox.chains as [(typeof sandbox.chains)[0], (typeof sandbox.chains)[0]]
const [account0, account1] = sandbox.accounts as [string, string]
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!

/** What the account has sent on each chain (its nonces), and the sUSD both accounts hold on the first. */
const ledger = async () => ({
  nonceA: await anvilCall(chainA.rpcUrl, "eth_getTransactionCount", [account0, "pending"]),
  nonceB: await anvilCall(chainB.rpcUrl, "eth_getTransactionCount", [account0, "pending"]),
  sUsd0: await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account0),
  sUsd1: await tokenBalanceOn(chainA.rpcUrl, sUsd.address, account1)
})

const sendsSeenByWallet = (page: Page) =>
  page.evaluate(() => window.__sandboxWallet!.counts.eth_sendTransaction ?? 0)

/** The dapp switches the wallet to the second chain while the modal shows the review. */
async function dappSwitchesToChainB(page: Page) {
  await page.evaluate(
    (chainId) => window.__airlockDemo!.modal.switchNetwork(chainId),
    `eip155:${chainB.chainId}` as const
  )
  await expect
    .poll(() => page.evaluate(() => window.__sandboxWallet!.provider.request({ method: "eth_chainId" })))
    .toBe(`0x${chainB.chainId.toString(16)}`)
}

/** The review names the network it was made for. */
const networkOfReview = (dialog: Locator) =>
  dialog
    .getByRole("term")
    .filter({ hasText: /^Network$/ })
    .locator("xpath=following-sibling::dd[1]")

describe("a review is bound to its network (issue 28)", () => {
  test("Send 1 sUSD reviewed on the first chain, the dapp switches to the second: nothing is sent, the modal says the network changed", async ({
    page
  }) => {
    const before = await ledger()
    const send = await openAccountAction(page, demoUrl, "Send")
    await chooseToken(send, "Token", "sUSD")
    await send.getByLabel(/^Amount/).fill("1")
    await send.getByLabel("Receiver").fill(account1)
    await send.getByRole("button", { name: "Review" }).click()
    await send.getByText("Send 1 sUSD").waitFor()
    expect(await networkOfReview(send).textContent()).toBe(chainA.name)

    await dappSwitchesToChainB(page)
    await send.getByRole("button", { name: "Send", exact: true }).click()
    // The confirmation's outcome, whichever it is: the last step's status or a notice.
    await send.getByRole("status").or(send.getByRole("alert")).first().waitFor()
    expect(await sendsSeenByWallet(page), "eth_sendTransaction the wallet saw").toBe(0)
    expect(await ledger()).toEqual(before)
    await send.getByRole("alert").getByText("The network changed").waitFor()
    await send.getByText("Nothing was sent. Check the form, then review again.").waitFor()
    expect(await send.getByText("Sent 1 sUSD").count()).toBe(0)
  })

  test("Swap 0.01 ETH for sUSD reviewed on the first chain, the dapp switches to the second: nothing is swapped, the modal says the network changed", async ({
    page
  }) => {
    const before = await ledger()
    const swap = await openAccountAction(page, demoUrl, "Swap")
    await chooseToken(swap, "You pay", "ETH")
    await swap.getByLabel(/^Amount/).fill("0.01")
    await chooseToken(swap, "You receive", "sUSD")
    await swap.getByRole("button", { name: "Review swap" }).click()
    await swap.getByText("Swap ETH for sUSD").waitFor()
    expect(await networkOfReview(swap).textContent()).toBe(chainA.name)

    await dappSwitchesToChainB(page)
    await swap.getByRole("button", { name: "Swap", exact: true }).click()
    await swap.getByRole("status").or(swap.getByRole("alert")).first().waitFor()
    expect(await sendsSeenByWallet(page), "eth_sendTransaction the wallet saw").toBe(0)
    expect(await ledger()).toEqual(before)
    await swap.getByRole("alert").getByText("The network changed").waitFor()
    // The second chain is not among the demo's swap networks: the view says that too.
    await swap.getByText("Network not supported for Swaps").first().waitFor()
    expect(await swap.getByText(/^Swapped/).count()).toBe(0)
  })
})
