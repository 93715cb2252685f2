import type { Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { test } from "./browser"
import { type AccountSeen, announceImpostorFirst, IMPOSTOR_ACCOUNT, watchAccountFromStart } from "./impostor"

/**
 * Issue 28, items 7 and 8, on the demo with the sandbox wallets: a restore never trusts a contested rdns
 * (THREATS.md T5, R2), a wallet's `accountsChanged` flood costs at most one account update per frame, and
 * junk Wallet Standard registrations cannot hide the wallet that registers after them.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const account0 = sandbox.accounts[0]!
const account1 = sandbox.accounts[1]!

/** `0xf39F…b92266`: the first 4 and the last 6 characters (SPEC.md §9). */
const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

const connectButton = (page: Page) => page.getByRole("button", { name: "Connect Wallet" })

/** Opens the demo with an auto-approving wallet, connects it and closes the modal on the Account view. */
async function connectSandboxWallet(page: Page) {
  page.setDefaultTimeout(10_000)
  await page.goto(`${demoUrl}?wallet=auto-approve`)
  await connectButton(page).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .click()
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByText(truncate(account0), { exact: true }).waitFor()
  await account.press("Escape")
  await account.waitFor({ state: "hidden" })
}

/** Every EVM account the page was told of since it started (`watchAccountFromStart`). */
const accountsSeen = (page: Page): Promise<ReadonlyArray<AccountSeen>> =>
  page.evaluate(() => Reflect.get(window, "__accountsSeen"))

/** The methods a restore may ask a wallet: its quiet reads, which prompt nobody. */
const QUIET_READS = ["eth_accounts", "eth_chainId"]

/**
 * What a wallet restored alone may also be asked while connected, prompting nobody: the balance load's
 * capability read (ERC-7811 asset discovery), asked or not depending on how long it stayed connected.
 */
const CONNECTED_QUIET_READS = [...QUIET_READS, "wallet_getCapabilities"]

/** Both Sandbox Wallet rows of the Connect view carry the impersonation tag. */
async function bothRowsTagged(page: Page) {
  await connectButton(page).click()
  const tagged = page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .filter({ hasText: "Possible impersonation" })
  await expect
    .poll(() => tagged.count(), { message: "Sandbox Wallet rows tagged as possible impersonation" })
    .toBe(2)
}

/**
 * The contested end, whichever way it came: the alert says `ending`, the impostor was asked nothing beyond
 * quiet reads (those of a connected wallet when it was restored before being contested), storage holds no
 * connection, and both claimants are tagged in the list.
 */
async function expectContestedEnd(page: Page, ending: "not reconnected" | "disconnected") {
  const quietReads = ending === "disconnected" ? CONNECTED_QUIET_READS : QUIET_READS
  await page
    .getByRole("alert")
    .filter({ hasText: "Possible impersonation" })
    .filter({
      hasText: `Another wallet on this page also claims to be Sandbox Wallet, so it was ${ending}`
    })
    .waitFor()
  const impostorCalls: Array<string> = await page.evaluate(() => Reflect.get(window, "__impostorCalls"))
  expect(
    impostorCalls.filter((method) => !quietReads.includes(method)),
    "what the impostor was asked beyond quiet reads"
  ).toEqual([])
  expect(await page.evaluate(() => localStorage.getItem("@airlock/connection_status"))).toContain(
    '"eip155":"disconnected"'
  )
  await bothRowsTagged(page)
}

describe("a restore and a contested rdns (T5)", () => {
  test("an impostor announcing the stored wallet 1.5 s before it, within the restore's window, is never connected: the page never sees it, it is asked nothing beyond quiet reads, both rows are tagged and the visitor is told", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    // Both run before the page's own scripts: the page's account is watched from the moment the modal
    // exists; the impostor answers discovery at once with the stored rdns, and the real wallet's
    // announcements are held back 1.5 s, within the restore's 2 s window.
    await page.addInitScript(watchAccountFromStart)
    await page.addInitScript(announceImpostorFirst, { lateMs: 1500 })
    await page.reload()
    await page.waitForFunction(() => Reflect.get(window, "__realAnnounced") === true)

    await expect
      .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
      .toBe("disconnected")
    const seen = await accountsSeen(page)
    expect(seen.length, "accounts the page was told of").toBeGreaterThan(0)
    expect(
      seen.filter(
        (a) => a.status === "connected" || a.address?.toLowerCase() === IMPOSTOR_ACCOUNT.toLowerCase()
      ),
      "what the page saw connected"
    ).toEqual([])
    await expectContestedEnd(page, "not reconnected")
  })

  test("a second claimant announcing after the restore's window disconnects the restored wallet and says why", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    // The real wallet's announcements wait for the test: the impostor, alone through the window, is restored.
    await page.addInitScript(watchAccountFromStart)
    await page.addInitScript(announceImpostorFirst, {})
    await page.reload()
    await expect
      .poll(() => page.getByTestId("account-address").textContent(), { timeout: 10_000 })
      .toBe(IMPOSTOR_ACCOUNT)

    await page.evaluate(() => Reflect.get(window, "__releaseReal")())
    await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("disconnected")
    await expectContestedEnd(page, "disconnected")
  })

  test("a reload restores the stored wallet alone in claiming its rdns once the restore's window has closed (the time is printed)", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    await page.addInitScript(watchAccountFromStart)
    await page.reload()
    await expect
      .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
      .toBe("connected")
    const seen = await accountsSeen(page)
    const [first] = seen
    const connected = seen.find((a) => a.status === "connected")
    expect(connected?.address?.toLowerCase(), "the first account the page saw connected").toBe(
      account0.toLowerCase()
    )
    if (first !== undefined && connected !== undefined)
      console.log(
        `injected restore: connected ${connected.at.toFixed(0)} ms after the page started, ` +
          `${(connected.at - first.at).toFixed(0)} ms after the modal existed`
      )
  })
})

