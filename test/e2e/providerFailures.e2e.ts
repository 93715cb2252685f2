// The modal with the sandbox provider API failing under every fault switch: it opens fast and says why.
import { describe, expect } from "vitest"
import type { FaultRule } from "../../sandbox/api/faults.mjs"
import { type ExpectedConsoleError, test } from "./browser"
import { account0, apiUrl, probe, setFaults, truncate, visit } from "./providerWorld"

describe("with the sandbox API failing", () => {
  // chromium logs every failed request of the page as a console error, handled or not: expected here,
  // for the sandbox API's URLs only.
  const apiFailures: ReadonlyArray<ExpectedConsoleError> = [
    {
      text: /^Failed to load resource: the server responded with a status of (403|429|500|503)\b/,
      urlPrefix: `${apiUrl}/`
    }
  ]
  test.scoped({ expectedConsoleErrors: apiFailures })

  const NETWORK_FAILED = "Network request failed. Try again later."
  const faults: ReadonlyArray<{ readonly rule: FaultRule; readonly message: string }> = [
    { rule: { status: 403 }, message: "Invalid App Configuration" },
    { rule: { status: 429 }, message: NETWORK_FAILED },
    { rule: { status: 500 }, message: NETWORK_FAILED },
    { rule: { status: 503 }, message: "Service temporarily unavailable" },
    { rule: { malformed: true }, message: NETWORK_FAILED },
    // Longer than the modal's 10 s per attempt: within this test the catalogue is still loading.
    { rule: { delayMs: 15_000 }, message: "Loading…" }
  ]

  for (const { rule, message } of faults) {
    test(`${JSON.stringify(rule)}: the modal opens in under 1 s, lists the installed wallet and says "${message}"; nothing throws`, async ({
      page,
      problems
    }) => {
      await setFaults(rule)
      await visit(page, "auto-approve")

      await page.getByRole("button", { name: "Connect Wallet" }).click()
      const connectDialog = page.getByRole("dialog", { name: "Connect Wallet" })
      await connectDialog.waitFor()
      await page.waitForFunction(() => window.__probe?.dialogShownAt !== undefined)
      const { connectClickAt, dialogShownAt } = await probe(page)
      const openMs = dialogShownAt! - connectClickAt!
      console.log(`${JSON.stringify(rule)}: dialog visible ${openMs.toFixed(1)} ms after the click`)
      expect(openMs).toBeLessThan(1000)
      await connectDialog
        .getByRole("list", { name: "Wallets" })
        .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
        .waitFor()

      await connectDialog.getByRole("button", { name: "All Wallets" }).click()
      const dialog = page.getByRole("dialog", { name: "All Wallets" })
      const status = dialog.getByRole("status")
      // 429 and 5xx are retried three times (1 s, 2 s, 4 s) before the failure shows.
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(message)
      // The installed wallet is listed whatever the catalogue says.
      const installed = dialog
        .getByRole("list", { name: "All wallets" })
        .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
      await installed.waitFor()

      if (rule.delayMs === undefined) {
        // The failure is final: no spinner left, and a way to try again.
        expect(await dialog.getByText("Loading…").count()).toBe(0)
        expect(await dialog.getByRole("progressbar").count()).toBe(0)
        await dialog.getByRole("button", { name: "Try again" }).waitFor()
      } else {
        // Still loading, and the installed wallet works: choosing it connects.
        await installed.click()
        await page
          .getByRole("dialog", { name: "Account" })
          .getByText(truncate(account0), { exact: true })
          .waitFor()
      }
      if (rule.status === 403) {
        await page.getByRole("alert").filter({ hasText: "Invalid App Configuration" }).first().waitFor()
      }

      const seen = await probe(page)
      expect(seen.unhandled, "unhandled rejections").toEqual([])
      expect(problems.pageErrors, "page errors").toEqual([])
      expect(problems.consoleErrors, "console errors other than the API's failed requests").toEqual([])
      if (problems.expectedConsoleErrors.length > 0) {
        console.log(
          `${JSON.stringify(rule)}: ${problems.expectedConsoleErrors.length} failed-request console errors (expected)`
        )
      }
    })
  }
})
