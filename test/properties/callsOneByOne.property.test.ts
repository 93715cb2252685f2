/**
 * Issue 34: whatever order the calls of a one-by-one batch fail in (declined, reverted, dropped, any other
 * refusal), the status `wallet_getCallsStatus` answers names exactly the calls that landed, each by its own
 * receipt, and no call after the first failure is ever sent.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import fc from "fast-check"
import {
  type CallsWireReceipt,
  callsStatusOf,
  landedCalls,
  type OneByOneRecord,
  runOneByOne,
  type StopReason
} from "../../src/layers/requests/callsOneByOne"

type Outcome = "lands" | "declined" | "reverted" | "dropped" | "failed"

const receiptOf = (index: number, status: "0x1" | "0x0"): CallsWireReceipt => ({
  logs: [],
  status,
  blockHash: `0x${"b".repeat(63)}${index}`,
  blockNumber: `0x${(index + 1).toString(16)}`,
  gasUsed: "0x5208",
  transactionHash: `0x${"a".repeat(63)}${index}`
})

const run = (outcomes: ReadonlyArray<Outcome>) => {
  const sent: Array<number> = []
  const updates: Array<OneByOneRecord> = []
  const start: OneByOneRecord = {
    id: "0x01",
    chainId: "0x7a69",
    calls: outcomes.length,
    receipts: [],
    sending: undefined,
    stopped: undefined
  }
  const calls = outcomes.map((_, i) => ({ to: `0x${String(i).padStart(40, "0")}` as const }))
  const program = runOneByOne<StopReason>(start, calls, {
    send: (_call, index) => {
      sent.push(index)
      const outcome = outcomes[index]!
      return outcome === "declined" || outcome === "failed"
        ? Effect.fail(outcome)
        : Effect.succeed(`0x${"a".repeat(63)}${index}`)
    },
    receipt: (hash) => {
      const index = Number.parseInt(hash.slice(-1), 16)
      const outcome = outcomes[index]!
      return outcome === "dropped"
        ? Effect.fail("dropped")
        : Effect.succeed(receiptOf(index, outcome === "reverted" ? "0x0" : "0x1"))
    },
    update: (record) => Effect.sync(() => void updates.push(record)),
    reasonOf: (reason) => reason
  })
  return { result: Effect.runSync(program), sent, updates }
}

const outcome = fc.constantFrom<Outcome>("lands", "declined", "reverted", "dropped", "failed")

describe("one-by-one batches", () => {
  it("names exactly the calls that landed, whatever fails and where", () => {
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 9 }), (outcomes) => {
        const { result, sent } = run(outcomes)
        const firstFailure = outcomes.findIndex((o) => o !== "lands")
        const landedExpected =
          firstFailure === -1 ? outcomes.map((_, i) => i) : [...Array(firstFailure).keys()]
        const status = callsStatusOf(result.record)
        // The status's successful receipts are those calls, in order, each its own transaction.
        expect(landedCalls(result.record)).toEqual(landedExpected)
        expect(status.receipts.filter((r) => r.status === "0x1").map((r) => r.transactionHash)).toEqual(
          landedExpected.map((i) => receiptOf(i, "0x1").transactionHash)
        )
        // Nothing after the first failure was sent.
        expect(sent).toEqual(firstFailure === -1 ? landedExpected : [...landedExpected, firstFailure])
        expect(status.atomic).toBe(false)
        if (firstFailure === -1) {
          expect(status.status).toBe(200)
          expect(result.record.stopped).toBeUndefined()
          return
        }
        const failure = outcomes[firstFailure]!
        expect(result.record.stopped).toEqual({ index: firstFailure, reason: failure as StopReason })
        // A reverted call was included: its receipt is listed, failed.
        const included = landedExpected.length + (failure === "reverted" ? 1 : 0)
        expect(status.receipts).toHaveLength(included)
        expect(status.status).toBe(included === 0 ? 400 : landedExpected.length === 0 ? 500 : 600)
        expect(result.firstError).toBe(
          firstFailure === 0 && (failure === "declined" || failure === "failed") ? failure : undefined
        )
      }),
      { numRuns: 300 }
    )
  })

  it("answers pending while a call is still on its way", () => {
    const { updates } = run(["lands", "lands", "lands"])
    const during = updates.filter((r) => r.sending !== undefined)
    expect(during.map((r) => r.sending)).toEqual([0, 1, 2])
    for (const r of during) expect(callsStatusOf(r).status).toBe(100)
  })
})
