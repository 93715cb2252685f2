import type { Locator, Page } from "playwright-core"
import { parseEther, parseUnits } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseToken } from "./accountActions"
import { chooseSandboxWallet, test } from "./browser"
import { nativeBalanceOn, tokenBalanceOn } from "./chain"

/**
 * Send from the Account view in chromium with the Sandbox Wallet: the form, the preview (the decoded
 * transfer and the balance change anvil simulates), the wallet's confirmation, and the balances anvil
 * holds afterwards.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const [account0, account1] = sandbox.accounts as [string, string]
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!

const ethBalance = (address: string) => nativeBalanceOn(chainA.rpcUrl, address)
const sUsdBalance = (address: string) => tokenBalanceOn(chainA.rpcUrl, sUsd.address, address)

async function openSend(page: Page): Promise<Locator> {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
  const account = page.getByRole("dialog", { name: "Account" })
  // Balances load first: the form lists what the account holds.
  await account.getByRole("tab", { name: "Tokens" }).waitFor()
  await account.getByRole("button", { name: "Send" }).click()
  return page.getByRole("dialog", { name: "Send" })
}

async function fillAndReview(send: Locator, token: string, amount: string) {
  await chooseToken(send, "Token", token)
  await send.getByLabel(/^Amount/).fill(amount)
  await send.getByLabel("Receiver").fill(account1)
  await send.getByRole("button", { name: "Review" }).click()
}

describe("Send from the Account view (issue 13)", () => {
  test("12.5 sUSD to account #1: the preview decodes the transfer and simulates the change; anvil's balances follow", async ({
    page
  }) => {
    const [from, to] = [await sUsdBalance(account0), await sUsdBalance(account1)]
    const send = await openSend(page)
    await fillAndReview(send, "sUSD", "12.5")
    // Human units: the review says "12.5 sUSD" wherever it names the amount, never base units.
    await send.getByText(`Send 12.5 sUSD to ${account1.slice(0, 4)}…${account1.slice(-6)}`).waitFor()
    await send.getByText(`Transfer 12.5 sUSD to ${account1}`).waitFor()
    await send.getByText("-12.5 sUSD", { exact: true }).waitFor()
    // The fee to a few significant digits, with its USD value when ETH's price is known.
    await send.getByText(/^0\.0*[1-9]\d{0,2} ETH( \((\$\d+\.\d\d|less than \$0\.01)\))?$/).waitFor()
    expect(await send.getByText(/units/).count(), "no amount in base units").toBe(0)
    await send.getByText(/ETH \(\$/).waitFor()
    await send.getByRole("button", { name: "Send", exact: true }).click()
    await send.getByRole("status").getByText("Sent 12.5 sUSD").waitFor()
    await expect.poll(() => sUsdBalance(account1), { timeout: 20_000 }).toBe(to + parseUnits("12.5", 6))
    expect(await sUsdBalance(account0)).toBe(from - parseUnits("12.5", 6))
  })

  test("0.01 ETH to account #1: simulated, confirmed, and the receiver holds exactly 0.01 ETH more", async ({
    page
  }) => {
    const to = await ethBalance(account1)
    const send = await openSend(page)
    await fillAndReview(send, "ETH", "0.01")
    await send.getByText("Send 0.01 ETH").waitFor()
    await send.getByText("-0.01 ETH", { exact: true }).waitFor()
    await send.getByRole("button", { name: "Send", exact: true }).click()
    await send.getByRole("status").getByText("Sent 0.01 ETH").waitFor()
    await expect.poll(() => ethBalance(account1), { timeout: 20_000 }).toBe(to + parseEther("0.01"))
  })

  test("the form refuses a wrong checksum and more than the balance, in words", async ({ page }) => {
    const send = await openSend(page)
    await send.getByLabel(/^Amount/).fill("100000000")
    await send.getByLabel("Receiver").fill(account1.replace(/[a-f]/, (c) => c.toUpperCase()))
    await send.getByRole("button", { name: "Review" }).click()
    await send.getByText("More than your balance").waitFor()
    await send.getByText("This address has a wrong checksum: check it was copied whole").waitFor()
  })
})

/** The demo's recipient: the sandbox's last dev account. */
const pageRecipient = sandbox.accounts.at(-1)!

async function connectThenClose(page: Page, query: string) {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, `wallet=auto-approve${query}`)
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByRole("tab", { name: "Tokens" }).waitFor()
  await page.keyboard.press("Escape")
  await account.waitFor({ state: "detached" })
  await page.evaluate(() => window.__sandboxWallet!.setMode("manual"))
}

const pendingInWallet = (page: Page) => page.evaluate(() => window.__sandboxWallet!.pending().length)

describe("the preview of what the page asks an external wallet (issue 13 item 5)", () => {
  test("the page's 2.5 sUSD transfer: decoded and simulated in the modal while the wallet asks; approved in the wallet, it lands", async ({
    page
  }) => {
    const to = await sUsdBalance(pageRecipient)
    await connectThenClose(page, "")
    await page.getByRole("button", { name: "Send 2.5 sUSD" }).click()
    const preview = page.getByRole("dialog", { name: "Approve Transaction" })
    await preview.getByRole("heading", { name: "Transfer tokens" }).waitFor()
    await preview.getByText(pageRecipient, { exact: true }).waitFor()
    // Once the simulation has read the token's symbol and decimals, the amount is in sUSD.
    await preview.getByText("-2.5 sUSD", { exact: true }).waitFor()
    await preview.getByText("2.5 sUSD", { exact: true }).waitFor()
    expect(await preview.getByText(/units/).count(), "no amount in base units").toBe(0)
    await preview.getByText("Approve or reject it in your wallet.").waitFor()
    // The preview never holds the request back: the wallet is asking while it shows.
    expect(await pendingInWallet(page), "the wallet's prompt beside the preview").toBe(1)
    expect(await preview.getByRole("button", { name: "Approve" }).count()).toBe(0)

    await page.evaluate(() => window.__sandboxWallet!.approve())
    await expect.poll(() => page.getByTestId("request-label").textContent()).toBe("eth_sendTransaction")
    await preview.waitFor({ state: "detached" })
    await expect.poll(() => sUsdBalance(pageRecipient), { timeout: 20_000 }).toBe(to + parseUnits("2.5", 6))
  })

  test("Cancel in the preview rejects the page's request while the wallet still asks", async ({ page }) => {
    await connectThenClose(page, "")
    await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
    const preview = page.getByRole("dialog", { name: "Approve Transaction" })
    await preview.getByText("-0.01 ETH", { exact: true }).waitFor()
    await preview.getByRole("button", { name: "Cancel" }).click()
    await expect
      .poll(() => page.getByTestId("request-label").textContent())
      .toBe("eth_sendTransaction failed")
    await preview.waitFor({ state: "detached" })
    expect(await pendingInWallet(page), "the wallet's own prompt stays its own").toBe(1)
    await page.evaluate(() => window.__sandboxWallet!.reject())
  })

  test("with features.preview off the wallet asks alone", async ({ page }) => {
    await connectThenClose(page, "&preview=off")
    await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
    await expect.poll(() => pendingInWallet(page)).toBe(1)
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
    await page.evaluate(() => window.__sandboxWallet!.reject())
    await expect
      .poll(() => page.getByTestId("request-label").textContent())
      .toBe("eth_sendTransaction failed")
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
  })
})
