import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { describe, expect, it } from "vitest"
import type { SandboxSolana } from "../../sandbox/solana/chain.mjs"
import { createApprovals } from "../../sandbox/wallets/injected/approvals"
import { createSandboxSolanaWallet } from "../../sandbox/wallets/solana/wallet"
import { solanaForFile } from "./sandboxWorld"
import {
  compile,
  lamportsOf,
  latestLifetime,
  solTransfer,
  tokensOf,
  tokenTransfer,
  wireBytes
} from "./solanaTransfer"

/** The Sandbox Solana Wallet's signAndSendTransaction against the sandbox's local Solana chain (litesvm). */

const chain = solanaForFile()

/** The wallet as dev account `from`, approving by itself, connected. */
const connectedWallet = async (from: SandboxSolana["accounts"][number]) => {
  const control = createSandboxSolanaWallet({
    account: from,
    origin: "http://127.0.0.1:5173",
    storage: undefined,
    approvals: createApprovals("auto-approve", undefined),
    config: () => ({ rpcUrl: chain().rpcUrl, chain: chain().chain, mint: chain().mint })
  })
  const features = control.wallet.features
  const [account] = (await features["standard:connect"].connect()).accounts
  return { control, features, account: account! }
}

describe("signAndSendTransaction on the local chain", () => {
  it("sends 0.5 SOL and 10 tokens from dev account 0 to dev account 1, confirmed", async () => {
    const [from, to] = [chain().accounts[0]!, chain().accounts[1]!]
    const { control, features, account } = await connectedWallet(from)
    const tokens = await tokenTransfer(chain().mint, from.address, to.address, 10_000_000n)
    const balances = async () => ({
      from: await lamportsOf(chain().rpcUrl, from.address),
      to: await lamportsOf(chain().rpcUrl, to.address),
      source: await tokensOf(chain().rpcUrl, tokens.source),
      destination: await tokensOf(chain().rpcUrl, tokens.destination)
    })
    const before = await balances()
    const compiled = compile(
      from.address,
      [solTransfer(from.address, to.address, 500_000_000n), tokens.instruction],
      await latestLifetime(chain().rpcUrl)
    )
    const [output] = await features["solana:signAndSendTransaction"].signAndSendTransaction({
      account,
      transaction: wireBytes(compiled),
      chain: "solana:localnet",
      options: { commitment: "confirmed" }
    })
    const signature = base58.encode(output!.signature)
    expect(control.sent()).toEqual([signature])
    expect(
      ed25519.verify(output!.signature, Uint8Array.from(compiled.messageBytes), base58.decode(from.address))
    ).toBe(true)

    const fee = 5_000n
    expect(await balances()).toEqual({
      from: before.from - 500_000_000n - fee,
      to: before.to + 500_000_000n,
      source: before.source - 10_000_000n,
      destination: before.destination + 10_000_000n
    })
  })

  it("passes the node's preflight failure on (a transfer beyond the balance)", async () => {
    const from = chain().accounts[4]!
    const { control, features, account } = await connectedWallet(from)
    const compiled = compile(
      from.address,
      [solTransfer(from.address, chain().accounts[5]!.address, 1_000_000n * 1_000_000_000n)],
      await latestLifetime(chain().rpcUrl),
      "legacy"
    )
    await expect(
      features["solana:signAndSendTransaction"].signAndSendTransaction({
        account,
        transaction: wireBytes(compiled),
        chain: "solana:localnet"
      })
    ).rejects.toMatchObject({ code: expect.any(Number) })
    expect(control.sent()).toEqual([])
  })
})
