import { ed25519 } from "@noble/curves/ed25519"
import { sha256 } from "@noble/hashes/sha2"
import { base58 } from "@scure/base"
import { AccountRole, getBase64Encoder } from "@solana/kit"
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system"
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { describe, expect, it } from "vitest"
import {
  associatedTokenAccount,
  checkSolanaReceiver,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAccountSize,
  transferMessage,
  transferTransaction
} from "../../../src/layers/flows/send/solanaTransfer"
import type { SolanaTransfer } from "../../../src/services/Send"
import {
  ALICE,
  SOLANA_BLOCKHASH as BLOCKHASH,
  SOLANA_BOB as RECEIVER,
  SOLANA_ALICE as SENDER
} from "../../kit/accounts"
import { USDC_MINT } from "../../kit/networks"
import { decodeWire as decode } from "./wireTransaction"

const lifetime = { blockhash: BLOCKHASH, lastValidBlockHeight: 300_000_000n }

/** A program-derived address computed from its definition, not with kit: the first bump off the curve. */
const derived = (seeds: ReadonlyArray<string>, program: string): string => {
  const marker = new TextEncoder().encode("ProgramDerivedAddress")
  for (let bump = 255; bump >= 0; bump--) {
    const parts = [...seeds.map((s) => base58.decode(s)), Uint8Array.of(bump), base58.decode(program), marker]
    const hash = sha256(Uint8Array.from(parts.flatMap((part) => [...part])))
    try {
      ed25519.ExtendedPoint.fromHex(hash)
    } catch {
      return base58.encode(hash)
    }
  }
  throw new Error("no bump")
}

const tokenTransfer = async (createsAccount: boolean, tokenProgram: string = TOKEN_PROGRAM_ADDRESS) =>
  ({
    kind: "token",
    from: SENDER,
    to: RECEIVER,
    mint: USDC_MINT,
    tokenProgram,
    decimals: 6,
    amount: 2_500_000n,
    source: await associatedTokenAccount(SENDER, USDC_MINT, tokenProgram),
    destination: await associatedTokenAccount(RECEIVER, USDC_MINT, tokenProgram),
    createsAccount
  }) satisfies SolanaTransfer

describe("checkSolanaReceiver", () => {
  it("accepts the base58 of 32 bytes, trimmed", () => {
    expect(checkSolanaReceiver(`  ${RECEIVER} `)).toEqual({ ok: true, address: RECEIVER })
  })

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    [ALICE, "solana-format"],
    // Base58 characters, but not 32 bytes.
    ["1111111111111111111111111111111", "solana-format"],
    [`${RECEIVER}1`, "solana-format"],
    // 0, O, I and l are not base58.
    [`${RECEIVER.slice(0, -1)}0`, "solana-format"]
  ])("refuses %j (%s)", (text, problem) => {
    expect(checkSolanaReceiver(text)).toEqual({ ok: false, problem })
  })
})

describe("SOL transfer", () => {
  const transfer: SolanaTransfer = { kind: "sol", from: SENDER, to: RECEIVER, lamports: 1_500_000_000n }

  it("is one System transfer from the sender, who pays the fee and has an empty signature slot", () => {
    const { transaction, message } = decode(transferTransaction(transfer, lifetime))
    expect(Object.keys(transaction.signatures)).toEqual([SENDER])
    expect(transaction.signatures[SENDER as keyof typeof transaction.signatures]).toBeNull()
    expect(message.feePayer.address).toBe(SENDER)
    expect(message.lifetimeConstraint).toMatchObject({ blockhash: BLOCKHASH })
    expect(message.instructions).toHaveLength(1)
    const [instruction] = message.instructions
    expect(instruction?.programAddress).toBe(SYSTEM_PROGRAM_ADDRESS)
    const parsed = parseTransferSolInstruction(instruction as never)
    expect(parsed.accounts.source.address).toBe(SENDER)
    expect(parsed.accounts.source.role).toBe(AccountRole.WRITABLE_SIGNER)
    expect(parsed.accounts.destination.address).toBe(RECEIVER)
    expect(parsed.data.amount).toBe(1_500_000_000n)
  })

  it("gives getFeeForMessage the same message the wire transaction carries", () => {
    const { transaction } = decode(transferTransaction(transfer, lifetime))
    const message = getBase64Encoder().encode(transferMessage(transfer, lifetime))
    expect([...message]).toEqual([...transaction.messageBytes])
  })
})

describe("SPL transfer", () => {
  it.each([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])(
    "derives the associated token account as the ATA program defines it (%s)",
    async (program) => {
      for (const owner of [SENDER, RECEIVER])
        expect(await associatedTokenAccount(owner, USDC_MINT, program)).toBe(
          derived([owner, program, USDC_MINT], ASSOCIATED_TOKEN_PROGRAM_ADDRESS)
        )
    }
  )

  it("is one transferChecked between the two token accounts when the receiver's exists", async () => {
    const transfer = await tokenTransfer(false)
    const { message } = decode(transferTransaction(transfer, lifetime))
    expect(message.feePayer.address).toBe(SENDER)
    expect(message.instructions).toHaveLength(1)
    const [instruction] = message.instructions
    expect(instruction?.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    const parsed = parseTransferCheckedInstruction(instruction as never)
    expect(parsed.accounts.source.address).toBe(transfer.source)
    expect(parsed.accounts.mint.address).toBe(USDC_MINT)
    expect(parsed.accounts.destination.address).toBe(transfer.destination)
    expect(parsed.accounts.authority.address).toBe(SENDER)
    expect(parsed.accounts.authority.role).toBe(AccountRole.WRITABLE_SIGNER)
    expect(parsed.data).toMatchObject({ amount: 2_500_000n, decimals: 6 })
  })

  it("creates the receiver's token account first, idempotently, when it is missing", async () => {
    const transfer = await tokenTransfer(true)
    const { message } = decode(transferTransaction(transfer, lifetime))
    expect(Array.from(message.instructions, (i) => i.programAddress)).toEqual([
      ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      TOKEN_PROGRAM_ADDRESS
    ])
    const create = parseCreateAssociatedTokenIdempotentInstruction(message.instructions[0] as never)
    expect(create.data.discriminator).toBe(1)
    expect(create.accounts.payer.address).toBe(SENDER)
    expect(create.accounts.ata.address).toBe(transfer.destination)
    expect(create.accounts.owner.address).toBe(RECEIVER)
    expect(create.accounts.mint.address).toBe(USDC_MINT)
    expect(create.accounts.tokenProgram.address).toBe(TOKEN_PROGRAM_ADDRESS)
    const send = parseTransferCheckedInstruction(message.instructions[1] as never)
    expect(send.accounts.destination.address).toBe(transfer.destination)
    expect(send.data.amount).toBe(2_500_000n)
  })

  it("sends through Token-2022 when the mint belongs to it", async () => {
    const transfer = await tokenTransfer(true, TOKEN_2022_PROGRAM_ADDRESS)
    const { message } = decode(transferTransaction(transfer, lifetime))
    expect(message.instructions[1]?.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    const create = parseCreateAssociatedTokenIdempotentInstruction(message.instructions[0] as never)
    expect(create.accounts.tokenProgram.address).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    expect(tokenAccountSize(TOKEN_2022_PROGRAM_ADDRESS)).toBe(170)
    expect(tokenAccountSize(TOKEN_PROGRAM_ADDRESS)).toBe(165)
  })
})
