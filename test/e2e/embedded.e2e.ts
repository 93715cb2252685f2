import { randomBytes } from "node:crypto"
import type { FrameLocator, Page } from "playwright-core"
import { parseEther, verifyMessage } from "viem"
import { describe, expect, inject } from "vitest"
import { test } from "./browser"
import { nativeBalanceOn } from "./chain"

/**
 * The embedded wallet (issue 14) in chromium against the demo: email sign-up with the code from the
 * sandbox mailbox, the account and its balance, a signature and a transaction approved on the frame's own
 * screen inside ApproveTransaction, a reload that stays connected, and sign-out.
 */

const demoUrl = inject("demoUrl")
const frameUrl = inject("frameUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const recipient = sandbox.accounts.at(-1)!

const newEmail = () => `visitor.${randomBytes(4).toString("hex")}@example.test`

interface Mail {
  readonly kind: string
  readonly code?: string
  readonly link?: string
}

/** The newest mail of `kind` to `email`, once it is there. */
async function mailFor(email: string, kind: string): Promise<Mail> {
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

const frame = (page: Page): FrameLocator => page.frameLocator('iframe[name="airlock-embedded-wallet"]')

/** Approves the request on the frame's own screen, once it can see itself (THREATS.md T7). */
async function approveInFrame(page: Page) {
  const wallet = frame(page)
  await wallet.locator('html[data-approval="ready"]').waitFor({ state: "attached", timeout: 15_000 })
  await wallet.getByRole("button", { name: "Approve" }).click()
}

/** Opens the demo and logs in by email with the mailed code; answers the address it connected. */
async function signUp(page: Page, email: string): Promise<string> {
  await page.goto(demoUrl)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  const connect = page.getByRole("dialog", { name: "Connect Wallet" })
  await connect.getByLabel("Email").fill(email)
  await connect.getByRole("button", { name: "Continue", exact: true }).click()
  const confirm = page.getByRole("dialog", { name: "Confirm Email" })
  await confirm.getByText(`Enter the code we sent to ${email}.`).waitFor()
  const { code } = await mailFor(email, "login-code")
  await confirm.getByLabel("Code").fill(code!)
  await confirm.getByRole("button", { name: "Continue", exact: true }).click()
  await page.getByRole("dialog", { name: "Account" }).waitFor()
  await expect
    .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
    .toBe("connected")
  return (await page.getByTestId("account-address").textContent())!
}

describe("the embedded wallet (issue 14)", () => {
  test("sign up by email, see the balance, sign and send approved in the frame, reload, sign out", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const email = newEmail()
    const address = await signUp(page, email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.getByTestId("wallet-name").textContent()).toBe("Email & Socials")
    // The sandbox funds each new account with 1 ETH.
    await page.getByRole("dialog", { name: "Account" }).getByText("1.00 ETH").first().waitFor()
    await page.keyboard.press("Escape")

    await page.getByRole("button", { name: "Sign message (EVM)" }).click()
    await page.getByRole("dialog", { name: "Approve Transaction" }).waitFor()
    await approveInFrame(page)
    await expect
      .poll(() => page.getByTestId("request-label").textContent(), { timeout: 10_000 })
      .toBe("personal_sign")
    const signature = (await page.getByTestId("request-result").textContent()) as `0x${string}`
    const message = (await page.getByTestId("sign-message").textContent())!
    expect(await verifyMessage({ address: address as `0x${string}`, message, signature })).toBe(true)
    await page.getByRole("dialog", { name: "Approve Transaction" }).waitFor({ state: "detached" })

    const before = await nativeBalanceOn(chainA.rpcUrl, recipient)
    await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
    await approveInFrame(page)
    await expect
      .poll(() => nativeBalanceOn(chainA.rpcUrl, recipient), { timeout: 20_000 })
      .toBe(before + parseEther("0.01"))

    await page.reload()
    await expect
      .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
      .toBe("connected")
    expect(await page.getByTestId("account-address").textContent()).toBe(address)

    await page.getByRole("button", { name: /0x/ }).first().click()
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click()
    await expect
      .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
      .toBe("disconnected")
    await page.reload()
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor()
    expect(await page.getByTestId("account-status").textContent()).toBe("disconnected")
  })
})
