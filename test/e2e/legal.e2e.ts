import type { Locator, Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { axeViolations, pickSandboxWallet, test } from "./browser"

/**
 * The legal checkbox (issue 33) in chromium on the demo with `?legal` (`features.legalCheckbox` with the
 * demo's terms and privacy policy): every way to connect is disabled, and a click on one does nothing,
 * until "I agree to the Terms of Service and Privacy Policy" is checked; the links open apart from the
 * page; the answer is remembered across a reload, and unchecking disables the ways again.
 */

const demoUrl = inject("demoUrl")
const SENTENCE = "I agree to the Terms of Service and Privacy Policy"

async function openConnect(page: Page, query: string) {
  page.setDefaultTimeout(15_000)
  await page.goto(`${demoUrl}?${query}`)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  return page.getByRole("dialog", { name: "Connect Wallet" })
}

/** Every way to connect the demo's Connect view offers: wallet rows, All Wallets, email and socials. */
const waysIn = (connect: Locator) => [
  connect.getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ }),
  connect.getByRole("button", { name: /^WalletConnect/ }),
  connect.getByRole("button", { name: /^All Wallets/ }),
  connect.getByLabel("Email", { exact: true }),
  connect.getByRole("button", { name: "Continue with Google" })
]

async function disabledStates(connect: Locator) {
  return Promise.all(waysIn(connect).map((way) => way.isDisabled()))
}

describe("the legal checkbox", () => {
  test("disabled until checked, links apart, connect, remembered on reload, unchecked disables again", async ({
    page
  }) => {
    const connect = await openConnect(page, "legal&wallet=auto-approve")
    const box = connect.getByRole("checkbox", { name: SENTENCE })
    await box.waitFor()
    expect(await box.isChecked()).toBe(false)

    // Each link opens the app's page apart from the dapp's, without a way back to it.
    const origin = new URL(demoUrl).origin
    for (const [name, path] of [
      ["Terms of Service", "/terms.html"],
      ["Privacy Policy", "/privacy.html"]
    ] as const) {
      const link = connect.getByRole("link", { name, exact: true })
      expect(await link.getAttribute("href")).toBe(`${origin}${path}`)
      expect(await link.getAttribute("target")).toBe("_blank")
      expect((await link.getAttribute("rel"))?.split(" ")).toEqual(
        expect.arrayContaining(["noopener", "noreferrer"])
      )
    }

    // Every way in is disabled, with the reason given to assistive technology.
    expect(await disabledStates(connect)).toEqual([true, true, true, true, true])
    const group = connect.locator("fieldset.consent-lock")
    const reasonId = await group.getAttribute("aria-describedby")
    expect(await connect.locator(`[id="${reasonId}"]`).textContent()).toBe("Agree to the terms to connect")
    // A click on a row does nothing: the Connect view stays, nothing connects.
    await connect.getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ }).click({ force: true })
    expect(await page.evaluate(() => window.__airlockDemo!.modal.getState())).toEqual({
      open: true,
      view: "Connect"
    })
    expect(await page.evaluate(() => window.__airlockDemo!.modal.getAccount().isConnected)).toBe(false)
    expect(await page.evaluate(() => window.__airlockDemo!.modal.getConnectOptions().legal)).toEqual({
      required: true,
      accepted: false
    })

    // Checked by keyboard: every way in is enabled, and the Sandbox Wallet connects.
    await box.focus()
    await page.keyboard.press("Space")
    expect(await box.isChecked()).toBe(true)
    expect(await disabledStates(connect)).toEqual([false, false, false, false, false])
    expect(await group.getAttribute("aria-describedby")).toBeNull()
    await pickSandboxWallet(page)
    await page.getByRole("dialog", { name: "Account" }).waitFor()

    // After a reload (and a disconnect, to see Connect again) the box is still checked.
    await page.reload()
    await page.waitForFunction(() => window.__airlockDemo?.modal.getAccount().isConnected === true)
    await page.evaluate(() => window.__airlockDemo!.modal.disconnect())
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const again = page.getByRole("dialog", { name: "Connect Wallet" })
    const remembered = again.getByRole("checkbox", { name: SENTENCE })
    await remembered.waitFor()
    expect(await remembered.isChecked()).toBe(true)
    expect(await disabledStates(again)).toEqual([false, false, false, false, false])

    // Unchecked: every way in is disabled again.
    await remembered.uncheck()
    expect(await disabledStates(again)).toEqual([true, true, true, true, true])
    expect(await page.evaluate(() => window.__airlockDemo!.modal.getConnectOptions().legal.accepted)).toBe(
      false
    )
  })

  test("a headless host answers through the handle, and a connect before it is refused in words", async ({
    page
  }) => {
    await openConnect(page, "legal&wallet=auto-approve")
    const refused = await page.evaluate(() =>
      window.__airlockDemo!.modal.connect("walletConnect").then(
        () => "connected",
        (error: { readonly _tag?: string; readonly message?: string }) => `${error._tag}: ${error.message}`
      )
    )
    expect(refused).toBe("LegalConsentRequiredError: Agree to the terms to connect")
    await page.evaluate(() => window.__airlockDemo!.modal.setLegalConsent(true))
    const box = page.getByRole("dialog", { name: "Connect Wallet" }).getByRole("checkbox", { name: SENTENCE })
    await expect.poll(() => box.isChecked()).toBe(true)
  })

  test("`?legal=footer`: the links as the footer, no checkbox, nothing disabled", async ({ page }) => {
    const connect = await openConnect(page, "legal=footer")
    await connect.getByRole("link", { name: "Terms of Service", exact: true }).waitFor()
    expect(await connect.getByRole("checkbox").count()).toBe(0)
    expect(await disabledStates(connect)).toEqual([false, false, false, false, false])
  })
})

describe("the legal checkbox's accessibility and layout", () => {
  // axe-core is injected as an inline script, which the demo's strict CSP would (rightly) refuse.
  test.scoped({ contextOptions: { bypassCSP: true, viewport: { width: 360, height: 740 } } })

  test("no serious axe-core finding, and the sentence is not clipped at 360 px, in both themes", async ({
    page
  }) => {
    const connect = await openConnect(page, "legal")
    const box = connect.getByRole("checkbox", { name: SENTENCE })
    await box.waitFor()
    for (const mode of ["dark", "light"] as const) {
      await page.evaluate((m) => window.__airlockDemo!.modal.setThemeMode(m), mode)
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== "running")
      )
      const serious = await axeViolations(page, "airlock-modal")
      expect(serious, `${mode}: ${JSON.stringify(serious, null, 2)}`).toEqual([])
      // The label wraps inside the dialog: nothing overflows it.
      const fits = await connect.locator(".legal-consent label").evaluate((label) => {
        const dialog = label.closest(".legal-consent")!.getBoundingClientRect()
        const own = label.getBoundingClientRect()
        return label.scrollWidth <= label.clientWidth && own.right <= dialog.right && own.left >= dialog.left
      })
      expect(fits, mode).toBe(true)
    }
  })
})
