/**
 * The embedded wallet in chromium against the demo, as a visitor uses it: a new email, the code from the
 * sandbox mailbox, and the frame's own approval screen (embedded.e2e.ts, smartSessions.e2e.ts).
 */
import { randomBytes } from "node:crypto"
import type { FrameLocator, Page } from "playwright-core"
import { expect, inject } from "vitest"

const demoUrl = inject("demoUrl")
const frameUrl = inject("frameUrl")

export const newEmail = () => `visitor.${randomBytes(4).toString("hex")}@example.test`

interface Mail {
  readonly kind: string
  readonly code?: string
  readonly link?: string
}

/** The newest mail of `kind` to `email`, once it is there. */
export async function mailFor(email: string, kind: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${frameUrl}/mailbox.json?to=${encodeURIComponent(email)}`)
        const { messages } = (await response.json()) as { messages: ReadonlyArray<Mail> }
        found = messages.filter((m) => m.kind === kind).at(-1)
        return found !== undefined
      },
      { timeout: 10_000 }
    )
    .toBe(true)
  return found!
}

export const frame = (page: Page): FrameLocator => page.frameLocator('iframe[name="airlock-embedded-wallet"]')

/** How long the pointer rests on Approve before the press: the frame's 500 ms rule, and a margin. */
const STEADY_POINTER_MS = 600

/**
 * Approves the request on the frame's own screen once it can see itself (THREATS.md T7). The screen locks
 * again whenever the frame is not fully visible (the dialog still settling on a loaded machine), so, as a
 * visitor would, it clicks again while the screen stays.
 */
export async function approveInFrame(page: Page) {
  const wallet = frame(page)
  for (let attempt = 1; ; attempt++) {
    await wallet.locator('html[data-approval="ready"]').waitFor({ state: "attached", timeout: 15_000 })
    const approve = wallet.getByRole("button", { name: "Approve" })
    // A press counts once the pointer has rested on the still frame for 500 ms, as a visitor's does.
    await approve.hover()
    await page.waitForTimeout(STEADY_POINTER_MS)
    await approve.click()
    const gone = await wallet
      .locator('html[data-approval="none"]')
      .waitFor({ state: "attached", timeout: 3_000 })
      .then(() => true)
      .catch(() => false)
    if (gone || attempt === 3) return
  }
}

/** Opens the demo and logs in by email with the mailed code; answers the address it connected. */
export async function signUp(page: Page, email: string, query = ""): Promise<string> {
  await page.goto(`${demoUrl}${query === "" ? "" : `?${query}`}`)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  const connect = page.getByRole("dialog", { name: "Connect Wallet" })
  await connect.getByLabel("Email").fill(email)
  await connect.getByRole("button", { name: "Continue", exact: true }).click()
  const confirm = page.getByRole("dialog", { name: "Confirm Email" })
  await confirm.getByText(`Enter the code we sent to ${email}.`).waitFor()
  const { code } = await mailFor(email, "login-code")
  await confirm.getByLabel("Code").fill(code!)
  await confirm.getByRole("button", { name: "Continue", exact: true }).click()
  await page.getByRole("dialog", { name: query.includes("signin") ? "Sign In" : "Account" }).waitFor()
  await expect
    .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
    .toBe("connected")
  return (await page.getByTestId("account-address").textContent())!
}
