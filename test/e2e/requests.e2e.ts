import type { Locator, Page } from "playwright-core"
import { formatEther } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseSandboxWallet, copyDemoPairingLink, openWalletConnectWallet, test } from "./browser"

/**
 * Requests from the demo page through `modal.request` and `modal.switchNetwork` (issue 11's acceptance), in
 * real chromium against the sandbox: sending 0.01 ETH with the Sandbox Wallet and with the Sandbox
 * WalletConnect Wallet, and settling a hanging switch and signature by closing the modal.
 *
 * The sends change chain A's state (account #0 pays the sandbox's last account); every expected balance is
 * read from anvil at the time, as connect.e2e.ts does. anvil mines each transaction at once, so the sends
 * stop automine while the wallet sends, to see the transaction pending, and mine its block by hand.
 */

const demoUrl = inject("demoUrl")
const walletConnectWalletUrl = inject("walletConnectWalletUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const chainB = sandbox.chains[1]!
const account0 = sandbox.accounts[0]!
const recipient = sandbox.accounts.at(-1)!

/** `0xf39F…b92266`, as the modal and the connect button show an address (SPEC.md §9). */
const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** As the dialog shows a balance: en-US, 2 decimals, then the symbol. */
const shownBalance = (wei: bigint) =>
  `${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(formatEther(wei))
  )} ETH`

/** One JSON-RPC call to an anvil node, from Node. */
async function anvil(rpcUrl: string, method: string, params: ReadonlyArray<unknown> = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error !== undefined) throw new Error(`${method} failed on ${rpcUrl}: ${body.error.message}`)
  return body.result
}

const anvilBalance = async (address: string) =>
  BigInt((await anvil(chainA.rpcUrl, "eth_getBalance", [address, "latest"])) as string)

/**
 * Runs `body` with chain A's automine off, so that a sent transaction stays pending until `mine()`; automine
 * is always back on afterwards, for the other tests.
 */
async function withManualMining<A>(body: (mine: () => Promise<void>) => Promise<A>): Promise<A> {
  await anvil(chainA.rpcUrl, "evm_setAutomine", [false])
  try {
    return await body(async () => {
      await anvil(chainA.rpcUrl, "evm_mine")
    })
  } finally {
    await anvil(chainA.rpcUrl, "evm_setAutomine", [true])
  }
}

const field = (page: Page, testId: string) => page.getByTestId(testId).textContent()

/** The page's Transactions row for `hash`: the short hash and the status `modal.subscribeTransactions` gave. */
const transactionStatus = async (page: Page, hash: string) => {
  const row = page.getByTestId(`transaction-${hash}`)
  return (await row.count()) === 0 ? "(no row)" : row.getByTestId("transaction-status").textContent()
}

const accountDialog = (page: Page) => page.getByRole("dialog", { name: "Account" })

/** The demo with the Sandbox Wallet approving by itself, connected: the Account view shows account 0. */
const connectSandboxWallet = async (page: Page) => {
  page.setDefaultTimeout(10_000)
  await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
  await accountDialog(page).getByText(truncate(account0), { exact: true }).waitFor()
}

/** Opens the modal from the connect button, which shows the connected address; it lands on Account. */
async function openAccount(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: truncate(account0) }).click()
  const account = accountDialog(page)
  await account.getByText(truncate(account0), { exact: true }).waitFor()
  return account
}

async function closeModal(page: Page) {
  await page.keyboard.press("Escape")
  await accountDialog(page).waitFor({ state: "detached" })
}

/** The Account view's Activity tab, once its first page is in (account #0 has seeded history). */
async function openActivity(account: Locator): Promise<Locator> {
  const tab = account.getByRole("tab", { name: "Activity" })
  await tab.click()
  await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true")
  const panel = account.getByRole("tabpanel")
  await panel.getByRole("region").first().waitFor({ timeout: 20_000 })
  return panel
}

/** The month Activity files this month's transactions under ("November"; SPEC.md §2 groups by UTC month). */
const thisMonth = () =>
  new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date())

/** The newest row Activity's history files under this month (the seeded history is in earlier months). */
const newestThisMonth = (panel: Locator) =>
  panel.getByRole("region", { name: thisMonth(), exact: true }).getByRole("listitem").first()

/**
 * The send and what follows it, once the wallet is connected and the modal closed: "Send 0.01 ETH", the
 * wallet approves (`approve`, for a wallet that asks), the page shows the hash and lists the transaction
 * as pending; the Account view shows the balance before; once the block is mined, the page lists the
 * transaction as confirmed and the Account view, still open, shows anvil's new balance; Activity shows the
 * send pending at once, then in the history.
 */
