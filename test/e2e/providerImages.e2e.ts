import type { Locator } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { chooseToken, openAccountAction } from "./accountActions"
import { chooseSandboxWallet, test } from "./browser"

/**
 * The provider's image and price endpoints on the demo (issue 29): the Networks view and the Account view's
 * tokens show the sandbox API's images (network images by the networks' `assets.imageId`, token icons), and
 * Swap shows what the amounts it quotes are worth in USD, priced by `fungible/price`. Account #7 holds only
 * ether, so SBX has no balance to take a price from: its value comes from `fungible/price` alone.
 */

const demoUrl = inject("demoUrl")
const apiUrl = inject("apiUrl")
const sandbox = inject("sandbox")
const ACCOUNT = "wallet=auto-approve&walletAccount=7"

/** The image of `row`, once it loaded: its URL, or why not (none, still loading, broken). */
const loadedImage = (row: Locator) =>
  row.evaluate((element) => {
    const image = element.querySelector("img")
    if (image === null) return "no image"
    if (!image.complete) return "loading"
    return image.naturalWidth > 0 ? image.src : `broken: ${image.src}`
  })

/** `path` on the sandbox API, with its query. */
const fromApi = (path: string) => new RegExp(`^${apiUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${path}\\?`)

describe("the provider's images and prices on the demo (issue 29)", () => {
  test("the Networks view and the token list show the sandbox API's images", async ({ page }) => {
    page.setDefaultTimeout(15_000)
    await chooseSandboxWallet(page, demoUrl, ACCOUNT)
    const account = page.getByRole("dialog", { name: "Account" })
    const tokens = account.getByRole("list", { name: "Tokens" })
    await tokens.waitFor()
    await expect
      .poll(() => loadedImage(tokens.getByRole("listitem").filter({ hasText: "ETH" })))
      .toMatch(fromApi("/public/getTokenImage/ETH"))

    const networkRow = account.getByRole("button", { name: /Switch network$/ })
    await expect
      .poll(() => loadedImage(networkRow))
      .toMatch(fromApi(`/public/getAssetImage/sandbox-chain-${sandbox.chains[0]!.chainId}`))

    await networkRow.click()
    const networks = page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("list", { name: "Networks" })
    await networks.waitFor()
    const expected: ReadonlyArray<readonly [string, string]> = [
      ...sandbox.chains.map((chain) => [chain.name, `sandbox-chain-${chain.chainId}`] as const),
      ["Solana Localnet", "a1b58899-f671-4276-6a5e-56ca5bd59700"],
      ["Solana Devnet", "a1b58899-f671-4276-6a5e-56ca5bd59700"]
    ]
    for (const [name, imageId] of expected) {
      const row = networks.getByRole("button").filter({ has: page.getByText(name, { exact: true }) })
      await expect
        .poll(() => loadedImage(row), { message: name })
        .toMatch(fromApi(`/public/getAssetImage/${imageId}`))
    }
  })

  test("Swap shows what both amounts of its quote are worth in USD", async ({ page }) => {
    const swap = await openAccountAction(page, demoUrl, "Swap", ACCOUNT)
    await chooseToken(swap, "You pay", "ETH")
    await swap.getByLabel(/^Amount/).fill("0.01")
    await chooseToken(swap, "You receive", "SBX")
    await swap.getByText(/^Minimum received at/).waitFor()
    const quoted = (term: string) =>
      swap
        .locator(".approve-details > div")
        .filter({ has: page.locator("dt", { hasText: term }) })
        .locator("dd")
    // SBX, which the account does not hold, at the sandbox's 0.25 USD; ETH at its 3000.
    await expect.poll(() => quoted("You receive about").textContent()).toMatch(/^[\d.,]+ SBX \(\$[\d.,]+\)$/)
    await expect.poll(() => quoted("You pay").textContent()).toBe("0.01 ETH ($30.00)")
    const received = (await quoted("You receive about").textContent()) ?? ""
    const [amount = 0, usd = 0] = [...received.matchAll(/[\d.,]+/g)].map((match) =>
      Number(match[0].replace(/,/g, ""))
    )
    // The amount shown is rounded: its value is within a cent and a percent of a quarter of it.
    expect(Math.abs(usd - amount * 0.25)).toBeLessThan(amount * 0.25 * 0.01 + 0.01)
  })
})
