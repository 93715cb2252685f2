import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { foreignSender, namedSender } from "../../src/layers/requests/requestSender"
import { ALICE, BOB, SOLANA_ALICE, SOLANA_BOB } from "../kit/accounts"

describe("namedSender", () => {
  it("reads the sender or signer each method names", () => {
    expect(namedSender("eth_sendTransaction", [{ from: BOB }])).toBe(BOB)
    expect(namedSender("wallet_sendCalls", [{ from: BOB, calls: [] }])).toBe(BOB)
    expect(namedSender("personal_sign", ["0x68656c6c6f", BOB])).toBe(BOB)
    // The older order, which wallets still accept.
    expect(namedSender("personal_sign", [BOB, "0x68656c6c6f"])).toBe(BOB)
    expect(namedSender("eth_signTypedData_v4", [BOB, "{}"])).toBe(BOB)
    expect(namedSender("solana_signMessage", { message: "2", pubkey: SOLANA_BOB })).toBe(SOLANA_BOB)
    expect(namedSender("eth_sendTransaction", [{ to: BOB }])).toBeUndefined()
    expect(namedSender("eth_getBalance", [BOB, "latest"])).toBeUndefined()
  })
})

describe("foreignSender", () => {
  it("refuses another account, keeps the connected one in any case (EVM) or exactly (Solana)", () => {
    expect(
      foreignSender("eip155", "eth_sendTransaction", [{ from: ALICE.toLowerCase() }], ALICE)
    ).toBeUndefined()
    expect(foreignSender("eip155", "eth_sendTransaction", [{ from: null }], ALICE)).toBeUndefined()
    expect(foreignSender("eip155", "eth_sendTransaction", [{ from: BOB }], ALICE)).toMatchObject({
      _tag: "AccountMismatchError",
      expected: ALICE,
      requested: BOB
    })
    expect(foreignSender("eip155", "eth_sendTransaction", [{ from: 42 }], ALICE)).toMatchObject({
      requested: "(number)"
    })
    expect(
      foreignSender("solana", "solana_signMessage", { message: "2", pubkey: SOLANA_ALICE }, SOLANA_ALICE)
    ).toBeUndefined()
    expect(
      foreignSender(
        "solana",
        "solana_signMessage",
        { message: "2", pubkey: SOLANA_ALICE.toLowerCase() },
        SOLANA_ALICE
      )
    ).toMatchObject({ _tag: "AccountMismatchError" })
  })

  it("is total: any params, a bounded account named, never a throw", () => {
    const hostile = {
      toString: () => {
        throw new Error("no")
      }
    }
    expect(foreignSender("eip155", "eth_sendTransaction", [{ from: hostile }], ALICE)).toMatchObject({
      requested: "(object)"
    })
    fc.assert(
      fc.property(
        fc.constantFrom(
          "eth_sendTransaction",
          "wallet_sendCalls",
          "personal_sign",
          "eth_signTypedData_v4",
          "solana_signMessage"
        ),
        fc.anything(),
        (method, params) => {
          const refusal = foreignSender("eip155", method, params, ALICE)
          expect(refusal === undefined || refusal.requested.length <= 100).toBe(true)
        }
      )
    )
  })
})