async function sendAndWatch(page: Page, approve: () => Promise<void>) {
  expect(await page.getByTestId("send-recipient").textContent()).toBe(recipient)
  const before = await anvilBalance(account0)
  await withManualMining(async (mine) => {
    await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
    await approve()
    await expect
      .poll(() => field(page, "request-label"), { timeout: 20_000, message: "the send's answer on the page" })
      .toBe("eth_sendTransaction")
    const hash = (await field(page, "request-result")) ?? ""
    expect(hash, "the send's result is a transaction hash").toMatch(/^0x[0-9a-f]{64}$/)
    const row = page.getByTestId(`transaction-${hash}`)
    expect(await row.locator("code").textContent()).toBe(`${hash.slice(0, 6)}…${hash.slice(-4)}`)
    await expect
      .poll(() => transactionStatus(page, hash), {
        message: "the sent transaction before its block is mined"
      })
      .toBe("pending")
    const pending = await anvil(chainA.rpcUrl, "eth_getTransactionByHash", [hash])
    expect(pending, "anvil holds the transaction in its pool").toMatchObject({ blockNumber: null })

    const account = await openAccount(page)
    // Playwright's time-out names the text awaited: the balance before the send.
    await account.getByText(shownBalance(before), { exact: true }).waitFor({ timeout: 20_000 })

    // Activity shows the send at once, pending, above the history the provider API reads from the chain.
    const activity = await openActivity(account)
    const sent = activity.getByRole("list", { name: "Sent from this app" }).getByRole("listitem")
    await expect
      .poll(() => sent.allTextContents(), { message: "Activity's row for the send still in anvil's pool" })
      .toEqual(["SendPending-0.010 ETH"])

    await mine()
    const after = await anvilBalance(account0)
    expect(before - after, "account #0 paid 0.01 ETH and the gas").toBeGreaterThan(10n ** 16n)
    expect(shownBalance(after)).not.toBe(shownBalance(before))
    await expect
      .poll(() => transactionStatus(page, hash), {
        timeout: 15_000,
        message: "the page's Transactions row once the block is mined"
      })
      .toBe("confirmed")
    // Without a reload: the Account view stayed open while the block was mined.
    await expect
      .poll(() => account.locator(".balance").allTextContents(), {
        timeout: 20_000,
        message: `the Account view's balance after the confirmed send (anvil: ${shownBalance(after)})`
      })
      .toContain(shownBalance(after))
    // Once the history lists the send (by its hash), it is shown there alone: the history's newest row.
    // (Not a count of this month's rows: the first page holds ten, and earlier tests' sends fill it.)
    await expect
      .poll(() => sent.count(), { timeout: 20_000, message: "Activity's own row for the send once listed" })
      .toBe(0)
    expect(await newestThisMonth(activity).textContent()).toContain("-0.010 ETH")
    console.log(`sent ${hash}: balance ${shownBalance(before)} → ${shownBalance(after)}`)
  })
}

describe("send 0.01 ETH from the demo page", () => {
  test("with the Sandbox Wallet: the hash, pending then confirmed, and the new balance without a reload", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    await closeModal(page)
    expect(await field(page, "transactions-empty")).toBe("No transactions yet")

    await sendAndWatch(page, async () => {})
    const sends = await page.evaluate(() => window.__sandboxWallet!.counts.eth_sendTransaction)
    expect(sends, "eth_sendTransaction the wallet saw").toBe(1)
  })
})

describe("send 0.01 ETH through WalletConnect", () => {
  test.override({ contextOptions: { permissions: ["clipboard-read", "clipboard-write"] } })

  test("with the Sandbox WalletConnect Wallet: approved on its page; pending then confirmed, new balance", async ({
    page,
    browser
  }) => {
    const uri = await copyDemoPairingLink(page, demoUrl)

    const wallet = await openWalletConnectWallet(browser, walletConnectWalletUrl)
    try {
      await wallet.page.getByLabel("WalletConnect URI").fill(uri)
      await wallet.page.getByRole("button", { name: "Connect", exact: true }).click()
      await wallet.page.getByRole("button", { name: "Approve Airlock Demo" }).click()
      await accountDialog(page).getByText(truncate(account0), { exact: true }).waitFor()
      await expect.poll(() => field(page, "network-chain-id")).toBe(String(chainA.chainId))
      await closeModal(page)

      await sendAndWatch(page, async () => {
        // WalletKit hands the wallet a dapp's requests about 1 s apart.
        await wallet.page.getByRole("button", { name: "Approve eth_sendTransaction" }).click()
      })
      expect(
        await wallet.page.evaluate(() => window.__sandboxWcWallet!.answered("eth_sendTransaction"))
      ).toBe(1)
    } finally {
      await wallet.close()
    }
  })
})

