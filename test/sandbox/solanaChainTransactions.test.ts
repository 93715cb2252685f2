/** The sandbox's local Solana chain (sandbox/solana/chain.mjs): transactions landed, refused, simulated. */
import {
  type Base64EncodedWireTransaction,
  compileTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  getTransactionEncoder
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { describe, expect, it } from "vitest"
import {
  address,
  ataOf,
  call,
  lamportsOf,
  message,
  now,
  result,
  SOL,
  signed,
  signers,
  solana,
  tokensOf
} from "./solanaChainWorld"

/** `getFeeForMessage` for a message, as a wallet asks it. */
const feeFor = async (msg: Awaited<ReturnType<typeof message>>) => {
  const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(msg))
  const { value } = await result("getFeeForMessage", [getBase64Decoder().decode(bytes)])
  return BigInt(value)
}

describe("transactions", () => {
  it("lands a SOL transfer signed with @solana/kit: confirmed, amount plus fee moved", async () => {
    const amount = 1_234_567_890n
    const msg = await message(signers[3]!, [
      getTransferSolInstruction({ source: signers[3]!, destination: address(4) as never, amount })
    ])
    const fee = await feeFor(msg)
    expect(fee).toBe(5_000n)
    const [from, to, slot] = [
      await lamportsOf(address(3)),
      await lamportsOf(address(4)),
      await result("getSlot")
    ]
    const tx = await signed(msg)
    const signature = await result("sendTransaction", [
      getBase64EncodedWireTransaction(tx),
      { encoding: "base64" }
    ])
    expect(signature).toBe(getSignatureFromTransaction(tx))
    const statuses = await result("getSignatureStatuses", [[signature, "1".repeat(88)]])
    expect(statuses.value[0]).toMatchObject({ err: null, status: { Ok: null }, slot })
    expect(["confirmed", "finalized"]).toContain(statuses.value[0].confirmationStatus)
    expect(statuses.value[1]).toBeNull()
    expect(await lamportsOf(address(3))).toBe(from - amount - fee)
    expect(await lamportsOf(address(4))).toBe(to + amount)
    // The block clock moved on; the old blockhash stays valid for a while, as on Solana.
    expect(await result("getSlot")).toBe(slot + 1)
    expect((await result("isBlockhashValid", [msg.lifetimeConstraint.blockhash])).value).toBe(true)
    expect((await result("isBlockhashValid", ["4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY"])).value).toBe(
      false
    )

    const landed = await result("getTransaction", [
      signature,
      { encoding: "json", maxSupportedTransactionVersion: 0 }
    ])
    expect(landed).toMatchObject({ slot, version: 0, meta: { err: null, fee: 5000 } })
    expect(landed.blockTime).toBeGreaterThanOrEqual(Math.floor(now.getTime() / 1000))
    expect(landed.transaction.signatures).toEqual([signature])
    expect(landed.transaction.message.accountKeys.slice(0, 2)).toEqual([address(3), address(4)])
    expect(landed.meta.preBalances[0] - landed.meta.postBalances[0]).toBe(Number(amount + fee))
    expect(landed.meta.logMessages).toContain("Program 11111111111111111111111111111111 success")
    // Version 0 needs maxSupportedTransactionVersion, as on Solana.
    expect((await call("getTransaction", [signature, { encoding: "json" }])).error?.code).toBe(-32015)
    const [newest] = await result("getSignaturesForAddress", [address(4), { limit: 1 }])
    expect(newest.signature).toBe(signature)
  })

  it("takes base58 wire transactions too, and refuses to land one twice", async () => {
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({ source: signers[5]!, destination: address(4) as never, amount: 1_000n })
    ])
    const wire = getBase58Decoder().decode(getTransactionEncoder().encode(await signed(msg)))
    const signature = await result("sendTransaction", [wire])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    const again = await call("sendTransaction", [wire])
    expect(again.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: This transaction has already been processed",
      data: { err: "AlreadyProcessed" }
    })
  })

  it("lands an SPL transfer into a new associated token account", async () => {
    const amount = 12_500_000n
    const destination = await ataOf(address(3))
    const msg = await message(signers[1]!, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signers[1]!,
        ata: destination,
        owner: address(3) as never,
        mint: solana.mint.address as never
      }),
      getTransferCheckedInstruction({
        source: await ataOf(address(1)),
        mint: solana.mint.address as never,
        destination,
        authority: signers[1]!,
        amount,
        decimals: 6
      })
    ])
    const fee = await feeFor(msg)
    const rent = BigInt(await result("getMinimumBalanceForRentExemption", [165]))
    const [sol, from, to] = [
      await lamportsOf(address(1)),
      await tokensOf(address(1)),
      await tokensOf(address(3))
    ]
    const signature = await result("sendTransaction", [
      getBase64EncodedWireTransaction(await signed(msg)),
      { encoding: "base64", preflightCommitment: "confirmed" }
    ])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    expect(await tokensOf(address(1))).toBe(from - amount)
    expect(await tokensOf(address(3))).toBe(to + amount)
    expect(await lamportsOf(address(3))).toBe(100n * SOL - 1_234_567_890n - 5_000n)
    expect(await lamportsOf(address(1))).toBe(sol - fee - rent)
    const { value } = await result("getTokenAccountsByOwner", [
      address(3),
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: "jsonParsed" }
    ])
    expect(value).toEqual([
      {
        pubkey: destination,
        account: expect.objectContaining({
          owner: TOKEN_PROGRAM_ADDRESS,
          lamports: Number(rent),
          data: {
            program: "spl-token",
            parsed: {
              type: "account",
              info: {
                isNative: false,
                mint: solana.mint.address,
                owner: address(3),
                state: "initialized",
                tokenAmount: { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" }
              }
            },
            space: 165
          }
        })
      }
    ])
    const landed = await result("getTransaction", [signature, { maxSupportedTransactionVersion: 0 }])
    expect(landed.meta.postTokenBalances).toContainEqual({
      accountIndex: expect.any(Number),
      mint: solana.mint.address,
      owner: address(3),
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" }
    })
  })

  it("refuses a tampered signature with Solana's error and lands nothing", async () => {
    const before = await lamportsOf(address(5))
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({ source: signers[5]!, destination: address(2) as never, amount: 7n * SOL })
    ])
    const bytes = Uint8Array.from(getTransactionEncoder().encode(await signed(msg)))
    bytes[10] = (bytes[10]! ^ 0xff) & 0xff // inside the first signature
    const wire = getBase64Decoder().decode(bytes)
    const answer = await call("sendTransaction", [wire, { encoding: "base64" }])
    expect(answer.error).toEqual({ code: -32003, message: "Transaction signature verification failure" })
    const signature = getBase58Decoder().decode(bytes.slice(1, 65))
    expect((await result("getSignatureStatuses", [[signature]])).value).toEqual([null])
    expect(await lamportsOf(address(5))).toBe(before)
  })

  it("answers a failing transaction with the -32002 preflight failure, logs included", async () => {
    const before = await lamportsOf(address(5))
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({
        source: signers[5]!,
        destination: address(2) as never,
        amount: 10_000n * SOL
      })
    ])
    const answer = await call("sendTransaction", [
      getBase64EncodedWireTransaction(await signed(msg)),
      { encoding: "base64" }
    ])
    expect(answer.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
      data: {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: expect.arrayContaining([expect.stringMatching(/insufficient lamports/)]),
        accounts: null,
        unitsConsumed: expect.any(Number)
      }
    })
    expect(await lamportsOf(address(5))).toBe(before)
    // A malformed transaction is an invalid param.
    expect((await call("sendTransaction", ["AAAA", { encoding: "base64" }])).error?.code).toBe(-32602)
  })

  it("simulates without landing and reports the logs", async () => {
    const before = await lamportsOf(address(4))
    const msg = await message(signers[4]!, [
      getTransferSolInstruction({ source: signers[4]!, destination: address(5) as never, amount: 3n * SOL })
    ])
    const tx = await signed(msg)
    const slot = await result("getSlot")
    const { context, value } = await result("simulateTransaction", [
      getBase64EncodedWireTransaction(tx),
      { encoding: "base64", accounts: { addresses: [address(5)], encoding: "base64" } }
    ])
    expect(context.slot).toBe(slot)
    expect(value).toMatchObject({
      err: null,
      logs: [
        "Program 11111111111111111111111111111111 invoke [1]",
        "Program 11111111111111111111111111111111 success"
      ],
      unitsConsumed: expect.any(Number),
      replacementBlockhash: null
    })
    expect(BigInt(value.accounts[0].lamports)).toBe((await lamportsOf(address(5))) + 3n * SOL)
    expect(await lamportsOf(address(4))).toBe(before)
    expect(await result("getSlot")).toBe(slot)
    expect((await result("getSignatureStatuses", [[getSignatureFromTransaction(tx)]])).value).toEqual([null])
    // Unsigned, with the blockhash replaced: as @solana/kit estimates compute units.
    const unsigned = getBase64Decoder().decode(
      getTransactionEncoder().encode({ ...tx, signatures: { [address(4)]: null } } as never)
    )
    const estimate = await result("simulateTransaction", [
      unsigned as Base64EncodedWireTransaction,
      { encoding: "base64", replaceRecentBlockhash: true, sigVerify: false }
    ])
    expect(estimate.value.err).toBeNull()
    expect(estimate.value.replacementBlockhash).toEqual({
      blockhash: expect.any(String),
      lastValidBlockHeight: expect.any(Number)
    })
  })

  it("airdrops from its faucet", async () => {
    const before = await lamportsOf(address(5))
    const signature = await result("requestAirdrop", [address(5), 2_000_000_000])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    expect(await lamportsOf(address(5))).toBe(before + 2n * SOL)
    expect((await call("requestAirdrop", [address(5), 10 ** 16])).error?.code).toBe(-32602)
  })
})
