import { base64 } from "@scure/base"
import { describe, expect, inject } from "vitest"
import { SANDBOX_SOLANA_LOCALNET, sandboxSolanaAddress } from "../../sandbox/shared/solana"
import {
  compile,
  lamportsOf,
  latestLifetime,
  solanaRpc,
  solTransfer,
  wireBytes
} from "../sandbox/solanaTransfer"
import { copyDemoPairingLink, openWalletConnectWallet, proposalOf, test, testIdText } from "./browser"

/**
 * Solana through WalletConnect for real, in chromium: the demo pairs with the Sandbox WalletConnect Wallet,
 * whose session carries the local Solana chain, and a SOL transfer the test builds (Node, @solana/kit, a
 * recent blockhash of the local chain) goes through `modal.request` to the wallet, which signs it once
 * approved and sends it to the chain.
 */

const demoUrl = inject("demoUrl")
const walletUrl = inject("walletConnectWalletUrl")
const solana = inject("solana")

describe("Solana through the Sandbox WalletConnect Wallet", () => {
  test.override({ contextOptions: { permissions: ["clipboard-read", "clipboard-write"] } })

  test("solana_signAndSendTransaction of a SOL transfer moves exactly the amount on the local chain", async ({
    page,
    browser
  }) => {
    const uri = await copyDemoPairingLink(page, demoUrl)
    const wallet = await openWalletConnectWallet(browser, walletUrl)
    try {
      const proposal = await proposalOf(wallet.page, uri)
      // The demo's first Solana network is the local chain; the session grants it.
      expect(proposal?.requestedChains).toContain(SANDBOX_SOLANA_LOCALNET)
      const session = await wallet.page.evaluate(() => window.__sandboxWcWallet!.approveProposal())
      expect(session.accounts).toContain(`${SANDBOX_SOLANA_LOCALNET}:${sandboxSolanaAddress}`)
      await expect.poll(() => testIdText(page, "solana-address")).toBe(sandboxSolanaAddress)
      await page.keyboard.press("Escape")
      await page.getByRole("dialog", { name: "Account" }).waitFor({ state: "detached" })

      const receiver = solana.accounts[5]!
      const amount = 125_000_000n
      const transaction = base64.encode(
        wireBytes(
          compile(
            sandboxSolanaAddress,
            [solTransfer(sandboxSolanaAddress, receiver, amount)],
            await latestLifetime(solana.rpcUrl)
          )
        )
      )
      const before = {
        sender: await lamportsOf(solana.rpcUrl, sandboxSolanaAddress),
        receiver: await lamportsOf(solana.rpcUrl, receiver)
      }

      const answer = page.evaluate(
        (params) =>
          window.__airlockDemo!.modal.request(
            { method: "solana_signAndSendTransaction", params },
            { namespace: "solana" }
          ),
        { transaction }
      )
      // The wallet shows what the transaction does before it signs: 0.125 SOL to the receiver.
      await wallet.page.getByRole("button", { name: "Approve solana_signAndSendTransaction" }).waitFor()
      const [request] = await wallet.page.evaluate(() => window.__sandboxWcWallet!.requests())
      expect(request?.chainId).toBe(SANDBOX_SOLANA_LOCALNET)
      expect(request?.preview).toContainEqual([
        "Instruction 1",
        `Send 0.125 SOL\nfrom ${sandboxSolanaAddress}\nto ${receiver}`
      ])
      await wallet.page.getByText(`to ${receiver}`, { exact: false }).first().waitFor()
      await wallet.page.getByRole("button", { name: "Approve solana_signAndSendTransaction" }).click()

      const { signature } = (await answer) as { signature: string }
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      const { value } = await solanaRpc<{ value: ReadonlyArray<{ err: unknown } | null> }>(
        solana.rpcUrl,
        "getSignatureStatuses",
        [[signature]]
      )
      expect(value[0]).toMatchObject({ err: null })
      // Exactly the amount moved; the sender also paid the one signature's fee.
      expect(await lamportsOf(solana.rpcUrl, receiver)).toBe(before.receiver + amount)
      expect(await lamportsOf(solana.rpcUrl, sandboxSolanaAddress)).toBe(before.sender - amount - 5_000n)
      // The transfer alone; the modal's own reads of the wallet (its capabilities) are not counted.
      expect(
        await wallet.page.evaluate(() => window.__sandboxWcWallet!.answered("solana_signAndSendTransaction"))
      ).toBe(1)
    } finally {
      await wallet.close()
    }
  })
})
