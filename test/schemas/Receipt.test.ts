import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import fc from "fast-check"
import {
  CallsStatus,
  callsStateOfCode,
  decodeCallsStatus,
  decodeReceiptResponse,
  MAX_CALLS_RECEIPTS,
  ReceiptResponse,
  TransactionReceipt
} from "../../src/schemas/Receipt"
import { accepts, HEX, hostile, mutated, neverThrows, rejects } from "./helpers"

const HASH = `0x${"ab".repeat(32)}`

/** A receipt as a node sends it, with fields Airlock does not read. */
const nodeReceipt = {
  blockHash: `0x${"01".repeat(32)}`,
  blockNumber: "0x12d687",
  contractAddress: null,
  cumulativeGasUsed: "0x5208",
  from: "0x52908400098527886e0f7030069857d2e4169ee7",
  gasUsed: "0x5208",
  logs: [],
  status: "0x1",
  to: "0x8617e340b3d01fa5f11f306f4090fd50e238070d",
  transactionHash: HASH,
  transactionIndex: "0x0",
  type: "0x2"
}

const hashArb = fc.string({ unit: fc.constantFrom(...HEX.split("")), minLength: 64, maxLength: 64 })
const receiptArb = fc.record({
  transactionHash: hashArb.map((hex) => `0x${hex}`),
  blockNumber: fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `0x${n.toString(16)}`),
  status: fc.constantFrom("0x1", "0x0")
})
const callsStatusArb = fc.record(
  {
    status: fc.oneof(fc.constantFrom(100, 200, 400, 500, 600), fc.constantFrom("PENDING", "CONFIRMED")),
    receipts: fc.array(
      fc.record({ transactionHash: hashArb.map((hex) => `0x${hex}`), status: fc.constantFrom("0x1", "0x0") }),
      { maxLength: 4 }
    )
  },
  { requiredKeys: ["status"] }
)

describe("ReceiptResponse", () => {
  it("reads null as not mined yet", () => {
    assert.isNull(accepts(ReceiptResponse, null))
  })

  it("reads a node's receipt: hash, block number as a bigint, status; other fields dropped", () => {
    assert.deepStrictEqual(accepts(ReceiptResponse, nodeReceipt), {
      transactionHash: HASH,
      blockNumber: 1234567n,
      status: "success"
    })
    assert.strictEqual(accepts(TransactionReceipt, { ...nodeReceipt, status: "0x0" }).status, "reverted")
  })

  it("keeps the hash's case and accepts the largest 256-bit block number", () => {
    const upper = `0x${"AB".repeat(32)}`
    const max = `0x${"f".repeat(64)}`
    const receipt = accepts(TransactionReceipt, { ...nodeReceipt, transactionHash: upper, blockNumber: max })
    assert.strictEqual(receipt.transactionHash, upper)
    assert.strictEqual(receipt.blockNumber, 2n ** 256n - 1n)
  })

  it("rejects malformed receipts with a readable message", () => {
    rejects(TransactionReceipt, { ...nodeReceipt, transactionHash: "0xabc" }, "transactionHash", "64 hex")
    rejects(TransactionReceipt, { ...nodeReceipt, blockNumber: "1234" }, "blockNumber", "hex quantity")
    rejects(TransactionReceipt, { ...nodeReceipt, blockNumber: "0x" }, "blockNumber")
    rejects(TransactionReceipt, { ...nodeReceipt, blockNumber: `0x1${"0".repeat(64)}` }, "1 to 64 hex digits")
    rejects(TransactionReceipt, { ...nodeReceipt, status: "0x2" }, "status", '"0x1" or "0x0"')
    rejects(TransactionReceipt, { ...nodeReceipt, status: 1 }, "status")
    const { status: _status, ...withoutStatus } = nodeReceipt
    rejects(TransactionReceipt, withoutStatus, "status", "is missing")
    rejects(ReceiptResponse, "0x1")
    rejects(ReceiptResponse, [])
  })

  it("decodeReceiptResponse gives a typed failure, never a throw", () => {
    const result = decodeReceiptResponse({ transactionHash: 42 })
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.strictEqual(result.failure._tag, "SchemaDecodeError")
  })

  it("decodes every well-formed receipt and never throws on hostile input", () => {
    fc.assert(
      fc.property(receiptArb, (wire) => {
        const receipt = accepts(TransactionReceipt, wire)
        assert.strictEqual(receipt.blockNumber, BigInt(wire.blockNumber))
        assert.strictEqual(receipt.status, wire.status === "0x1" ? "success" : "reverted")
      })
    )
    neverThrows(ReceiptResponse)
    neverThrows(ReceiptResponse, mutated(receiptArb))
  })
})

describe("CallsStatus", () => {
  it("reads the EIP-5792 numeric codes by their hundreds", () => {
    assert.strictEqual(accepts(CallsStatus, { status: 100 }).status, "pending")
    assert.strictEqual(accepts(CallsStatus, { status: 200 }).status, "confirmed")
    for (const code of [400, 500, 600])
      assert.strictEqual(accepts(CallsStatus, { status: code }).status, "failed")
    assert.strictEqual(callsStateOfCode(199), "pending")
    assert.strictEqual(callsStateOfCode(699), "failed")
  })

  it("reads the older string form", () => {
    assert.strictEqual(accepts(CallsStatus, { status: "PENDING" }).status, "pending")
    assert.strictEqual(accepts(CallsStatus, { status: "CONFIRMED" }).status, "confirmed")
  })

  it("rejects codes outside the classes and unknown names", () => {
    for (const status of [0, 99, 300, 399, 700, 200.5, "FAILED", "pending", null, "200"])
      rejects(CallsStatus, { status }, "status", "calls status code")
    rejects(CallsStatus, {}, "status", "is missing")
  })

  it("reads receipts, absent or null as none", () => {
    const confirmed = accepts(CallsStatus, {
      version: "2.0.0",
      id: "0x1234",
      chainId: "0x1",
      atomic: true,
      status: 200,
      receipts: [{ ...nodeReceipt, status: "0x0" }]
    })
    assert.deepStrictEqual(confirmed, {
      status: "confirmed",
      receipts: [{ transactionHash: HASH, status: "reverted" }]
    })
    assert.deepStrictEqual(accepts(CallsStatus, { status: 100, receipts: null }), { status: "pending" })
    assert.deepStrictEqual(accepts(CallsStatus, { status: 100 }), { status: "pending" })
    rejects(
      CallsStatus,
      { status: 200, receipts: [{ transactionHash: HASH, status: "ok" }] },
      "receipts[0].status"
    )
  })

  it(`bounds receipts at ${MAX_CALLS_RECEIPTS}`, () => {
    const receipt = { transactionHash: HASH, status: "0x1" }
    const full = accepts(CallsStatus, { status: 200, receipts: Array(MAX_CALLS_RECEIPTS).fill(receipt) })
    assert.strictEqual(full.receipts?.length, MAX_CALLS_RECEIPTS)
    rejects(
      CallsStatus,
      { status: 200, receipts: Array(MAX_CALLS_RECEIPTS + 1).fill(receipt) },
      `at most ${MAX_CALLS_RECEIPTS} receipts`
    )
  })

  it("decodeCallsStatus gives a typed failure, never a throw", () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const result = decodeCallsStatus(input)
        if (Result.isFailure(result)) assert.strictEqual(result.failure._tag, "SchemaDecodeError")
      })
    )
    neverThrows(CallsStatus)
    neverThrows(CallsStatus, mutated(callsStatusArb))
  })
})
