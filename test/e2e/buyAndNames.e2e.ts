import type { Locator, Page } from "playwright-core"
import { parseEther, parseUnits } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseSandboxWallet, test } from "./browser"
import { nativeBalanceOn, tokenBalanceOn } from "./chain"

/**
 * Buying crypto and account names in chromium against the demo (issue 15): 50 USD of sUSD by card on the
 * sandbox provider's page, arriving on the chain and in Activity; a name registered by the account's
 * signature, shown as the account's name, with suggestions when taken, and a send to it by name.
 */

const demoUrl = inject("demoUrl")
const onrampUrl = inject("onrampUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!

/** Whether `locator` is laid out wholly inside the page's viewport (what a visitor sees without scrolling). */
async function isInViewport(locator: Locator) {
  const box = await locator.boundingBox()
  const viewport = locator.page().viewportSize()
  return (
    box !== null &&
    viewport !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  )
}

/** Opens Buy's country row, searches for `name` and picks it; the row then names it. */
async function chooseCountry(buy: Locator, name: string) {
  await buy.getByRole("button", { name: /^Country / }).click()
  await buy.getByRole("combobox", { name: "Search: Country" }).fill(name.slice(0, 6))
  await buy.getByRole("listbox", { name: "Country" }).getByRole("option", { name, exact: true }).click()
  await buy.getByRole("button", { name: `Country ${name}` }).waitFor()
}

async function openAccount(page: Page, query: string) {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, query)
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByRole("tab", { name: "Tokens" }).waitFor()
  return account
}

describe("Buy (issue 15)", () => {
  test("50 USD of sUSD by card: the quote, the provider's page, and the sUSD arriving on the chain and in Activity", async ({
    page
  }) => {
    const receiver = sandbox.accounts[0]!
    const before = await tokenBalanceOn(chainA.rpcUrl, sUsd.address, receiver)
    const account = await openAccount(page, "wallet=auto-approve")
    await account.getByRole("button", { name: "Buy" }).click()
    const buy = page.getByRole("dialog", { name: "Buy Crypto" })
    // The provider as a radio row with its fees, chosen.
    const meld = buy.getByRole("radio", { name: /Meld.*Fees 1-2%/ })
    expect(await meld.isChecked()).toBe(true)
    // No country is chosen for the visitor, and none is quoted without one.
    const countryRow = buy.getByRole("button", { name: /^Country / })
    expect(await countryRow.getAttribute("aria-label")).toBe("Country Choose your country")
    await buy.getByLabel("You pay").fill("50")
    await buy.getByRole("alert").getByText("Choose your country").waitFor()
    await chooseCountry(buy, "United States")
    // The token to buy through the picker, by keyboard: search, then Enter.
    await buy.getByRole("button", { name: /^Token to buy/ }).click()
    await buy.getByRole("combobox", { name: "Search: Token to buy" }).fill("sUSD")
    await buy.getByRole("option", { name: /sUSD/ }).waitFor()
    await page.keyboard.press("Enter")
    await buy.getByRole("button", { name: "Token to buy: sUSD" }).waitFor()
    await buy.getByRole("radio", { name: "Card" }).check()
    expect(await buy.getByRole("button", { name: "Currency: USD" }).isVisible()).toBe(true)
    // 1.5 % fee and 0.10 USD of network fee: 49.15 sUSD for 50 USD.
    await buy.getByText("49.15 sUSD").waitFor()
    await buy.getByText("$50.00").waitFor()
    // Continue is in sight without scrolling, and opens the provider's page within the click.
    const continueButton = buy.getByRole("button", { name: "Continue" })
    await expect.poll(() => isInViewport(continueButton)).toBe(true)
    const [provider] = await Promise.all([page.waitForEvent("popup"), continueButton.click()])
    await provider.waitForLoadState()
    expect(provider.url()).toMatch(new RegExp(`^${onrampUrl}/buy\\?`))
    expect(new URL(provider.url()).searchParams.get("amount")).toBe("50.00")
    // Cut off from the dapp's page, as the link rules open every outside page.
    expect(await provider.evaluate(() => window.opener)).toBeNull()
    // The fallback for a blocked popup: the same page as a link.
    const link = buy.getByRole("link", { name: "Open the provider's page" })
    expect(await link.getAttribute("href")).toBe(provider.url())
    await provider.getByRole("button", { name: /^Pay 50(\.00)? USD$/ }).click()
    await provider.getByTestId("onramp-tx").waitFor({ timeout: 30_000 })
    await provider.close()

    await expect
      .poll(() => tokenBalanceOn(chainA.rpcUrl, sUsd.address, receiver), { timeout: 20_000 })
      .toBe(before + parseUnits("49.15", 6))
    // The modal reads the account again until the purchase is there.
    await buy.getByRole("status").getByText("49.15 sUSD arrived").waitFor({ timeout: 20_000 })
    await buy.getByRole("button", { name: "Done" }).click()
    await account.getByRole("tab", { name: "Activity" }).click()
    await account
      .getByRole("tabpanel")
      .getByRole("listitem")
      .filter({ hasText: "49.15" })
      .first()
      .waitFor({ timeout: 20_000 })
  })

  test("an amount outside the card's limits is refused in words, before any quote", async ({ page }) => {
    const account = await openAccount(page, "wallet=auto-approve")
    await account.getByRole("button", { name: "Buy" }).click()
    const buy = page.getByRole("dialog", { name: "Buy Crypto" })
    await chooseCountry(buy, "United States")
    await buy.getByLabel("You pay").fill("8000")
    await buy.getByText("This payment method takes amounts from $10.00 to $7,500.00").waitFor()
    const continueButton = buy.getByRole("button", { name: "Continue" })
    expect(await continueButton.isDisabled()).toBe(true)
    // Continue stays in sight at the bottom of the form, on a phone and on a laptop.
    for (const size of [
      { width: 360, height: 640 },
      { width: 1280, height: 800 }
    ]) {
      await page.setViewportSize(size)
      await expect.poll(() => isInViewport(continueButton)).toBe(true)
    }
  })
})

