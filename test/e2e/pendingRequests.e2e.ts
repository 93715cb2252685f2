import type { Page } from "playwright-core"
import { createPublicClient, http, stringToHex } from "viem"
import { describe, expect, inject } from "vitest"
import { chooseSandboxWallet, test } from "./browser"

/**
 * Issue 29: a page that sends several requests at once to a browser wallet, each previewed in
 * ApproveTransaction while the Sandbox Wallet asks. Settling one took the newest entry off the transaction
 * stack and closed the modal, which aborted the others ('Request was aborted') while the wallet still asked.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const account0 = sandbox.accounts[0]! as `0x${string}`
const recipient = sandbox.accounts.at(-1)!

/** The messages of the two signatures, in the order the page sends them. */
const MESSAGES = ["Airlock: the first of three", "Airlock: the second of three"] as const

/** How one of the page's requests settled, as its promise told the page. */
interface Settled {
  readonly ok: boolean
  /** The result, or the error's message. */
  readonly value: string
  readonly tag: string | undefined
}

declare global {
  interface Window {
    /** The page's requests of this test, by the order they were sent; `null` while one waits. */
    readonly __requestsAtOnce?: ReadonlyArray<Settled | null>
  }
}

const settledSoFar = (page: Page) => page.evaluate(() => [...(window.__requestsAtOnce ?? [])])

/** The Sandbox Wallet's approval panel, as the visitor sees it. */
const walletPanel = (page: Page) => page.locator("[data-sandbox-wallet-panel]")

/** What the wallet is asking, oldest first: the kind, and a signature's message. */
const walletAsks = (page: Page) =>
  page.evaluate(() =>
    window.__sandboxWallet!.pending().map((request) => {
      const message = request.details.find(([label]) => label === "Message")
      return message === undefined ? request.kind : `${request.kind}: ${message[1]}`
    })
  )

describe("requests at once to the Sandbox Wallet (issue 29)", () => {
  test("two personal_sign and one eth_sendTransaction: the visitor rejects the second, approves the others; each settles with its own outcome", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve")
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByRole("tab", { name: "Tokens" }).waitFor()
    await page.keyboard.press("Escape")
    await account.waitFor({ state: "detached" })
    await page.evaluate(() => window.__sandboxWallet!.setMode("manual"))

    await page.evaluate(
      ({ from, to, messages }) => {
        const { modal } = window.__airlockDemo!
        const settled: Array<Settled | null> = [null, null, null]
        Object.defineProperty(window, "__requestsAtOnce", { value: settled })
        const follow = (index: number, request: Promise<unknown>) =>
          request.then(
            (value) => {
              settled[index] = { ok: true, value: String(value), tag: undefined }
            },
            (error: { readonly message: string; readonly _tag?: string }) => {
              settled[index] = { ok: false, value: error.message, tag: error._tag }
            }
          )
        messages.forEach((message, index) => {
          void follow(index, modal.request({ method: "personal_sign", params: [message, from] }))
        })
        void follow(
          2,
          modal.request({ method: "eth_sendTransaction", params: [{ from, to, value: "0x2386f26fc10000" }] })
        )
      },
      { from: account0, to: recipient, messages: MESSAGES.map((message) => stringToHex(message)) }
    )

    // The wallet asks all three, in the order sent; the modal previews the oldest.
    await expect
      .poll(() => walletAsks(page), { timeout: 10_000 })
      .toEqual([`sign-message: ${MESSAGES[0]}`, `sign-message: ${MESSAGES[1]}`, "send-transaction"])
    const preview = page.getByRole("dialog", { name: "Approve Transaction" })
    await preview.getByText(MESSAGES[0], { exact: true }).waitFor()

    // The visitor approves the first in the wallet: it settles with its signature, and only it.
    await walletPanel(page).getByRole("button", { name: "Approve" }).click()
    await expect.poll(async () => (await settledSoFar(page))[0]?.ok).toBe(true)
    const [first] = await settledSoFar(page)
    const chain = createPublicClient({ transport: http(chainA.rpcUrl) })
    expect(
      await chain.verifyMessage({
        address: account0,
        message: MESSAGES[0],
        signature: first!.value as `0x${string}`
      }),
      "the first request's signature is of its own message"
    ).toBe(true)
    // The others still wait, with the wallet and in the preview, which now shows the second.
    await preview.getByText(MESSAGES[1], { exact: true }).waitFor()
    expect((await settledSoFar(page)).slice(1), "the second and third, still waiting").toEqual([null, null])
    expect(await walletAsks(page)).toEqual([`sign-message: ${MESSAGES[1]}`, "send-transaction"])

    // The visitor rejects the second: it alone is declined; the send still waits, previewed.
    await walletPanel(page).getByRole("button", { name: "Reject" }).click()
    await expect
      .poll(async () => (await settledSoFar(page))[1])
      .toEqual({
        ok: false,
        value: "Signature declined",
        tag: "SignatureDeclinedError"
      })
    await preview.getByText("-0.01 ETH", { exact: true }).waitFor()
    expect((await settledSoFar(page))[2], "the send, still waiting").toBeNull()

    // The visitor approves the send: it settles with its own hash, mined from account 0.
    await walletPanel(page).getByRole("button", { name: "Approve" }).click()
    await expect.poll(async () => (await settledSoFar(page))[2]?.ok, { timeout: 20_000 }).toBe(true)
    const sent = (await settledSoFar(page))[2]!.value as `0x${string}`
    const receipt = await chain.waitForTransactionReceipt({ hash: sent })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(account0.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())

    // The modal opened for the requests: with none left, it closes; each promise settled once, its own way.
    await preview.waitFor({ state: "detached" })
    const outcomes = await settledSoFar(page)
    expect(outcomes.map((outcome) => outcome?.ok)).toEqual([true, false, true])
    expect(outcomes.map((outcome) => outcome?.value)).toEqual([first!.value, "Signature declined", sent])
  })
})
