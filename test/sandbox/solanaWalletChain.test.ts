import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { findAssociatedTokenPda, getTransferCheckedInstruction } from "@solana-program/token"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SandboxSolana, startSandboxSolana } from "../../sandbox/solana/chain.mjs"
import { createApprovals } from "../../sandbox/wallets/injected/approvals"
import { createSandboxSolanaWallet } from "../../sandbox/wallets/solana/wallet"

/** The Sandbox Solana Wallet's signAndSendTransaction against the sandbox's local Solana chain (litesvm). */

let chain: SandboxSolana
beforeAll(async () => {
  chain = await startSandboxSolana()
}, 30_000)
afterAll(() => chain?.stop())

const rpc = async <T>(method: string, params: ReadonlyArray<unknown> = []): Promise<T> => {
  const response = await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error !== undefined) throw new Error(JSON.stringify(body.error))
  return body.result as T
}

const lamportsOf = async (owner: string) =>
  BigInt((await rpc<{ value: number }>("getBalance", [owner])).value)
const tokensOf = async (tokenAccount: string) =>
  BigInt((await rpc<{ value: { amount: string } }>("getTokenAccountBalance", [tokenAccount])).value.amount)

describe("signAndSendTransaction on the local chain", () => {
  it("sends 0.5 SOL and 10 tokens from dev account 0 to dev account 1, confirmed", async () => {
    const [from, to] = [chain.accounts[0]!, chain.accounts[1]!]
    const control = createSandboxSolanaWallet({
      account: from,
      origin: "http://127.0.0.1:5173",
      storage: undefined,
      approvals: createApprovals("auto-approve", undefined),
      config: () => ({ rpcUrl: chain.rpcUrl, chain: chain.chain, mint: chain.mint })
    })
    const features = control.wallet.features
    const [account] = (await features["standard:connect"].connect()).accounts
    const mint = address(chain.mint.address)
    const tokenProgram = address(chain.mint.programId)
    const [source] = await findAssociatedTokenPda({ owner: address(from.address), mint, tokenProgram })
    const [destination] = await findAssociatedTokenPda({ owner: address(to.address), mint, tokenProgram })

    const before = {
      from: await lamportsOf(from.address),
      to: await lamportsOf(to.address),
      source: await tokensOf(source),
      destination: await tokensOf(destination)
    }
    const { value: latest } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      "getLatestBlockhash"
    )
    const payer = createNoopSigner(address(from.address))
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: latest.blockhash as Blockhash,
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight)
          },
          m
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: payer,
              destination: address(to.address),
              amount: 500_000_000n
            }),
            getTransferCheckedInstruction(
              {
                source,
                mint,
                destination,
                authority: payer,
                amount: 10_000_000n,
                decimals: chain.mint.decimals
              },
              { programAddress: tokenProgram }
            )
          ],
          m
        )
    )
    const transaction = Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
    const [output] = await features["solana:signAndSendTransaction"].signAndSendTransaction({
      account: account!,
      transaction,
      chain: "solana:localnet",
      options: { commitment: "confirmed" }
    })
    const signature = base58.encode(output!.signature)
    expect(control.sent()).toEqual([signature])
    const compiled = compileTransaction(message)
    expect(
      ed25519.verify(output!.signature, Uint8Array.from(compiled.messageBytes), base58.decode(from.address))
    ).toBe(true)

    const fee = 5_000n
    expect(await lamportsOf(from.address)).toBe(before.from - 500_000_000n - fee)
    expect(await lamportsOf(to.address)).toBe(before.to + 500_000_000n)
    expect(await tokensOf(source)).toBe(before.source - 10_000_000n)
    expect(await tokensOf(destination)).toBe(before.destination + 10_000_000n)
  })

  it("passes the node's preflight failure on (a transfer beyond the balance)", async () => {
    const from = chain.accounts[4]!
    const control = createSandboxSolanaWallet({
      account: from,
      origin: "http://127.0.0.1:5173",
      storage: undefined,
      approvals: createApprovals("auto-approve", undefined),
      config: () => ({ rpcUrl: chain.rpcUrl, chain: chain.chain, mint: chain.mint })
    })
    const features = control.wallet.features
    const [account] = (await features["standard:connect"].connect()).accounts
    const { value: latest } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      "getLatestBlockhash"
    )
    const payer = createNoopSigner(address(from.address))
    const message = pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: latest.blockhash as Blockhash,
            lastValidBlockHeight: BigInt(latest.lastValidBlockHeight)
          },
          m
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: payer,
              destination: address(chain.accounts[5]!.address),
              amount: 1_000_000n * 1_000_000_000n
            })
          ],
          m
        )
    )
    const transaction = Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
    await expect(
      features["solana:signAndSendTransaction"].signAndSendTransaction({
        account: account!,
        transaction,
        chain: "solana:localnet"
      })
    ).rejects.toMatchObject({ code: expect.any(Number) })
    expect(control.sent()).toEqual([])
  })
})