/**
 * Clicks a page button while the modal is open: its overlay covers the page, so the click is dispatched
 * to the button itself, as a host script acting while the modal shows would.
 */
const clickUnderModal = (page: Page, name: string) =>
  page.getByRole("button", { name, exact: true }).dispatchEvent("click")

/**
 * Arms, in the page, the measure of the next close: from the Escape keydown (caught before the modal's
 * own listener) until the "settled" count reaches `settledCount`. `measured()` gives the milliseconds, by
 * the page's `performance.now()`; it fails after 10 s without a settle.
 */
async function armCloseToSettle(page: Page, settledCount: number) {
  await page.evaluate((target) => {
    const settledField = document.querySelector('[data-testid="requests-settled"]')
    if (settledField === null) throw new Error("the demo page has no requests-settled field")
    let closedAt: number | undefined
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closedAt ??= performance.now()
    }
    window.addEventListener("keydown", onKey, { capture: true })
    const measured = new Promise<number>((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (closedAt === undefined || Number(settledField.textContent) < target) return
        finish()
        resolve(performance.now() - closedAt)
      })
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`the page's settled count did not reach ${target} within 10 s of the close`))
      }, 10_000)
      const finish = () => {
        clearTimeout(timer)
        observer.disconnect()
        window.removeEventListener("keydown", onKey, { capture: true })
      }
      observer.observe(settledField, { childList: true, characterData: true, subtree: true })
    })
    Object.assign(window, { __closeToSettle: measured })
  }, settledCount)
  return () =>
    page.evaluate(() => (window as unknown as { __closeToSettle: Promise<number> }).__closeToSettle)
}

describe("a wallet that never answers, with the modal open", () => {
  test("a network switch settles as aborted when the modal closes, a previewed signature when it is forced closed; two switch clicks make one prompt", async ({
    page
  }) => {
    await connectSandboxWallet(page)
    await page.evaluate(() => window.__sandboxWallet!.setMode("hang"))
    const pendingInWallet = () => page.evaluate(() => window.__sandboxWallet!.pending().length)
    const settled = async () => Number(await field(page, "requests-settled"))
    expect(await settled()).toBe(0)

    // Two clicks on the switch, the modal open on Account. The wallet does not know chain B (4902), so
    // the one switch asks it to add the chain, and that prompt hangs.
    const switchButton = `Switch to ${chainB.name}`
    await clickUnderModal(page, switchButton)
    await clickUnderModal(page, switchButton)
    await expect
      .poll(pendingInWallet, { message: "the wallet's prompt for the switch (wallet_addEthereumChain)" })
      .toBe(1)
    const measureSwitch = await armCloseToSettle(page, 2)
    await page.keyboard.press("Escape")
    console.log(`switch: close to settle ${(await measureSwitch()).toFixed(1)} ms (measured in the page)`)
    expect(await field(page, "request-label")).toBe("switchNetwork failed")
    expect(await field(page, "request-result")).toBe("switch failed: Request was aborted")
    expect(await settled(), "both switch clicks settled").toBe(2)
    await accountDialog(page).waitFor({ state: "detached" })
    const counts = await page.evaluate(() => ({ ...window.__sandboxWallet!.counts }))
    expect(counts.wallet_switchEthereumChain, "wallet_switchEthereumChain the wallet saw").toBe(1)
    expect(counts.wallet_addEthereumChain, "wallet_addEthereumChain the wallet saw").toBe(1)
    expect(await pendingInWallet(), "prompts still waiting in the wallet").toBe(1)
    expect(await field(page, "network-chain-id")).toBe(String(chainA.chainId))

    // A signature request, the modal open again: previewed in ApproveTransaction, it holds the modal open
    // against Escape (the dialog shakes, nothing settles); the host's forced close settles it.
    await openAccount(page)
    await clickUnderModal(page, "Sign message (EVM)")
    await expect.poll(pendingInWallet, { message: "the wallet's prompt for personal_sign" }).toBe(2)
    const preview = page.getByRole("dialog", { name: "Approve Transaction" })
    await preview.waitFor()
    await page.keyboard.press("Escape")
    await page.locator(".card.shake").waitFor()
    expect(await settled(), "Escape settles nothing while the preview shows").toBe(2)
    expect(await page.evaluate(() => window.__airlockDemo!.modal.close({ force: true }))).toBe(true)
    await expect.poll(settled).toBe(3)
    expect(await field(page, "request-label")).toBe("personal_sign failed")
    expect(await field(page, "request-result")).toBe("Request was aborted")
    expect((await page.evaluate(() => ({ ...window.__sandboxWallet!.counts }))).personal_sign).toBe(1)
    await preview.waitFor({ state: "detached" })
    expect(await field(page, "account-status")).toBe("connected")
  })
})
