import type { Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { chooseToken } from "./accountActions"
import {
  messageSignatureHolds,
  psbtInputSignatureHolds,
  satsAt,
  transactionAt,
  utxosAt
} from "./bitcoinChecks"
import { copyDemoPairingLink, openWalletConnectWallet, proposalOf, test, testIdText } from "./browser"

/**
 * Issue 35 on the demo: the Sandbox Bitcoin Wallet (Wallet Standard and sats-connect) and the Sandbox
 * WalletConnect Wallet's bip122 account, on the sandbox's regtest chain. Every outcome is checked outside
 * the modal: balances and transactions on the chain through its Esplora API, message signatures with
 * bip322-js, PSBT signatures against the outputs they spend.
 */

const demoUrl = inject("demoUrl")
const walletUrl = inject("walletConnectWalletUrl")
const bitcoin = inject("bitcoin")
const [wallet0, wallet1, recipient2, recipient3] = bitcoin.accounts
const MESSAGE = "Airlock proves this address"

const connectBitcoinWallet = async (page: Page, query: string) => {
  await page.goto(`${demoUrl}?bitcoinWallet=${query}`)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Bitcoin Wallet/ })
    .click()
}

/** A dapp's request on bip122 through the demo's modal, settled to its answer or its error's words. */
const request = (page: Page, method: string, params: unknown) =>
  page.evaluate(
    ({ method, params }) =>
      window.__airlockDemo!.modal.request({ method, params }, { namespace: "bip122" }).then(
        (answer) => ({ ok: true as const, answer }),
        (error: unknown) => ({
          ok: false as const,
          error: error instanceof Error ? error.message : String(error)
        })
      ),
    { method, params }
  )

/** The fee the approval's preview shows, in sats ("0.00000141 BTC (141 sats)"). */
const previewedFee = async (page: Page) => {
  const approval = page.getByRole("dialog", { name: "Approve Transaction" })
  const fee = approval.locator("dt", { hasText: /^Network fee$/ }).locator("xpath=following-sibling::dd[1]")
  await fee.waitFor()
  const text = (await fee.textContent()) ?? ""
  const sats = /\(([\d,]+) sats\)/.exec(text)?.[1]
  if (sats === undefined) throw new Error(`no fee in sats in "${text}"`)
  return Number(sats.replace(/,/g, ""))
}

