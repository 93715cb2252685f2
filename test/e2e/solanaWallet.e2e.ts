import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import type { Page } from "playwright-core"
import { describe, expect, inject } from "vitest"
import { lamportsOf } from "../sandbox/solanaTransfer"
import { chooseToken } from "./accountActions"
import { chooseSandboxWallet, test } from "./browser"
import { serverSessions } from "./signInServer"

/**
 * Issue 16: the Sandbox Solana Wallet, registered through the Wallet Standard like an extension, connected
 * through the Connect view on the sandbox's local Solana chain.
 */

const demoUrl = inject("demoUrl")
const solana = inject("solana")
const account0 = solana.accounts[0]!

const connectSolanaWallet = async (page: Page) => {
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Solana Wallet/ })
    .click()
  return page.getByRole("dialog", { name: "Account" })
}

/** The sSPL the local chain holds for `owner`, as the wallet's token accounts add up. */
const splOf = async (owner: string) => {
  const response = await fetch(solana.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getTokenAccountsByOwner",
      params: [owner, { mint: solana.mint.address }, { encoding: "jsonParsed" }]
    })
  })
  const { result } = (await response.json()) as {
    result: {
      value: Array<{ account: { data: { parsed: { info: { tokenAmount: { uiAmountString: string } } } } } }>
    }
  }
  return result.value.reduce(
    (sum, { account }) => sum + Number(account.data.parsed.info.tokenAmount.uiAmountString),
    0
  )
}