describe("a wallet's accountsChanged flood", () => {
  test("costs at most one account update per frame, the newest account winning (the figure is printed)", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    const flood = 2001
    const figure = await page.evaluate(async (count) => {
      const modal = window.__airlockDemo!.modal
      const wallet = window.__sandboxWallet!
      const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
      await nextFrame()
      let updates = 0
      let frames = 0
      let counting = true
      const countFrame = () => {
        if (!counting) return
        frames++
        requestAnimationFrame(countFrame)
      }
      const stop = modal.subscribeAccount(() => {
        updates++
      })
      updates = 0
      requestAnimationFrame(countFrame)
      const start = performance.now()
      // Alternates between dev accounts 0 and 1; an odd count ends on account 1.
      for (let i = 1; i <= count; i++) wallet.setAccount(i % 2)
      // Blocked until the first frame after the flood can paint.
      await nextFrame()
      const blockedMs = performance.now() - start
      const last = wallet.address().toLowerCase()
      await new Promise<void>((resolve) => {
        const settled = () => modal.getAccount().address?.toLowerCase() === last
        if (settled()) return resolve()
        const unsubscribe = modal.subscribeAccount(() => {
          if (!settled()) return
          unsubscribe()
          resolve()
        })
      })
      // Nothing is pending any more: a frame later, the updates counted are all there are.
      await nextFrame()
      await nextFrame()
      counting = false
      stop()
      return { blockedMs, updates, frames }
    }, flood)
    console.log(
      `accountsChanged flood of ${flood}: main thread blocked ${figure.blockedMs.toFixed(0)} ms; ` +
        `${figure.updates} account updates reached the host over ${figure.frames} frames`
    )
    expect(figure.updates, "account updates: one at once, then at most one per frame").toBeLessThanOrEqual(
      figure.frames + 1
    )
    await page.getByRole("button", { name: truncate(account1) }).waitFor()
  })
})

describe("junk Wallet Standard registrations", () => {
  test("40 junk registrations before the Sandbox Solana Wallet do not hide it", async ({ page }) => {
    page.setDefaultTimeout(10_000)
    // Runs before the page's own scripts: 40 registrations with a name, the local cluster and a connect,
    // but nothing to follow or sign with, each time an app says it is ready.
    await page.addInitScript(() => {
      window.addEventListener("wallet-standard:app-ready", (event) => {
        const api = (event as CustomEvent<{ register: (...wallets: Array<unknown>) => unknown }>).detail
        for (let i = 0; i < 40; i++)
          api.register({
            name: `Junk ${i}`,
            chains: ["solana:localnet"],
            features: { "standard:connect": { connect: async () => ({ accounts: [] }) } }
          })
        Reflect.set(window, "__junkRegistered", true)
      })
    })
    await page.goto(`${demoUrl}?solanaWallet=none,auto-approve`)
    await page.waitForFunction(() => Reflect.get(window, "__junkRegistered") === true)
    await page.evaluate(() => window.__sandboxSolanaWallet!.register())

    await connectButton(page).click()
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .waitFor()
  })
})
