import { parseUnits } from "viem"
import { describe, expect, inject } from "vitest"
import { lamportsOf } from "../sandbox/solanaTransfer"
import { pickSandboxWallet, test } from "./browser"
import { tokenBalanceOn } from "./chain"

/**
 * `modal.pay` (issue 33, `features.pay`) in chromium on the demo: the Pay view says what is paid, to whom
 * and on which network; the visitor connects the Sandbox Wallet from it, pays, and the page's promise
 * resolves with the hash once the chain confirmed it; the recipient's balance on anvil follows.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const recipient = sandbox.accounts.at(-1)!
const sUsd = sandbox.tokens.find((token) => token.chainId === chainA.chainId && token.symbol === "sUSD")!

const sUsdBalance = (address: string) => tokenBalanceOn(chainA.rpcUrl, sUsd.address, address)
const solana = inject("solana")
const solanaRecipient = solana.accounts.at(-1)!

describe("Pay (issue 33)", () => {
  test("5 sUSD with the Sandbox Wallet, connected from the Pay view: resolves with the confirmed hash", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const before = await sUsdBalance(recipient)
    await page.goto(`${demoUrl}?pay&wallet=auto-approve`)
    await page.getByRole("button", { name: "Pay 5 sUSD" }).click()
    const pay = page.getByRole("dialog", { name: "Pay" })
    await pay.getByText("Pay 5 sUSD", { exact: true }).waitFor()
    await pay.getByText(`${recipient.slice(0, 4)}…${recipient.slice(-6)}`).waitFor()
    await pay.getByText(chainA.name, { exact: true }).waitFor()

    // Not connected: the view connects first, then comes back to the payment.
    await pay.getByRole("button", { name: "Connect a wallet" }).click()
    await pickSandboxWallet(page)
    const back = page.getByRole("dialog", { name: "Pay" })
    await back.getByText(/^[\d,.]+ sUSD$/).waitFor()
    await back.getByRole("button", { name: "Pay with Sandbox Wallet" }).click()

    await expect.poll(() => page.getByTestId("pay-status").textContent(), { timeout: 30_000 }).toBe("success")
    const hash = await page.getByTestId("pay-result").textContent()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await back.getByRole("status").getByText("Paid 5 sUSD").waitFor()
    expect(await sUsdBalance(recipient)).toBe(before + parseUnits("5", 6))
  })

  test("0.1 SOL with the Sandbox Solana Wallet: the recipient holds 0.1 SOL more once it resolves", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const before = await lamportsOf(solana.rpcUrl, solanaRecipient)
    await page.goto(`${demoUrl}?pay&solanaWallet=auto-approve`)
    await page.getByRole("button", { name: "Pay 0.1 SOL" }).click()
    const pay = page.getByRole("dialog", { name: "Pay" })
    await pay.getByText("Pay 0.1 SOL", { exact: true }).waitFor()
    await pay.getByText("Solana Localnet", { exact: true }).waitFor()
    await pay.getByRole("button", { name: "Connect a wallet" }).click()
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click()
    const back = page.getByRole("dialog", { name: "Pay" })
    await back.getByText(/^[\d,.]+ SOL$/).waitFor()
    await back.getByRole("button", { name: "Pay with Sandbox Solana Wallet" }).click()

    await expect.poll(() => page.getByTestId("pay-status").textContent(), { timeout: 30_000 }).toBe("success")
    // A Solana payment's hash is its transaction's signature (base58).
    expect(await page.getByTestId("pay-result").textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await back.getByRole("status").getByText("Paid 0.1 SOL").waitFor()
    expect(await lamportsOf(solana.rpcUrl, solanaRecipient)).toBe(before + 100_000_000n)
  })

  test("from the Sandbox Exchange: its deposit page (its own origin) sends from its treasury; the promise resolves with that hash once the chain shows it paying", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const before = await sUsdBalance(recipient)
    await page.goto(`${demoUrl}?pay`)
    await page.getByRole("button", { name: "Pay 5 sUSD" }).click()
    const pay = page.getByRole("dialog", { name: "Pay" })
    await pay.getByText("Or pay from an exchange").waitFor()
    await pay.getByRole("button", { name: "Pay from Sandbox Exchange" }).click()
    const link = pay.getByRole("link", { name: "Open Sandbox Exchange" })
    const [deposit] = await Promise.all([page.context().waitForEvent("page"), link.click()])
    expect(new URL(deposit.url()).origin).not.toBe(new URL(demoUrl).origin)
    expect(await deposit.getByTestId("amount").textContent()).toBe("5 sUSD")
    expect(await deposit.getByTestId("recipient").textContent()).toBe(recipient)
    await deposit.getByRole("button", { name: "Send 5 sUSD from my balance" }).click()
    const sent = await deposit.getByTestId("tx").textContent()

    await expect.poll(() => page.getByTestId("pay-status").textContent(), { timeout: 30_000 }).toBe("success")
    expect(await page.getByTestId("pay-result").textContent()).toBe(sent)
    await pay.getByRole("status").getByText("Paid 5 sUSD").waitFor()
    expect(await sUsdBalance(recipient)).toBe(before + parseUnits("5", 6))
  })

  test("with the flag off, modal.pay is refused in words and nothing of Pay is fetched", async ({ page }) => {
    page.setDefaultTimeout(15_000)
    const fetched: Array<string> = []
    page.on("request", (request) => fetched.push(request.url()))
    await page.goto(demoUrl)
    await page.getByRole("button", { name: "Pay 5 sUSD" }).click()
    await expect.poll(() => page.getByTestId("pay-status").textContent()).toBe("failed")
    expect(await page.getByTestId("pay-result").textContent()).toBe("PayFeatureOffError")
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
    expect(fetched.filter((url) => /Pay(\.lazy|View)/.test(url))).toEqual([])
  })

  test("an invalid request is refused at once, without opening the modal", async ({ page }) => {
    page.setDefaultTimeout(15_000)
    await page.goto(`${demoUrl}?pay`)
    const reason = await page.evaluate(() =>
      window
        .__airlockDemo!.modal.pay({ recipient: "0x1234", amount: "5", asset: "eip155:31337/slip44:60" })
        .then(
          () => "resolved",
          (error: { reason?: string }) => error.reason
        )
    )
    expect(reason).toBe("invalid-recipient")
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
  })
})