describe("the Sandbox Solana Wallet through the Wallet Standard (issue 16)", () => {
  test("connects on the local chain, shows its SOL and sSPL, and signs a message with its ed25519 key", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await page.goto(`${demoUrl}?solanaWallet=auto-approve`)
    const account = await connectSolanaWallet(page)
    await expect.poll(() => page.getByTestId("solana-status").textContent()).toBe("connected")
    expect(await page.getByTestId("solana-address").textContent()).toBe(account0)
    await account.getByRole("button", { name: "Network: Solana Localnet. Switch network" }).waitFor()

    // The balance line is the chain's, through the provider API.
    const lamports = await lamportsOf(solana.rpcUrl, account0)
    const balance = account.locator("p.balance[aria-live]")
    await expect.poll(() => balance.textContent()).toMatch(/ SOL$/)
    const shown = Number((await balance.textContent())!.replace(/[^\d.]/g, ""))
    expect(Math.abs(shown - Number(lamports) / 1e9)).toBeLessThan(0.01)
    const tokens = account.getByRole("list", { name: "Tokens" })
    await expect.poll(() => tokens.textContent()).toContain(solana.mint.symbol)
    const spl = await splOf(account0)
    expect(spl).toBeGreaterThan(0)
    const listed = /([\d,.]+) sSPL/.exec((await tokens.textContent())!)
    expect(Number(listed?.[1]?.replace(/,/g, ""))).toBe(spl)

    // A dapp's solana_signMessage, answered by the wallet and checked here with ed25519.
    await page.getByRole("dialog", { name: "Account" }).press("Escape")
    await page.getByRole("button", { name: "Sign message (Solana)" }).click()
    await expect.poll(() => page.getByTestId("request-label").textContent()).toBe("solana_signMessage")
    const { signature } = JSON.parse((await page.getByTestId("request-result").textContent())!) as {
      signature: string
    }
    const message = new TextEncoder().encode((await page.getByTestId("sign-message").textContent())!)
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(account0))).toBe(true)
  })

  test("sends 0.5 SOL, then 10 sSPL to an account that holds none yet; the chain's balances move exactly", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    const receiver = solana.accounts[4]!
    const before = {
      sender: await lamportsOf(solana.rpcUrl, account0),
      receiver: await lamportsOf(solana.rpcUrl, receiver),
      senderSpl: await splOf(account0),
      receiverSpl: await splOf(receiver)
    }
    await page.goto(`${demoUrl}?solanaWallet=auto-approve`)
    const account = await connectSolanaWallet(page)
    await account.getByRole("tab", { name: "Tokens" }).waitFor()

    const send = async (symbol: string, amount: string) => {
      await account.getByRole("button", { name: "Send" }).click()
      const dialog = page.getByRole("dialog", { name: "Send" })
      await chooseToken(dialog, "Token", symbol)
      await dialog.getByLabel(/^Amount/).fill(amount)
      await dialog.getByLabel("Receiver").fill(receiver)
      await dialog.getByRole("button", { name: "Review" }).click()
      await dialog.getByText(`Send ${amount} ${symbol}`).waitFor()
      await dialog.getByRole("button", { name: "Send", exact: true }).click()
      await dialog.getByRole("status").getByText(`Sent ${amount} ${symbol}`).waitFor()
      await dialog.getByRole("button", { name: "Done" }).click()
      await account.waitFor()
    }

    await send("SOL", "0.5")
    await expect.poll(() => lamportsOf(solana.rpcUrl, receiver)).toBe(before.receiver + 500_000_000n)
    // The amount and the fee of one signature.
    expect(await lamportsOf(solana.rpcUrl, account0)).toBe(before.sender - 500_000_000n - 5_000n)

    await send(solana.mint.symbol, "10")
    await expect.poll(() => splOf(receiver)).toBe(before.receiverSpl + 10)
    expect(await splOf(account0)).toBe(before.senderSpl - 10)
    // Activity lists both sends, tracked to confirmation.
    await account.getByRole("tab", { name: "Activity" }).click()
    const sent = account.getByRole("list", { name: "Sent from this app" })
    await expect.poll(() => sent.getByText("Confirmed").count()).toBe(2)
    expect(await sent.textContent()).toContain("-0.500 SOL")
  })

  test("stays connected beside an EVM wallet; the network switch moves between the two accounts", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await chooseSandboxWallet(page, demoUrl, "wallet=auto-approve&solanaWallet=auto-approve")
    const account = page.getByRole("dialog", { name: "Account" })
    await account.waitFor()
    const evmAddress = await page.getByTestId("account-address").textContent()
    // To Solana: not connected there yet, so the modal offers the wallets.
    await account.getByRole("button", { name: /Switch network$/ }).click()
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /Solana Localnet/ })
      .click()
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click()
    await expect.poll(() => page.getByTestId("solana-status").textContent()).toBe("connected")
    // The page's account follows the network shown; the EVM connection is still there beside it.
    await expect.poll(() => page.getByTestId("account-address").textContent()).toBe(account0)
    const evmAccount = () => page.evaluate(() => window.__airlockDemo?.modal.getAccount("eip155"))
    expect(await evmAccount()).toMatchObject({ status: "connected", address: evmAddress })
    await expect.poll(() => account.locator("p.address").getAttribute("title")).toBe(account0)
    // Back to the EVM chain: its account is still there, without asking the wallet again.
    await account.getByRole("button", { name: /Switch network$/ }).click()
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /^Sandbox Chain/ })
      .first()
      .click()
    await expect.poll(() => account.locator("p.address").getAttribute("title")).toBe(evmAddress)
    expect(await page.getByTestId("account-address").textContent()).toBe(evmAddress)
    expect(await page.getByTestId("solana-status").textContent()).toBe("connected")
  })

  test("signs in through the wallet's own solana:signIn; the sign-in server verifies the account on the local chain", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await page.goto(`${demoUrl}?signin&solanaWallet=auto-approve`)
    await connectSolanaWallet(page)
    const signIn = page.getByRole("dialog", { name: "Sign In" })
    await signIn.getByRole("button", { name: "Sign", exact: true }).click()
    await signIn.waitFor({ state: "hidden" })
    await expect.poll(() => serverSessions(page)).toHaveLength(1)
    const [session] = await serverSessions(page)
    expect(session?.data).toMatchObject({ accountAddress: account0, chainId: "solana:localnet" })
    expect(session?.message).toContain("wants you to sign in with your Solana account:")
    expect(session?.message).toContain("Chain ID: localnet")
    const counts = await page.evaluate(() => ({ ...window.__sandboxSolanaWallet?.counts }))
    expect(counts["solana:signIn"]).toBe(1)
    expect(counts["solana:signMessage"] ?? 0).toBe(0)
  })

  test("a wallet that registers after load (as ?solanaWallet=late does 2 s in) joins the open Connect view", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    // Held back until the test registers it, so the view is seen both without it and with it.
    await page.goto(`${demoUrl}?solanaWallet=none,auto-approve`)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    const connect = page.getByRole("dialog", { name: "Connect Wallet" })
    await connect.getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ }).waitFor()
    const row = connect.getByRole("button", { name: /^Sandbox Solana Wallet/ })
    expect(await row.count()).toBe(0)
    await page.evaluate(() => window.__sandboxSolanaWallet?.register())
    await row.waitFor()
    await row.click()
    await expect.poll(() => page.getByTestId("solana-status").textContent()).toBe("connected")
  })
})
