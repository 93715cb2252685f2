import { parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, inject } from "vitest"
import { submitSessionTransfer } from "../kit/sessionCalls"
import { test } from "./browser"
import { nativeBalanceOn } from "./chain"
import { approveInFrame, frame, newEmail, signUp } from "./embeddedWallet"

/**
 * Smart sessions (issue 33, `?sessions`) in chromium against the demo: the embedded wallet's smart account
 * grants the page's session key at most 0.01 ETH per transfer to one address for 10 minutes
 * (`modal.grantPermissions`, approved on the frame's screen); a transfer of 0.005 the key signs lands, one
 * of 0.02 is refused by the account's contract; the Account view lists the session and revokes it; the
 * next transfer within the limit is refused.
 */

const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const recipient = sandbox.accounts.at(-1)! as `0x${string}`
/** Smart sessions' own chunks (the service's code, the Account view's list, the grant's words). */
const SESSIONS_CODE = /\/(SmartSessions\.lazy|SessionsSection|GrantReview)-[^/]*\.js$/

/** Submits the session's transfers: an anvil dev account no other part of the demo sends from. */
const submitter = sandbox.accounts[4]! as `0x${string}`

describe("smart sessions (issue 33)", () => {
  test("grant a session, a transfer within it lands, one past it is refused on chain, revoke", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const fetched: Array<string> = []
    page.on("request", (request) => fetched.push(request.url()))
    const account = (await signUp(page, newEmail(), "sessions")) as `0x${string}`
    await page.keyboard.press("Escape")

    await page.getByRole("button", { name: /^Grant a session/ }).click()
    await page.getByRole("dialog", { name: "Approve Transaction" }).waitFor()
    await approveInFrame(page)
    await expect
      .poll(() => page.getByTestId("session-granted").textContent(), { timeout: 20_000 })
      .not.toBe("—")
    const granted = JSON.parse((await page.getByTestId("session-granted").textContent())!) as {
      address: string
      context: string
    }
    expect(granted.address.toLowerCase()).toBe(account.toLowerCase())
    await page.getByText("The key's secret").click()
    const key = privateKeyToAccount(
      (await page.getByTestId("session-key-secret").textContent()) as `0x${string}`
    )
    expect(granted.context).toBe(key.address.toLowerCase())

    const transfer = (value: bigint) =>
      submitSessionTransfer({ rpcUrl: chainA.rpcUrl, account, key, to: recipient, value, from: submitter })
    const before = await nativeBalanceOn(chainA.rpcUrl, recipient)
    expect(await transfer(parseEther("0.005"))).toEqual({ landed: true })
    expect(await nativeBalanceOn(chainA.rpcUrl, recipient)).toBe(before + parseEther("0.005"))
    expect(await transfer(parseEther("0.02"))).toMatchObject({
      landed: false,
      reason: expect.stringContaining("value over the limit")
    })
    expect(await nativeBalanceOn(chainA.rpcUrl, recipient)).toBe(before + parseEther("0.005"))

    // The Account view lists the session (GET /v1/sessions) in words, and revokes it.
    await page.getByRole("button", { name: /0x/ }).first().click()
    const accountView = page.getByRole("dialog", { name: "Account" })
    const sessionsView = accountView.getByRole("region", { name: "Sessions" })
    await sessionsView.getByText(`May send up to 0.01 ETH per transfer, only to ${recipient}`).waitFor()
    await sessionsView.getByRole("button", { name: /^Revoke the session of/ }).click()
    // The revoke asks the frame twice (the wallet's revoke, then the signature of the session's id);
    // approveInFrame approves the second too when it shows at once.
    await approveInFrame(page)
    const revoked = sessionsView.getByText("No active sessions.")
    const asksAgain = frame(page).locator('html[data-approval="ready"]')
    await Promise.race([revoked.waitFor(), asksAgain.waitFor({ state: "attached" })])
    if (!(await revoked.isVisible())) await approveInFrame(page)
    await revoked.waitFor()
    expect(await transfer(parseEther("0.001"))).toMatchObject({
      landed: false,
      reason: expect.stringContaining("session revoked")
    })
    expect(await nativeBalanceOn(chainA.rpcUrl, recipient)).toBe(before + parseEther("0.005"))
    // The feature's code came when it was used (the pattern the next test looks for is the chunks' names).
    expect(fetched.some((url) => SESSIONS_CODE.test(url))).toBe(true)
  })

  test("off (the default): the Account view shows no sessions and fetches none of their code", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const fetched: Array<string> = []
    page.on("request", (request) => fetched.push(request.url()))
    await signUp(page, newEmail())
    const accountView = page.getByRole("dialog", { name: "Account" })
    await accountView.getByRole("tab", { name: "Tokens" }).waitFor()
    await accountView.getByText("1.00 ETH").first().waitFor()
    expect(await accountView.getByRole("region", { name: "Sessions" }).count()).toBe(0)
    expect(fetched.filter((url) => SESSIONS_CODE.test(url))).toEqual([])
  })
})
