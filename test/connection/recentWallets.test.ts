import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { withRecent } from "../../src/layers/connection/recentWallets"
import { MAX_RECENT_WALLETS } from "../../src/schemas/StorageKeys"
import type { RecentWallet } from "../../src/schemas/Wallet"

describe("withRecent", () => {
  const a: RecentWallet = { id: "dev.a", name: "A", rdns: "dev.a" }
  const b: RecentWallet = { id: "dev.b", name: "B" }
  const c: RecentWallet = { id: "dev.c", name: "C", rdns: "dev.c" }
  const cases: ReadonlyArray<
    readonly [string, ReadonlyArray<RecentWallet>, RecentWallet, ReadonlyArray<RecentWallet>]
  > = [
    ["first wallet", [], a, [a]],
    ["newest first", [a], b, [b, a]],
    ["at most 2", [b, a], c, [c, b]],
    ["no duplicates: moves to the front", [b, a], a, [a, b]],
    ["again the newest: unchanged", [a, b], a, [a, b]],
    ["a renamed wallet replaces its old entry", [a, b], { ...a, name: "A2" }, [{ ...a, name: "A2" }, b]]
  ]
  for (const [label, list, wallet, expected] of cases) {
    it(label, () => assert.deepStrictEqual(withRecent(list, wallet), expected))
  }

  it("keeps at most 2, newest first, without duplicates (1000 runs)", () => {
    const walletArb = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      name: fc.string({ maxLength: 4 })
    })
    fc.assert(
      fc.property(fc.array(walletArb, { maxLength: 20 }), (visits) => {
        const list = visits.reduce<ReadonlyArray<RecentWallet>>(withRecent, [])
        assert.isAtMost(list.length, MAX_RECENT_WALLETS)
        assert.strictEqual(new Set(list.map((w) => w.id)).size, list.length)
        // The newest distinct wallets, newest first.
        const expected: Array<string> = []
        for (const visit of [...visits].reverse()) if (!expected.includes(visit.id)) expected.push(visit.id)
        assert.deepStrictEqual(
          list.map((w) => w.id),
          expected.slice(0, MAX_RECENT_WALLETS)
        )
        if (visits.length > 0) assert.deepStrictEqual(list[0], visits[visits.length - 1])
      }),
      { numRuns: 1000 }
    )
  })
})
