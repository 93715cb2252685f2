import type { Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { chooseToken } from "./accountActions"
import { chooseSandboxWallet, test } from "./browser"
import { anvilCall, nativeBalanceOn } from "./chain"

/**
 * What the modal refuses for the visitor (issue 28 items 3 and 4), in chromium against the sandbox: a
 * dapp's request for another account than the connected one reaches neither the preview nor the wallet,
 * and a wallet that answers the hash of another, already mined transaction (the Sandbox Wallet's
 * `?walletHostile=reused-hash`) never has its send shown as sent or confirmed.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const [account0, account1, account2, account3] = sandbox.accounts as [string, string, string, string]

const accountDialog = (page: Page) => page.getByRole("dialog", { name: "Account" })
const field = (page: Page, testId: string) => page.getByTestId(testId).textContent()
const walletCounts = (page: Page) => page.evaluate(() => ({ ...window.__sandboxWallet!.counts }))

/** The demo with the Sandbox Wallet approving by itself, connected as account #0, the modal closed. */
async function connected(page: Page, query = "") {
  page.setDefaultTimeout(15_000)
  await chooseSandboxWallet(page, demoUrl, `wallet=auto-approve${query}`)
  const account = accountDialog(page)
  await account.getByRole("tab", { name: "Tokens" }).waitFor()
  await page.keyboard.press("Escape")
  await account.waitFor({ state: "detached" })
}

/** The receipt anvil holds for `hash`, or `null` while it holds none. */
async function receiptOf(hash: string): Promise<unknown> {
  const response = await fetch(chainA.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [hash] })
  })
  return ((await response.json()) as { result?: unknown }).result ?? null
}

/**
 * Mines a transfer between two other dev accounts (anvil signs for its own accounts), so that the newest
 * mined transaction, which the hostile wallet answers, is neither the visitor's nor like the send.
 */
async function mineUnrelatedTransfer(): Promise<string> {
  const hash = await anvilCall(chainA.rpcUrl, "eth_sendTransaction", [
    { from: account2, to: account3, value: "0x7" }
  ])
  await expect.poll(() => receiptOf(hash), { message: "the unrelated transfer mined" }).not.toBeNull()
  return hash
}

/** `modal.request(args)` from the page: its result, or the message of its rejection. */
const requestFromPage = (page: Page, args: { method: string; params: ReadonlyArray<unknown> }) =>
  page.evaluate(
    (request) =>
      window.__airlockDemo!.modal.request(request).then(
        (result) => ({ result, message: undefined }),
        (error: unknown) => ({
          result: undefined,
          message: error instanceof Error ? error.message : String(error)
        })
      ),
    args
  )

/** The statuses the page's modal lists for its tracked transactions. */
const trackedStatuses = (page: Page) =>
  page.evaluate(() => window.__airlockDemo!.modal.getTransactions().map((t) => `${t.id} ${t.status}`))

describe("a dapp's request for another account than the connected one", () => {
  test("is refused with the catalogue's words: no preview opens and nothing reaches the wallet", async ({
    page
  }) => {
    await connected(page)
    const before = await walletCounts(page)
    const send = await requestFromPage(page, {
      method: "eth_sendTransaction",
      params: [{ from: account1, to: account3, value: "0x2386f26fc10000" }]
    })
    expect(send).toEqual({
      result: undefined,
      message: "Account mismatch: the request is not from the connected account"
    })
    const sign = await requestFromPage(page, { method: "personal_sign", params: ["0x68656c6c6f", account1] })
    expect(sign.message).toBe("Account mismatch: the request is not from the connected account")

    // The refusals settled without the modal: no Approve Transaction, no prompt in the wallet.
    expect(await field(page, "modal-open")).toBe("false")
    expect(await page.getByRole("dialog", { name: "Approve Transaction" }).count()).toBe(0)
    const after = await walletCounts(page)
    expect(after.eth_sendTransaction ?? 0, "eth_sendTransaction the wallet saw").toBe(
      before.eth_sendTransaction ?? 0
    )
    expect(after.personal_sign ?? 0, "personal_sign the wallet saw").toBe(before.personal_sign ?? 0)

    // The connected account's own send still goes through.
    const own = await requestFromPage(page, {
      method: "eth_sendTransaction",
      params: [{ from: account0.toLowerCase(), to: account3, value: "0x1" }]
    })
    expect(own.result).toMatch(/^0x[0-9a-f]{64}$/)
  })
})

describe("a wallet that answers the hash of another, already mined transaction", () => {
  test("the page's eth_sendTransaction through the modal fails in words and is never tracked as confirmed", async ({
    page
  }) => {
    await connected(page, "&walletHostile=reused-hash")
    const reused = await mineUnrelatedTransfer()
    await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
    await expect
      .poll(() => field(page, "request-label"), { message: "the page's answer to its send" })
      .toBe("eth_sendTransaction failed")
    expect(await field(page, "request-result")).toBe(
      "Transaction mismatch: the wallet answered with another transaction"
    )
    expect((await walletCounts(page)).eth_sendTransaction, "the wallet was asked once").toBe(1)
    expect(await trackedStatuses(page), `nothing tracked for ${reused}`).toEqual([])
    expect(await field(page, "transactions-empty")).toBe("No transactions yet")
  })

  test("Send from the Account view fails with the catalogue's words instead of 'Sent', and moves nothing", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve&walletHostile=reused-hash")
    const account = accountDialog(page)
    await account.getByRole("tab", { name: "Tokens" }).waitFor()
    await mineUnrelatedTransfer()
    const receiverBefore = await nativeBalanceOn(chainA.rpcUrl, account1)

    await account.getByRole("button", { name: "Send" }).click()
    const send = page.getByRole("dialog", { name: "Send" })
    await chooseToken(send, "Token", "ETH")
    await send.getByLabel(/^Amount/).fill("0.0123")
    await send.getByLabel("Receiver").fill(account1)
    await send.getByRole("button", { name: "Review" }).click()
    await send.getByText("Send 0.0123 ETH").waitFor()
    await send.getByRole("button", { name: "Send", exact: true }).click()

    await send
      .getByRole("alert")
      .getByText("Transaction mismatch: the wallet answered with another transaction")
      .waitFor()
    expect(await send.getByText("Sent 0.0123 ETH").count(), "the Sent view").toBe(0)
    expect(await trackedStatuses(page)).toEqual([])
    expect(await nativeBalanceOn(chainA.rpcUrl, account1), "the receiver got nothing").toBe(receiverBefore)
  })
})
