import type { Locator, Page } from "playwright-core"
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

/**
 * Chooses `symbol` with the token button `label` ("Token", "You pay", "You receive"): opens its picker and
 * picks the option whose symbol it is, once the picker lists it.
 */
export async function chooseToken(form: Locator, label: string, symbol: string) {
  await form.getByRole("button", { name: new RegExp(`^${label}(:|$)`) }).click()
  const picker = form.getByRole("listbox", { name: label })
  await picker.locator(".token-option-symbol", { hasText: new RegExp(`^${symbol}$`) }).click()
  await picker.waitFor({ state: "detached" })
  await form.getByRole("button", { name: `${label}: ${symbol}` }).waitFor()
}
