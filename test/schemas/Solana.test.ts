import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { decodeUnknownResult } from "../../src/schemas/decode"
import {
  SolanaSignAllTransactionsParams,
  SolanaSignAllTransactionsResult,
  SolanaSignAndSendOptions,
  SolanaSignAndSendTransactionParams,
  SolanaSignAndSendTransactionResult,
  SolanaSignMessageParams,
  SolanaSignMessageResult,
  SolanaSignTransactionParams,
  SolanaSignTransactionResult
} from "../../src/schemas/Solana"
import { ALICE } from "../kit/accounts"
import {
  accepts,
  BASE58,
  hostile,
  mutated,
  NUM_RUNS,
  neverThrows,
  rejects,
  solanaAddressArb
} from "./helpers"

const pubkey = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
/** 64 bytes of 0x01 in base58 (87 characters). */
const signature = "2AXDGYSE4f2sz7tvMMzyHvUfcoJmxudvdhBcmiUSo6ijwfYmfZYsKRxboQMPh3R4kUhXRVdtSXFXMheka4Rc4P2"

const optionsArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      skipPreflight: fc.boolean(),
      preflightCommitment: fc.constantFrom("processed", "confirmed", "finalized"),
      maxRetries: fc.nat(),
      minContextSlot: fc.nat()
    },
    { requiredKeys: [] }
  ),
  fc.dictionary(
    fc.oneof(
      fc.constantFrom("skipPreflight", "preflightCommitment", "maxRetries", "minContextSlot", "__proto__"),
      fc.string()
    ),
    fc.oneof(fc.jsonValue(), fc.double(), fc.integer({ min: -5, max: 5 }))
  ),
  hostile
)

describe("SolanaSignAndSendOptions", () => {
  it("accepts the four options, each optional", () => {
    assert.deepStrictEqual(accepts(SolanaSignAndSendOptions, {}), {})
    assert.deepStrictEqual(
      accepts(SolanaSignAndSendOptions, {
        skipPreflight: true,
        preflightCommitment: "finalized",
        maxRetries: 0,
        minContextSlot: 123456
      }),
      { skipPreflight: true, preflightCommitment: "finalized", maxRetries: 0, minContextSlot: 123456 }
    )
  })

  it("refuses unknown keys, other commitments, negative or fractional counts", () => {
    rejects(SolanaSignAndSendOptions, { skipPreflight: false, commitment: "confirmed" }, "commitment")
    rejects(SolanaSignAndSendOptions, { preflightCommitment: "recent" }, "processed, confirmed or finalized")
    rejects(SolanaSignAndSendOptions, { maxRetries: -1 }, "maxRetries")
    rejects(SolanaSignAndSendOptions, { minContextSlot: 1.5 }, "minContextSlot")
    rejects(SolanaSignAndSendOptions, { maxRetries: Number.POSITIVE_INFINITY }, "maxRetries")
    rejects(SolanaSignAndSendOptions, { skipPreflight: "yes" }, "skipPreflight")
    rejects(SolanaSignAndSendOptions, null)
    rejects(SolanaSignAndSendOptions, [])
  })

  it("refuses unknown keys when nested in the params too", () => {
    rejects(
      SolanaSignAndSendTransactionParams,
      { transaction: "AQAB", options: { maxRetries: 2, skipPreflght: true } },
      "options",
      "skipPreflght"
    )
    assert.deepStrictEqual(
      accepts(SolanaSignAndSendTransactionParams, { transaction: "AQAB", options: { maxRetries: 2 } }),
      { transaction: "AQAB", options: { maxRetries: 2 } }
    )
  })

  it("1000 random option objects: valid options or a typed error, never a throw", () => {
    const is = Schema.is(SolanaSignAndSendOptions)
    const known = new Set(["skipPreflight", "preflightCommitment", "maxRetries", "minContextSlot"])
    fc.assert(
      fc.property(optionsArb, (input) => {
        const result = decodeUnknownResult(SolanaSignAndSendOptions, "options")(input)
        if (Result.isFailure(result)) {
          assert.strictEqual(result.failure._tag, "SchemaDecodeError")
          assert.isTrue(result.failure.message.startsWith("options: "))
          return
        }
        assert.isTrue(is(result.success))
        // Accepted only when every key is one of the four.
        if (typeof input === "object" && input !== null)
          for (const key of Object.keys(input)) assert.isTrue(known.has(key), key)
        const { maxRetries, minContextSlot } = result.success
        for (const n of [maxRetries, minContextSlot])
          if (n !== undefined) assert.isTrue(Number.isSafeInteger(n) && n >= 0)
      }),
      { numRuns: NUM_RUNS }
    )
  })
})

