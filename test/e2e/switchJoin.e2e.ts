import type { Page } from "playwright-core"
import { expect, inject } from "vitest"
import { chooseSandboxWallet, test } from "./browser"

/**
 * A network switch the visitor left by closing the modal, in chromium against the sandbox: the close
 * settles the page's switch, but the wallet's prompt for it is still open, so the next click on the same
 * switch joins that prompt instead of asking the wallet a second time (as a connect joins its open
 * accounts prompt).
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainB = sandbox.chains[1]!
const account0 = sandbox.accounts[0]!

const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`
const field = (page: Page, testId: string) => page.getByTestId(testId).textContent()
const accountDialog = (page: Page) => page.getByRole("dialog", { name: "Account" })
const walletCounts = (page: Page) => page.evaluate(() => ({ ...window.__sandboxWallet!.counts }))
const pendingInWallet = (page: Page) => page.evaluate(() => window.__sandboxWallet!.pending().length)
/** The demo's own switch button, under the open modal (the modal leaves the page's buttons reachable). */
const clickSwitch = (page: Page) =>
  page.getByRole("button", { name: `Switch to ${chainB.name}`, exact: true }).dispatchEvent("click")

async function openAccount(page: Page) {
  await page.getByRole("button", { name: truncate(account0) }).click()
  await accountDialog(page).getByText(truncate(account0), { exact: true }).waitFor()
}

test("a switch closed away keeps its wallet prompt: the next click joins it, no second wallet_switchEthereumChain", async ({
  page
}) => {
  page.setDefaultTimeout(10_000)
  await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
  await accountDialog(page).getByText(truncate(account0), { exact: true }).waitFor()
  await page.evaluate(() => window.__sandboxWallet!.setMode("hang"))

  // The switch asks the wallet (which does not know chain B: it is asked to add it), and the prompt hangs.
  await clickSwitch(page)
  await expect.poll(() => pendingInWallet(page), { message: "the wallet's prompt for the switch" }).toBe(1)
  await page.keyboard.press("Escape")
  await accountDialog(page).waitFor({ state: "detached" })
  await expect.poll(() => field(page, "request-result")).toBe("switch failed: Request was aborted")
  const asked = await walletCounts(page)
  expect(asked.wallet_addEthereumChain, "the prompt left open").toBe(1)

  // The visitor comes back and clicks the same switch while the wallet still shows its prompt; then the
  // wallet's user approves what it shows. The click settles with that one prompt's answer.
  await openAccount(page)
  await clickSwitch(page)
  await page.evaluate(() => window.__sandboxWallet!.setMode("auto-approve"))
  await expect.poll(() => field(page, "request-result")).toBe(`switched to ${chainB.name}`)
  expect(await field(page, "requests-settled")).toBe("2")
  expect(await field(page, "network-chain-id")).toBe(String(chainB.chainId))
  // One add (the prompt left open) and the switch it was for, asked again once the chain was added.
  const after = await walletCounts(page)
  expect(after.wallet_addEthereumChain, "wallet_addEthereumChain the wallet saw").toBe(
    asked.wallet_addEthereumChain
  )
  expect(after.wallet_switchEthereumChain, "wallet_switchEthereumChain the wallet saw").toBe(
    (asked.wallet_switchEthereumChain ?? 0) + 1
  )
})
