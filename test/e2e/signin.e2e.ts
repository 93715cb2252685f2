import type { Page } from "playwright-core"
import { verifyMessage } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseSandboxWallet, test } from "./browser"
import { serverSessions } from "./signInServer"

/**
 * Sign-in with the wallet in chromium: the demo with `?signin` verifies on the sandbox's sign-in server
 * (`sandbox/signin`, an HTTP-only session cookie on the demo's origin); the Sandbox Wallet signs.
 */

const demoUrl = inject("demoUrl")
const account0 = inject("sandbox").accounts[0]!

const personalSigns = (page: Page) => page.evaluate(() => window.__sandboxWallet!.counts.personal_sign ?? 0)

async function connectSandboxWallet(page: Page, query: string) {
  page.setDefaultTimeout(10_000)
  await chooseSandboxWallet(page, demoUrl, `wallet=auto-approve&${query}`)
  return page.getByRole("dialog", { name: "Sign In" })
}

describe("sign-in with the wallet (issue 13)", () => {
  // The replayed verify below is refused, and chromium logs the 401.
  test.scoped({
    expectedConsoleErrors: [
      {
        text: /^Failed to load resource: the server responded with a status of 401\b/,
        urlPrefix: `${demoUrl}auth/verify`
      }
    ]
  })

  test("connect shows the message; Sign makes one personal_sign the server verifies; a reload asks nothing", async ({
    page
  }) => {
    const signIn = await connectSandboxWallet(page, "signin")
    await signIn.getByText("Airlock Demo wants you to sign in").waitFor()
    await signIn.getByText(account0, { exact: true }).waitFor()
    expect(await serverSessions(page)).toEqual([])
    await signIn.getByRole("button", { name: "Sign", exact: true }).click()
    await signIn.waitFor({ state: "hidden" })

    const [session] = await expect
      .poll(() => serverSessions(page))
      .toHaveLength(1)
      .then(() => serverSessions(page))
    expect(session?.data).toMatchObject({ accountAddress: account0, chainId: "eip155:31337" })
    expect(session?.message).toContain(
      `${new URL(demoUrl).host} wants you to sign in with your Ethereum account:`
    )
    expect(
      await verifyMessage({
        address: account0 as `0x${string}`,
        message: session!.message,
        signature: session!.signature
      })
    ).toBe(true)
    expect(await personalSigns(page)).toBe(1)
    // The same signed message again is a replay: its nonce is used up.
    const replay = await page.evaluate(
      async (body) => (await fetch("/auth/verify", { method: "POST", body: JSON.stringify(body) })).status,
      { message: session!.message, signature: session!.signature }
    )
    expect(replay).toBe(401)

    // A reload: connected again from storage, the session found on the server, no prompt.
    await page.reload()
    await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("connected")
    await expect.poll(() => serverSessions(page)).toHaveLength(1)
    // The flow asks the server for the session right after the restore; give it a moment to do anything else.
    await page.waitForTimeout(1500)
    expect(await page.getByRole("dialog", { name: "Sign In" }).count()).toBe(0)
    expect(await personalSigns(page)).toBe(0)

    // Disconnecting signs out on the server too.
    await page.getByRole("button", { name: `${account0.slice(0, 4)}…${account0.slice(-6)}` }).click()
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => serverSessions(page)).toEqual([])
  })

  test("Escape while the wallet is asked to sign declines an optional sign-in: the modal stays closed, connected", async ({
    page
  }) => {
    page.setDefaultTimeout(10_000)
    await chooseSandboxWallet(page, demoUrl, "wallet=manual&signin")
    const wallet = page.getByRole("dialog", { name: /^Sandbox Wallet/ })
    await wallet.getByRole("button", { name: "Approve" }).click()
    const signIn = page.getByRole("dialog", { name: "Sign In" })
    await signIn.getByRole("button", { name: "Sign", exact: true }).click()
    await signIn.getByRole("progressbar", { name: "Waiting for the signature" }).waitFor()
    await expect.poll(() => page.evaluate(() => window.__sandboxWallet!.pending().length)).toBe(1)
    await page.keyboard.press("Escape")
    await expect.poll(() => page.getByTestId("modal-open").textContent()).toBe("false")
    // The aborted signature does not bring the message back.
    await page.waitForTimeout(1000)
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
    expect(await page.getByTestId("account-status").textContent()).toBe("connected")
    // Opened again, the modal shows the account: this account is not asked again on this chain.
    await page.getByRole("button", { name: `${account0.slice(0, 4)}…${account0.slice(-6)}` }).click()
    await page.getByRole("dialog", { name: "Account" }).waitFor()
    expect(await page.getByRole("dialog", { name: "Sign In" }).count()).toBe(0)
  })

  test("a required sign-in cannot be skipped with Escape: closing the message disconnects", async ({
    page
  }) => {
    const signIn = await connectSandboxWallet(page, "signin=required")
    await signIn.getByRole("button", { name: "Sign", exact: true }).waitFor()
    await page.keyboard.press("Escape")
    await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("disconnected")
    expect(await personalSigns(page)).toBe(0)
  })

  test("a required sign-in declined with Cancel ends disconnected", async ({ page }) => {
    const signIn = await connectSandboxWallet(page, "signin=required")
    await signIn.getByRole("button", { name: "Cancel" }).click()
    await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("disconnected")
    expect(await personalSigns(page)).toBe(0)
    expect(await serverSessions(page)).toEqual([])
  })
})
