import { assert, describe, it } from "@effect/vitest"
import { groupByMonth, signOf, transferAmount } from "../../src/layers/account/activity"
import type { Transaction } from "../../src/schemas/Transaction"

const tx = (id: string, minedAt: string, operationType = "send"): Transaction => ({
  id,
  metadata: { operationType, status: "confirmed", sentFrom: "0xa", sentTo: "0xb", minedAt },
  transfers: []
})

describe("activity", () => {
  it("signs by operation type, then by direction", () => {
    for (const op of ["receive", "deposit", "borrow", "claim"]) assert.strictEqual(signOf(op), "+")
    for (const op of ["withdraw", "repay", "burn"]) assert.strictEqual(signOf(op), "-")
    assert.strictEqual(signOf("send", { direction: "out" }), "-")
    assert.strictEqual(signOf("trade", { direction: "in" }), "+")
    assert.strictEqual(signOf("approve"), "")
  })

  it("shows amounts with 3 decimals and the symbol", () => {
    assert.strictEqual(
      transferAmount({ quantity: { numeric: "1234.56789" }, fungible_info: { symbol: "SBX" } }),
      "1,234.568 SBX"
    )
    assert.strictEqual(
      transferAmount({ quantity: { numeric: "1" }, nft_info: { name: "Punk" } }),
      "1.000 NFT"
    )
  })

  it("groups by month, adding the year only when it is not the current one", () => {
    const now = new Date("2026-11-22T00:00:00Z")
    const groups = groupByMonth(
      [
        tx("a", "2026-11-20T10:00:00Z"),
        tx("b", "2026-11-02T10:00:00Z"),
        tx("c", "2026-10-31T23:00:00Z"),
        tx("d", "2025-12-01T00:00:00Z"),
        tx("bad", "not a date")
      ],
      now
    )
    assert.deepStrictEqual(
      groups.map((g) => [g.label, g.transactions.map((t) => t.id)]),
      [
        ["November", ["a", "b"]],
        ["October", ["c"]],
        ["December 2025", ["d"]]
      ]
    )
  })
})
