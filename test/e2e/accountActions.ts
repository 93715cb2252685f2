import type { Locator, Page } from "playwright-core"
import { expect } from "vitest"
import { chooseSandboxWallet } from "./browser"

/**
 * Connects the Sandbox Wallet (`query` picks its mode), waits until the Account view lists the account's
 * tokens (the forms list what it holds), then opens `action`'s view from it.
 */
export async function openAccountAction(
  page: Page,
  demoUrl: string,
  action: "Send" | "Swap",
  query = "wallet=auto-approve"
): Promise<Locator> {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, query)
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByRole("tab", { name: "Tokens" }).waitFor()
  await account.getByRole("button", { name: action }).click()
  return page.getByRole("dialog", { name: action })
}

/** Chooses `symbol` in the form's token menu `label`, once it lists it (its option may add the balance). */
export async function chooseToken(form: Locator, label: string | RegExp, symbol: string) {
  const select = form.getByLabel(label)
  await expect
    .poll(() => select.locator("option").allTextContents())
    .toContainEqual(expect.stringContaining(symbol))
  const option = (await select.locator("option").allTextContents()).find(
    (text) => text === symbol || text.startsWith(`${symbol} `)
  )
  await select.selectOption({ label: option! })
}
