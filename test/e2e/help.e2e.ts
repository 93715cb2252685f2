import { expect, inject } from "vitest"
import { test } from "./browser"

/**
 * Help for a visitor without a wallet (issue 30), in chromium against the demo: the "?" in the Connect
 * view's header opens what a wallet is and the sandbox listing's recommended wallets, each link https and
 * opened in a new tab cut off from the page; the wallet already on the page is not offered; Back returns
 * to Connect.
 */

const demoUrl = inject("demoUrl")

test("the Connect header's help lists the recommended wallets with safe links only; Back returns to Connect", async ({
  page
}) => {
  page.setDefaultTimeout(10_000)
  await page.goto(demoUrl)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  const connect = page.getByRole("dialog", { name: "Connect Wallet" })
  const help = connect.getByRole("button", { name: "What is a wallet?" })
  // Reached by keyboard as well as by pointer.
  await help.focus()
  await page.keyboard.press("Enter")

  const dialog = page.getByRole("dialog", { name: "What is a Wallet?" })
  const wallets = dialog.getByRole("list", { name: "Recommended wallets" })
  await wallets.getByText("Sandbox WalletConnect Wallet").waitFor()
  // The injected Sandbox Wallet is already on the page: nothing to get.
  expect(await wallets.getByText("Sandbox Wallet", { exact: true }).count()).toBe(0)
  const links = await wallets.getByRole("link").evaluateAll((all) =>
    all.map((a) => ({
      href: a.getAttribute("href") ?? "",
      target: a.getAttribute("target"),
      rel: a.getAttribute("rel")
    }))
  )
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) {
    expect(new URL(link.href).protocol).toBe("https:")
    expect(link.target).toBe("_blank")
    expect(link.rel).toBe("noopener noreferrer")
  }
  expect(
    await wallets.getByRole("link", { name: "Sandbox WalletConnect Wallet on Website" }).getAttribute("href")
  ).toBe("https://sandbox.airlock.invalid/walletconnect")

  await dialog.getByRole("button", { name: "Back" }).click()
  await page.getByRole("dialog", { name: "Connect Wallet" }).waitFor()
})