describe("Solana request params", () => {
  it("signMessage: a non-empty base58 message and a Solana address", () => {
    accepts(SolanaSignMessageParams, { message: "3yZe7d", pubkey })
    rejects(SolanaSignMessageParams, { message: "", pubkey }, "base58")
    rejects(SolanaSignMessageParams, { message: "hello world", pubkey }, "base58")
    rejects(SolanaSignMessageParams, { message: "0OIl", pubkey }, "base58")
    rejects(SolanaSignMessageParams, {
      message: "3yZe7d",
      pubkey: ALICE
    })
    rejects(SolanaSignMessageParams, { message: "3yZe7d" }, "pubkey")
  })

  it("signTransaction, signAllTransactions, signAndSendTransaction: serialised transactions", () => {
    accepts(SolanaSignTransactionParams, { transaction: "AQABAg==" })
    rejects(SolanaSignTransactionParams, { transaction: "" }, "transaction")
    rejects(SolanaSignTransactionParams, { transaction: 1 }, "transaction")
    accepts(SolanaSignAllTransactionsParams, { transactions: ["AQAB", "AgAB"] })
    rejects(SolanaSignAllTransactionsParams, { transactions: [] }, "transactions")
    rejects(SolanaSignAllTransactionsParams, { transactions: ["AQAB", ""] }, "transactions[1]")
    accepts(SolanaSignAndSendTransactionParams, { transaction: "AQAB" })
    rejects(SolanaSignAndSendTransactionParams, { options: {} }, "transaction")
  })

  it("drops keys the method does not define", () => {
    assert.deepStrictEqual(accepts(SolanaSignMessageParams, { message: "3yZe7d", pubkey, extra: 1 }), {
      message: "3yZe7d",
      pubkey
    })
  })

  it("never throw on hostile or near-miss input", () => {
    const message = fc.string({ unit: fc.constantFrom(...BASE58.split("")), minLength: 1 })
    neverThrows(
      SolanaSignMessageParams,
      fc.oneof(hostile, mutated(fc.record({ message, pubkey: solanaAddressArb })))
    )
    neverThrows(
      SolanaSignAndSendTransactionParams,
      fc.oneof(hostile, mutated(fc.record({ transaction: fc.string(), options: optionsArb })))
    )
    neverThrows(SolanaSignAllTransactionsParams)
  })
})

describe("Solana results", () => {
  it("signMessage and signAndSend answer a base58 signature", () => {
    assert.deepStrictEqual(accepts(SolanaSignMessageResult, { signature }), { signature })
    assert.deepStrictEqual(accepts(SolanaSignAndSendTransactionResult, { signature }), { signature })
    rejects(SolanaSignMessageResult, { signature: "abc" }, "64 to 88 base58")
    rejects(SolanaSignMessageResult, { signature: `0x${"ab".repeat(32)}` }, "base58")
    rejects(SolanaSignAndSendTransactionResult, { signature: "1".repeat(89) }, "64 to 88")
    rejects(SolanaSignAndSendTransactionResult, {}, "signature")
  })

  it("signTransaction answers the signature or the signed transaction", () => {
    assert.deepStrictEqual(accepts(SolanaSignTransactionResult, { signature }), { signature })
    assert.deepStrictEqual(accepts(SolanaSignTransactionResult, { transaction: "AQAB" }), {
      transaction: "AQAB"
    })
    rejects(SolanaSignTransactionResult, { signature: "short" }, "{ signature }", "{ transaction }")
    rejects(SolanaSignTransactionResult, "AQAB")
  })

  it("signAllTransactions answers the signed transactions", () => {
    accepts(SolanaSignAllTransactionsResult, { transactions: ["AQAB"] })
    rejects(SolanaSignAllTransactionsResult, { transactions: [] })
  })

  it("never throw on hostile input", () => {
    neverThrows(SolanaSignMessageResult)
    neverThrows(SolanaSignTransactionResult)
    neverThrows(SolanaSignAndSendTransactionResult)
  })
})
