import { assert, describe, it } from "@effect/vitest"
import { base58 } from "@scure/base"
import fc from "fast-check"
import type { DescribeContext } from "../../src/layers/requests/describeContext"
import { decodeBase58 } from "../../src/layers/requests/requestValues"
import { SOLANA_ALICE as pubkey } from "../kit/accounts"
import { NUM_RUNS } from "../schemas/helpers"
import { describe1, text, value } from "./describeFixtures"

describe("describeRequest: Solana", () => {
  const solana: DescribeContext = { activeChainId: undefined, networkName: "Solana", nativeSymbol: "SOL" }

  it("solana_signMessage: the base58 message as text when it is text, else as sent", () => {
    const message = base58.encode(new TextEncoder().encode("Sign in to example.org"))
    const readable = describe1("solana_signMessage", { message, pubkey }, solana)
    assert.strictEqual(readable.title, "SignMessage")
    assert.deepStrictEqual(value(readable, "Message"), text("Sign in to example.org"))
    assert.deepStrictEqual(value(readable, "PublicKey"), text(pubkey))
    const binary = base58.encode(Uint8Array.from([0, 1, 2, 255]))
    assert.deepStrictEqual(
      value(describe1("solana_signMessage", { message: binary, pubkey }, solana), "MessageBase58"),
      text(binary)
    )
  })

  it("solana_signIn: the fields the wallet writes its message from", () => {
    const signIn = describe1(
      "solana_signIn",
      { domain: "example.org", statement: "Welcome", chainId: "solana:localnet", nonce: "abcdefgh12" },
      solana
    )
    assert.strictEqual(signIn.title, "SignIn")
    assert.deepStrictEqual(value(signIn, "Website"), text("example.org"))
    assert.deepStrictEqual(value(signIn, "Statement"), text("Welcome"))
    assert.deepStrictEqual(value(signIn, "Nonce"), text("abcdefgh12"))
    assert.strictEqual(describe1("solana_signIn", { nonce: 42 }, solana).title, "SignIn")
  })

  it("transaction methods: how many transactions", () => {
    const one = describe1("solana_signTransaction", { transaction: "AQID" }, solana)
    assert.strictEqual(one.title, "SignTransaction")
    assert.deepStrictEqual(value(one, "Transactions"), { _tag: "Count", count: 1 })
    assert.deepStrictEqual(value(one, "Contents"), { _tag: "NotDecoded" })
    const all = describe1("solana_signAllTransactions", { transactions: ["AQID", "BAUG", "BwgJ"] }, solana)
    assert.strictEqual(all.title, "SignTransactions")
    assert.deepStrictEqual(value(all, "Transactions"), { _tag: "Count", count: 3 })
    const send = describe1("solana_signAndSendTransaction", { transaction: "AQID", options: {} }, solana)
    assert.strictEqual(send.title, "SignAndSendTransaction")
  })

  it("decodeBase58 agrees with @scure/base and refuses what is not base58", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        assert.deepStrictEqual(decodeBase58(base58.encode(bytes)), bytes)
      }),
      { numRuns: NUM_RUNS }
    )
    assert.isUndefined(decodeBase58("0OIl"))
    assert.isUndefined(decodeBase58("2".repeat(5000)))
  })
})
