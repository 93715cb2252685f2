import { getBase64EncodedWireTransaction } from "@solana/kit"
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { associatedTokenAccount, transferTransaction } from "../../src/layers/flows/send/solanaTransfer"
import { solanaTransferOf } from "../../src/layers/requests/solanaWire"
import type { SolanaTransfer } from "../../src/services/Send"
import { SOLANA_BOB as RECEIVER, SOLANA_ALICE as SENDER, SOLANA_BLOCKHASH } from "../kit/accounts"
import { USDC_MINT as MINT } from "../kit/networks"
import { compile, solTransfer } from "../sandbox/solanaTransfer"

const OTHER = "SysvarC1ock11111111111111111111111111111111"
const lifetime = { blockhash: SOLANA_BLOCKHASH, lastValidBlockHeight: 1n }
const sol = (lamports: bigint, to = RECEIVER): SolanaTransfer => ({ kind: "sol", from: SENDER, to, lamports })

/** A transaction of `version` paid by `payer` whose instructions are System transfers of `from`. */
const transfers = (
  version: 0 | "legacy",
  payer: string,
  moves: ReadonlyArray<{ readonly from: string; readonly to: string; readonly lamports: bigint }>
) =>
  getBase64EncodedWireTransaction(
    compile(
      payer,
      moves.map((move) => solTransfer(move.from, move.to, move.lamports)),
      { blockhash: lifetime.blockhash, lastValidBlockHeight: 1 },
      version
    )
  )

describe("solanaTransferOf", () => {
  it("reads the receiver and lamports of a SOL transfer Send builds", () => {
    expect(solanaTransferOf(transferTransaction(sol(1_500_000_000n), lifetime))).toEqual({
      to: RECEIVER,
      lamports: 1_500_000_000n
    })
  })

  it("reads legacy transactions too, and any u64 amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (lamports) => {
        const wire = transfers("legacy", SENDER, [{ from: SENDER, to: RECEIVER, lamports }])
        expect(solanaTransferOf(wire)).toEqual({ to: RECEIVER, lamports })
      }),
      { numRuns: 50 }
    )
  })

  it("says nothing of an SPL transfer, two transfers, or a transfer not from the fee payer", async () => {
    const token: SolanaTransfer = {
      kind: "token",
      from: SENDER,
      to: RECEIVER,
      mint: MINT,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      decimals: 6,
      amount: 1n,
      source: await associatedTokenAccount(SENDER, MINT, TOKEN_PROGRAM_ADDRESS),
      destination: await associatedTokenAccount(RECEIVER, MINT, TOKEN_PROGRAM_ADDRESS),
      createsAccount: true
    }
    expect(solanaTransferOf(transferTransaction(token, lifetime))).toBeUndefined()
    const twice = [
      { from: SENDER, to: RECEIVER, lamports: 1n },
      { from: SENDER, to: OTHER, lamports: 2n }
    ]
    expect(solanaTransferOf(transfers(0, SENDER, twice))).toBeUndefined()
    expect(
      solanaTransferOf(transfers(0, SENDER, [{ from: OTHER, to: RECEIVER, lamports: 1n }]))
    ).toBeUndefined()
  })

  it("says nothing of bytes that are not exactly one transaction, and never throws", () => {
    const wire = transferTransaction(sol(5n), lifetime)
    const bytes = Uint8Array.from(atob(wire), (c) => c.charCodeAt(0))
    const encode = (b: Uint8Array) => btoa(String.fromCharCode(...b))
    expect(solanaTransferOf(encode(bytes.subarray(0, bytes.length - 1)))).toBeUndefined()
    expect(solanaTransferOf(encode(Uint8Array.from([...bytes, 0])))).toBeUndefined()
    expect(solanaTransferOf("")).toBeUndefined()
    expect(solanaTransferOf("not base64!")).toBeUndefined()
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.string(), (random, text) => {
        solanaTransferOf(encode(random))
        solanaTransferOf(text)
      })
    )
  })
})
