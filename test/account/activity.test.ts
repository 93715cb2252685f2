import { assert, describe, it } from "@effect/vitest"
import { groupByMonth, signOf, transferAmount } from "../../src/layers/account/activity"
import { formatAmount, formatUnits, formatUsd } from "../../src/layers/account/format"
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

describe("format", () => {
  it("converts base units exactly", () => {
    assert.strictEqual(formatUnits(1_500_000n, 6), "1.5")
    assert.strictEqual(formatUnits(10n ** 18n, 18), "1")
    assert.strictEqual(formatUnits(1n, 18), "0.000000000000000001")
    assert.strictEqual(formatUnits(-25n, 1), "-2.5")
    assert.strictEqual(formatUnits(0n, 0), "0")
  })
  it("formats en-US with fixed decimals", () => {
    assert.strictEqual(formatAmount("10000"), "10,000.00")
    assert.strictEqual(formatAmount("0.005"), "0.01")
    assert.strictEqual(formatAmount("not a number"), "0.00")
  })
  it("keeps absurd amounts short: compact from a billion, '> 999T' from 1e15 (a hostile 1e308 included)", () => {
    assert.strictEqual(formatAmount("999999999.5"), "999,999,999.50")
    assert.strictEqual(formatAmount("1234567890"), "1.23B")
    assert.strictEqual(formatAmount("1e308", 3), "> 999T")
    assert.strictEqual(formatAmount("-1e20"), "< -999T")
    assert.strictEqual(formatAmount("9".repeat(5000)), "> 999T")
    assert.strictEqual(formatUsd(12.5), "$12.50")
    assert.strictEqual(formatUsd(2.5e12), "$2.5T")
    assert.strictEqual(formatUsd(1e308), "> $999T")
    assert.strictEqual(formatUsd(Number.NaN), "$0.00")
    for (const value of [1e308, 1e100, 1.2345678901234568e17, Number.MAX_SAFE_INTEGER])
      assert.isAtMost(formatUsd(value).length, 12, String(value))
  })
})