describe("Bitcoin through the Sandbox Bitcoin Wallet (issue 35)", () => {
  test("connects: the payment address and the chain's balance shown; a BIP-322 signature that verifies", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    const address = wallet0!.payment
    await connectBitcoinWallet(page, "auto-approve")
    await expect.poll(() => testIdText(page, "bitcoin-status")).toBe("connected")
    expect(await testIdText(page, "bitcoin-address")).toBe(address)
    expect(await testIdText(page, "bitcoin-account-type")).toBe("payment")

    // The Account view: both addresses with their types in words, and the balance the chain holds.
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByText("Payment", { exact: true }).first().waitFor()
    await account.getByText("Ordinals", { exact: true }).first().waitFor()
    const sats = await satsAt(bitcoin.esploraUrl, address)
    const balance = account.locator("p.balance[aria-live]")
    await expect.poll(() => balance.textContent()).toMatch(/ BTC$/)
    const shown = Number((await balance.textContent())!.replace(/[^\d.]/g, ""))
    expect(Math.abs(shown - sats / 1e8)).toBeLessThan(0.0001)
    await account.press("Escape")

    const signed = await request(page, "signMessage", { message: MESSAGE, address, protocol: "bip322" })
    expect(signed.ok).toBe(true)
    const { signature } = (signed as { answer: { signature: string } }).answer
    expect(messageSignatureHolds(address, MESSAGE, signature)).toBe(true)
    expect(messageSignatureHolds(address, `${MESSAGE}!`, signature)).toBe(false)
  })

  test("sends 0.001 BTC: the fee on chain is the one previewed, and the recipient's coin is there", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const from = wallet0!.payment
    const to = recipient2!.payment
    // The wallet waits for the test's approval, so the modal's preview can be read first.
    await connectBitcoinWallet(page, "manual")
    await page.waitForFunction(() => window.__sandboxBitcoinWallet?.pending().length === 1)
    await page.evaluate(() => window.__sandboxBitcoinWallet!.approve())
    await expect.poll(() => testIdText(page, "bitcoin-status")).toBe("connected")
    await page.getByRole("dialog", { name: "Account" }).press("Escape")

    const sent = request(page, "sendTransfer", { account: from, recipientAddress: to, amount: "100000" })
    const fee = await previewedFee(page)
    expect(fee).toBeGreaterThan(0)
    await page.waitForFunction(() => window.__sandboxBitcoinWallet?.pending().length === 1)
    await page.evaluate(() => window.__sandboxBitcoinWallet!.approve())
    const answer = await sent
    expect(answer.ok).toBe(true)
    const { txid } = (answer as { answer: { txid: string } }).answer
    const onChain = await transactionAt(bitcoin.esploraUrl, txid)
    expect(onChain.status.confirmed).toBe(true)
    expect(onChain.fee).toBe(fee)
    expect(onChain.vout).toContainEqual(expect.objectContaining({ scriptpubkey_address: to, value: 100_000 }))
    expect(await utxosAt(bitcoin.esploraUrl, to)).toContainEqual(
      expect.objectContaining({ txid, value: 100_000 })
    )
  })

  test("signs a PSBT without sending it: its signature holds against the coin it spends, still unspent", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    const address = wallet0!.payment
    await connectBitcoinWallet(page, "auto-approve")
    await expect.poll(() => testIdText(page, "bitcoin-status")).toBe("connected")
    await page.getByRole("dialog", { name: "Account" }).press("Escape")
    await page.getByRole("button", { name: "Sign PSBT (Bitcoin)" }).click()
    await expect.poll(() => testIdText(page, "bitcoin-result"), { timeout: 15_000 }).toMatch(/"psbt"/)
    const { psbt, txid } = JSON.parse((await testIdText(page, "bitcoin-result"))!) as {
      psbt: string
      txid?: string
    }
    expect(txid).toBeUndefined()
    expect(psbtInputSignatureHolds(psbt, 0)).toBe(true)
    expect(await utxosAt(bitcoin.esploraUrl, address)).not.toHaveLength(0)
  })
  test("the Send view sends 0.001 BTC: its review shows the fee the chain then takes", async ({ page }) => {
    page.setDefaultTimeout(20_000)
    const to = recipient3!.payment
    const before = await satsAt(bitcoin.esploraUrl, to)
    await connectBitcoinWallet(page, "auto-approve")
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByRole("button", { name: "Send" }).click()
    const form = page.getByRole("dialog", { name: "Send" })
    await chooseToken(form, "Token", "BTC")
    await form.getByLabel(/^Amount/).fill("0.001")
    await form.getByLabel("Receiver").fill(to)
    await form.getByRole("button", { name: "Review" }).click()
    await form.getByText("Send 0.001 BTC").waitFor()
    const feeText =
      (await form
        .getByText(/sat\/vB/)
        .first()
        .textContent()) ?? ""
    expect(feeText).toMatch(/sat\/vB/)
    await form.getByRole("button", { name: "Send", exact: true }).click()
    await form.getByRole("status").getByText("Sent 0.001 BTC").waitFor()
    await expect.poll(() => satsAt(bitcoin.esploraUrl, to)).toBe(before + 100_000)
  })
})

