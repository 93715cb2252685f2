import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import type { Transaction } from "@solana/kit"
import { describe, expect, it } from "vitest"
import { SANDBOX_SOLANA_LOCALNET, sandboxSolanaAddress } from "../../sandbox/shared/solana"
import { createSolanaSigner } from "../../sandbox/wallets/walletconnect/solana"
import { solanaForFile } from "./sandboxWorld"
import {
  compile,
  lamportsOf,
  latestLifetime,
  solanaRpc,
  solTransfer,
  tokensOf,
  tokenTransfer,
  wireBytes
} from "./solanaTransfer"

/**
 * The Sandbox WalletConnect Wallet's `solana_signAndSendTransaction` against the sandbox's local Solana chain
 * (litesvm behind its JSON-RPC): approved requests land, and move exactly what they say.
 */

const chain = solanaForFile()
/** Every `sendTransaction` the wallet made: its params as sent. */
const sent: Array<ReadonlyArray<unknown>> = []

const recordingFetch: typeof fetch = async (input, init) => {
  const body = JSON.parse(String(init?.body)) as { method: string; params: ReadonlyArray<unknown> }
  if (body.method === "sendTransaction") sent.push(body.params)
  return fetch(input, init)
}

const signer = () =>
  createSolanaSigner(
    () => ({ rpcUrl: chain().rpcUrl, chain: chain().chain, mint: chain().mint }),
    recordingFetch
  )

/** Approves `solana_signAndSendTransaction` of `params` at once: its answer, or the error it answers. */
const signAndSend = async (params: Record<string, unknown>) => {
  const prepared = signer()("solana_signAndSendTransaction", SANDBOX_SOLANA_LOCALNET, params)
  return (await prepared.run()) as { signature: string }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("did not fail")
    },
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: String(error.message) })
  )

const account = (index: number) => chain().accounts[index]!.address
const lamports = (index: number) => lamportsOf(chain().rpcUrl, account(index))
const status = async (signature: string) =>
  (
    await solanaRpc<{ value: ReadonlyArray<{ err: unknown; confirmationStatus: string } | null> }>(
      chain().rpcUrl,
      "getSignatureStatuses",
      [[signature]]
    )
  ).value[0]

const FEE = 5_000n

describe("solana_signAndSendTransaction on the local chain", () => {
  it("sends a SOL transfer given in base64: the receiver gains exactly the amount, the wallet pays it and the fee", async () => {
    expect(account(0)).toBe(sandboxSolanaAddress)
    const amount = 250_000_000n
    const [from, to] = [await lamports(0), await lamports(3)]
    const transaction = compile(
      account(0),
      [solTransfer(account(0), account(3), amount)],
      await latestLifetime(chain().rpcUrl)
    )
    const { signature } = await signAndSend({ transaction: base64.encode(wireBytes(transaction)) })
    expect(base58.decode(signature)).toHaveLength(64)
    expect(
      ed25519.verify(
        base58.decode(signature),
        Uint8Array.from(transaction.messageBytes),
        base58.decode(account(0))
      )
    ).toBe(true)
    expect(await status(signature)).toMatchObject({ err: null, confirmationStatus: "finalized" })
    expect(await lamports(3)).toBe(to + amount)
    expect(await lamports(0)).toBe(from - amount - FEE)
  })

  it("sends an sSPL transfer given in base58, waiting for the commitment asked", async () => {
    const { instruction, source, destination } = await tokenTransfer(
      chain().mint,
      account(0),
      account(1),
      12_500_000n
    )
    const before = [
      await tokensOf(chain().rpcUrl, source),
      await tokensOf(chain().rpcUrl, destination)
    ] as const
    const transaction = compile(account(0), [instruction], await latestLifetime(chain().rpcUrl), "legacy")
    const { signature } = await signAndSend({
      transaction: base58.encode(wireBytes(transaction)),
      pubkey: sandboxSolanaAddress,
      options: { commitment: "confirmed" }
    })
    expect(await status(signature)).toMatchObject({ err: null })
    expect(await tokensOf(chain().rpcUrl, source)).toBe(before[0] - 12_500_000n)
    expect(await tokensOf(chain().rpcUrl, destination)).toBe(before[1] + 12_500_000n)
  })

  it("signs as the second signer when another account pays the fee and signed first", async () => {
    const amount = 1_000_000n
    const [payer, from, to] = [await lamports(1), await lamports(0), await lamports(4)]
    const unsigned = compile(
      account(1),
      [solTransfer(account(0), account(4), amount)],
      await latestLifetime(chain().rpcUrl)
    )
    const theirs = ed25519.sign(Uint8Array.from(unsigned.messageBytes), chain().accounts[1]!.seed)
    const partly = {
      ...unsigned,
      signatures: { ...unsigned.signatures, [account(1)]: theirs }
    } as Transaction
    const { signature } = await signAndSend({ transaction: base64.encode(wireBytes(partly)) })
    // The transaction's signature is the fee payer's, the first.
    expect(base58.decode(signature)).toEqual(theirs)
    expect(await lamports(4)).toBe(to + amount)
    expect(await lamports(0)).toBe(from - amount)
    expect(await lamports(1)).toBe(payer - 2n * FEE)
  })

  it("hands the send options to sendTransaction, with the transaction in base64", async () => {
    sent.length = 0
    const transaction = compile(
      account(0),
      [solTransfer(account(0), account(5), 1n)],
      await latestLifetime(chain().rpcUrl)
    )
    const sendOptions = {
      skipPreflight: false,
      preflightCommitment: "confirmed",
      maxRetries: 2,
      minContextSlot: 1
    }
    await signAndSend({ transaction: base64.encode(wireBytes(transaction)), sendOptions })
    expect(sent).toHaveLength(1)
    const [wire, config] = sent[0]!
    expect(config).toEqual({ encoding: "base64", ...sendOptions })
    const signed = base64.decode(String(wire))
    expect(signed.slice(65)).toEqual(Uint8Array.from(transaction.messageBytes))
  })

  it("answers the node's preflight error (-32002) and lands nothing; with skipPreflight it lands failed, the fee charged", async () => {
    const tooMuch = 1_000_000n * 1_000_000_000n
    const build = async () =>
      base64.encode(
        wireBytes(
          compile(
            account(0),
            [solTransfer(account(0), account(5), tooMuch)],
            await latestLifetime(chain().rpcUrl)
          )
        )
      )
    const before = await lamports(0)
    const refused = await failure(signAndSend({ transaction: await build() }))
    expect(refused.code).toBe(-32002)
    expect(refused.message).toMatch(/^Transaction simulation failed/)
    expect(await lamports(0)).toBe(before)

    const { signature } = await signAndSend({
      transaction: await build(),
      sendOptions: { skipPreflight: true }
    })
    expect((await status(signature))?.err).not.toBeNull()
    expect(await lamports(0)).toBe(before - FEE)
  })

  it("refuses a transaction whose blockhash the chain does not know (BlockhashNotFound)", async () => {
    const stale = compile(account(0), [solTransfer(account(0), account(5), 1n)], {
      blockhash: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zqqqqqqqqqqqq",
      lastValidBlockHeight: 1
    })
    const refused = await failure(signAndSend({ transaction: base64.encode(wireBytes(stale)) }))
    expect(refused.code).toBe(-32002)
    expect(refused.message).toContain("Blockhash not found")
  })
})