describe("account names (issue 15)", () => {
  test("a taken name shows suggestions; one is registered by the account's signature, shown as its name, and receives a send by name", async ({
    page,
    browser
  }) => {
    // Account #3 has no name yet; the demo seeds sandbox.reown.id to account #1.
    const owner = sandbox.accounts[3]!
    const account = await openAccount(page, "wallet=auto-approve&walletAccount=3")
    await account.getByRole("button", { name: "Choose a name" }).click()
    const choose = page.getByRole("dialog", { name: "Choose Name" })
    await choose.getByLabel(/^Name/).fill("abc")
    await choose.getByText("At least 4 characters").waitFor()
    await choose.getByLabel(/^Name/).fill("sandbox")
    await choose.getByText("sandbox.reown.id is taken").waitFor()
    const suggestions = choose.getByRole("group", { name: "Suggested names" }).getByRole("button")
    await suggestions.first().waitFor()
    const name = (await suggestions.first().textContent()) ?? ""
    expect(name).toMatch(/^[a-z0-9-]{4,}\.reown\.id$/)
    await suggestions.first().click()
    await choose.getByText(`${name} is available`).waitFor()
    await choose.getByRole("button", { name: "Register" }).click()

    const done = page.getByRole("dialog", { name: "Name Registered" })
    await done.getByRole("status").getByText(`${name} is yours`).waitFor({ timeout: 20_000 })
    await done.getByRole("button", { name: "Done" }).click()
    await page.getByRole("dialog", { name: "Account" }).getByText(name, { exact: true }).waitFor()

    // Another visitor (account #0) sends to the name.
    const context = await browser.newContext()
    try {
      const sender = await context.newPage()
      const before = await nativeBalanceOn(chainA.rpcUrl, owner)
      const senderAccount = await openAccount(sender, "wallet=auto-approve")
      await senderAccount.getByRole("button", { name: "Send" }).click()
      const send = sender.getByRole("dialog", { name: "Send" })
      await send.getByLabel(/^Amount/).fill("0.01")
      await send.getByLabel("Receiver").fill(name)
      await send.getByRole("button", { name: "Review" }).click()
      await send.getByText(name, { exact: true }).waitFor()
      await send.getByText(owner, { exact: true }).waitFor()
      await send.getByRole("button", { name: "Send", exact: true }).click()
      await send.getByRole("status").getByText("Sent 0.01 ETH").waitFor()
      await expect
        .poll(() => nativeBalanceOn(chainA.rpcUrl, owner), { timeout: 20_000 })
        .toBe(before + parseEther("0.01"))
    } finally {
      await context.close()
    }
  })
})