describe("Bitcoin wallets that lie are refused in words (issue 35)", () => {
  test("a 1 MB name is cut to a readable one; an address of another network does not connect", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await page.goto(`${demoUrl}?bitcoinWallet=auto-approve,huge-name`)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const row = page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Bitcoin Wallet/ })
    const name = (await row.getAttribute("aria-label")) ?? (await row.textContent()) ?? ""
    expect(name.length).toBeLessThan(200)

    await connectBitcoinWallet(page, "auto-approve,bad-address")
    await page
      .getByText("The wallet gave an address that is not a Bitcoin address of this network")
      .first()
      .waitFor()
    expect(await testIdText(page, "bitcoin-status")).not.toBe("connected")
  })

  const connectHostile = async (page: Page, hostile: string) => {
    page.setDefaultTimeout(15_000)
    await connectBitcoinWallet(page, `auto-approve,${hostile}`)
    await expect.poll(() => testIdText(page, "bitcoin-status")).toBe("connected")
    await page.getByRole("dialog", { name: "Account" }).press("Escape")
  }
  // The demo shows a refusal as a dapp would: the product's words for the typed error.
  const result = (page: Page) => () => testIdText(page, "bitcoin-result")

  test("a signature over another message is refused", async ({ page }) => {
    await connectHostile(page, "other-message")
    await page.getByRole("button", { name: "Sign message (Bitcoin)" }).click()
    await expect
      .poll(result(page))
      .toBe("The wallet's signature does not verify for this message and address.")
  })

  test("a PSBT signed over another coin than the one previewed is refused, and nothing is sent", async ({
    page
  }) => {
    await connectHostile(page, "swap-input")
    const before = await utxosAt(bitcoin.esploraUrl, wallet0!.payment)
    await page.getByRole("button", { name: "Sign PSBT (Bitcoin)" }).click()
    await expect
      .poll(result(page))
      .toBe("The wallet signed a different transaction from the one you approved. Nothing was sent.")
    expect(await utxosAt(bitcoin.esploraUrl, wallet0!.payment)).toEqual(before)
  })
})

describe("Bitcoin through the Sandbox WalletConnect Wallet (issue 35)", () => {
  test.override({ contextOptions: { permissions: ["clipboard-read", "clipboard-write"] } })

  test("pairs with a regtest account, signs a message that verifies and sends 0.001 BTC", async ({
    page,
    browser
  }) => {
    page.setDefaultTimeout(20_000)
    const address = wallet1!.payment
    const to = recipient3!.payment
    const uri = await copyDemoPairingLink(page, demoUrl)
    const wc = await openWalletConnectWallet(browser, walletUrl)
    try {
      const proposal = await proposalOf(wc.page, uri)
      expect(proposal?.requestedChains).toContain(bitcoin.chain)
      const session = await wc.page.evaluate(() => window.__sandboxWcWallet!.approveProposal())
      expect(session.accounts).toContain(`${bitcoin.chain}:${address}`)
      await expect.poll(() => testIdText(page, "bitcoin-address")).toBe(address)
      await page.keyboard.press("Escape")

      const signing = request(page, "signMessage", { message: MESSAGE, address, protocol: "bip322" })
      await wc.page.getByRole("button", { name: "Approve signMessage" }).click()
      const signed = await signing
      expect(signed.ok).toBe(true)
      expect(
        messageSignatureHolds(
          address,
          MESSAGE,
          (signed as { answer: { signature: string } }).answer.signature
        )
      ).toBe(true)

      const sending = request(page, "sendTransfer", {
        account: address,
        recipientAddress: to,
        amount: "100000"
      })
      const fee = await previewedFee(page)
      await wc.page.getByRole("button", { name: "Approve signPsbt" }).click()
      const sent = await sending
      expect(sent.ok).toBe(true)
      const { txid } = (sent as { answer: { txid: string } }).answer
      const onChain = await transactionAt(bitcoin.esploraUrl, txid)
      expect(onChain.fee).toBe(fee)
      expect(onChain.vout).toContainEqual(
        expect.objectContaining({ scriptpubkey_address: to, value: 100_000 })
      )
    } finally {
      await wc.close()
    }
  })
})
