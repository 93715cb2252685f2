// Pure parts
import { assert, describe, it } from "@effect/vitest"
import { receiptFor, settlementOfCalls } from "../../src/layers/requests/TransactionWatcher.lazy"
import {
  MAX_TRACKED_TRANSACTIONS,
  pendingTransaction,
  withTracked
} from "../../src/layers/requests/trackedList"
import { HASH, hashOf, range, sent } from "./scriptedChain"

describe("pure parts", () => {
  it("withTracked refuses a known id and reports what it pushed out", () => {
    const list = range(1, MAX_TRACKED_TRANSACTIONS, 1).map((n) => pendingTransaction(sent(hashOf(n)), n))
    assert.isUndefined(withTracked(list, pendingTransaction(sent(hashOf(3)), 99)))
    const next = withTracked(list, pendingTransaction(sent(hashOf(99)), 99))
    assert.deepStrictEqual(next?.evicted, [hashOf(MAX_TRACKED_TRANSACTIONS)])
    assert.strictEqual(next?.transactions[0]?.id, hashOf(99))
  })

  it("receiptFor believes only a receipt of the hash asked for (any case)", () => {
    const wire = {
      transactionHash: HASH.toUpperCase().replace("0X", "0x"),
      blockNumber: 1n,
      status: "success" as const
    }
    assert.strictEqual(receiptFor(HASH, wire), wire)
    assert.isUndefined(receiptFor(hashOf(1), wire))
    assert.isUndefined(receiptFor(HASH, null))
  })

  it("settlementOfCalls: pending stays pending; confirmed needs every receipt to succeed", () => {
    assert.isUndefined(settlementOfCalls({ status: "pending" }))
    assert.deepStrictEqual(settlementOfCalls({ status: "confirmed" }), {
      status: "confirmed",
      hash: undefined
    })
    assert.deepStrictEqual(
      settlementOfCalls({
        status: "confirmed",
        receipts: [
          { transactionHash: hashOf(1), status: "success" },
          { transactionHash: hashOf(2), status: "reverted" }
        ]
      }),
      { status: "failed", hash: hashOf(1) }
    )
  })
})
