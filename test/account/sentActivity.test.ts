import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { sentRow, unlistedSends } from "../../src/layers/account/sentActivity"
import type { Transaction } from "../../src/schemas/Transaction"
import type { TrackedStatus, TrackedTransaction } from "../../src/services/TransactionWatcher"
import { ALICE, BOB } from "../kit/accounts"

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}`

const sent = (
  n: number,
  status: TrackedStatus = "pending",
  from = ALICE,
  network = "eip155:31337"
): TrackedTransaction => ({
  id: hashOf(n),
  kind: "transaction",
  network: network as TrackedTransaction["network"],
  from,
  to: BOB,
  value: "10000000000000000",
  hash: status === "pending" ? undefined : hashOf(n),
  status,
  submittedAt: n,
  settledAt: status === "pending" ? undefined : n + 1
})

const listed = (id: string, hash?: string): Transaction => ({
  id,
  metadata: {
    operationType: "send",
    status: "confirmed",
    sentFrom: ALICE,
    sentTo: BOB,
    minedAt: "2026-11-24T12:00:00Z",
    chain: "eip155:31337",
    hash
  },
  transfers: []
})

const account = { address: ALICE, networkId: "eip155:31337" }

describe("unlistedSends", () => {
  it("lists the account's sends on its network, pending and settled, newest first as tracked", () => {
    const tracked = [sent(3), sent(2, "confirmed"), sent(1, "failed")]
    assert.deepStrictEqual(unlistedSends(tracked, account, []), tracked)
  })

  it("leaves out other accounts and other networks; an address matches in any letter case", () => {
    const tracked = [
      sent(1, "pending", BOB),
      sent(2, "pending", ALICE, "eip155:1"),
      sent(3, "pending", ALICE.toLowerCase())
    ]
    assert.deepStrictEqual(
      unlistedSends(tracked, account, []).map((t) => t.id),
      [hashOf(3)]
    )
  })

  it("drops a send once the history lists its hash, by metadata.hash or by id, in any letter case", () => {
    const tracked = [sent(1, "confirmed"), sent(2, "confirmed"), sent(3)]
    const history = [listed("zerion-id", hashOf(1).toUpperCase().replace("0X", "0x")), listed(hashOf(2))]
    assert.deepStrictEqual(
      unlistedSends(tracked, account, history).map((t) => t.id),
      [hashOf(3)]
    )
  })

  it("a batch is matched by the hash that settled it", () => {
    const batch: TrackedTransaction = {
      ...sent(9, "confirmed"),
      id: "batch-1",
      kind: "calls",
      hash: hashOf(9)
    }
    assert.deepStrictEqual(unlistedSends([batch], account, [listed(hashOf(9))]), [])
    assert.deepStrictEqual(
      unlistedSends([{ ...batch, hash: undefined, status: "pending" }], account, []).length,
      1
    )
  })

  it("nothing without an account or a known network", () => {
    assert.deepStrictEqual(unlistedSends([sent(1)], undefined, []), [])
    assert.deepStrictEqual(unlistedSends([sent(1)], { address: ALICE, networkId: undefined }, []), [])
  })

  it("lists exactly the account's tracked sends whose hash the history does not have", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 20 }),
            fc.constantFrom<TrackedStatus>("pending", "confirmed", "failed", "unknown"),
            fc.boolean()
          ),
          { maxLength: 30 }
        ),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }),
        (sends, mined) => {
          const tracked = sends.map(([n, status, mine]) => sent(n, status, mine ? ALICE : BOB))
          const history = mined.map((n) => listed(hashOf(n)))
          const shown = unlistedSends(tracked, account, history)
          for (const item of shown) {
            assert.include(tracked, item)
            assert.strictEqual(item.from, ALICE)
            assert.notInclude(mined.map(hashOf), item.hash ?? item.id)
          }
          assert.strictEqual(
            shown.length,
            tracked.filter((t) => t.from === ALICE && !mined.map(hashOf).includes(t.id)).length
          )
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe("sentRow", () => {
  const eth = { symbol: "ETH", decimals: 18 }
  it("words each status and the amount that left, with 3 decimals", () => {
    assert.deepStrictEqual(sentRow(sent(1), eth), { kind: "send", status: "pending", amount: "-0.010 ETH" })
    assert.strictEqual(sentRow(sent(1, "confirmed"), eth).status, "confirmed")
    assert.strictEqual(sentRow(sent(1, "failed"), eth).status, "failed")
    assert.strictEqual(sentRow(sent(1, "unknown"), eth).status, "unknown")
  })

  it("no amount for a batch, a zero or unreadable value, or an unknown currency", () => {
    const batch: TrackedTransaction = { ...sent(2), kind: "calls", value: undefined }
    assert.deepStrictEqual(sentRow(batch, eth), { kind: "batch", status: "pending", amount: undefined })
    assert.isUndefined(sentRow({ ...sent(3), value: "0" }, eth).amount)
    assert.isUndefined(sentRow({ ...sent(3), value: "0x10" }, eth).amount)
    assert.isUndefined(sentRow(sent(3), undefined).amount)
  })
})
