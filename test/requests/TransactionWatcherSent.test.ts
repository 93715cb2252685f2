/**
 * A receipt confirms a send only once the transaction under its hash is the one sent (issue 28 item 4): a
 * wallet that answers the hash of another, already mined transaction never makes a send "confirmed".
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ChainNotConfiguredError } from "../../src/errors"
import { TransactionWatcherLive } from "../../src/layers/requests/TransactionWatcherLive"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { type Submission, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { ALICE, BOB, CAROL } from "../kit/accounts"
import { preloadedParts } from "../kit/lazyParts"

const HASH = `0x${"12".repeat(32)}`
const NETWORK = "eip155:31337"
const VALUE = 10n ** 16n

const RECEIPT = { transactionHash: HASH, blockNumber: "0x10", status: "0x1", gasUsed: "0x5208" }
/** 0.01 ETH from ALICE to BOB on chain 31337, mined. */
const minedTransfer = (fields: Record<string, unknown> = {}) => ({
  hash: HASH,
  from: ALICE.toLowerCase(),
  to: BOB.toLowerCase(),
  value: `0x${VALUE.toString(16)}`,
  input: "0x",
  chainId: "0x7a69",
  blockNumber: "0x10",
  ...fields
})

/**
 * A node that holds `receipt` and answers `eth_getTransactionByHash` with the n-th of `transactions` (the
 * last one once they are spent); `asked` lists the methods it was asked, in order.
 */
const node = (transactions: ReadonlyArray<unknown>, receipt: unknown = RECEIPT) => {
  const asked: Array<string> = []
  let reads = 0
  const transport = FallbackTransport.of({
    request: (_network, request) => {
      asked.push(request.method)
      switch (request.method) {
        case "eth_getTransactionReceipt":
          return Effect.succeed(receipt)
        case "eth_getTransactionByHash":
          return Effect.succeed(transactions[Math.min(reads++, transactions.length - 1)])
        default:
          return Effect.fail(new ChainNotConfiguredError({}))
      }
    },
    ranking: () => Effect.die("unused")
  })
  const layer = TransactionWatcherLive.pipe(
    Layer.provide(Layer.merge(Layer.succeed(FallbackTransport, transport), preloadedParts))
  )
  return { asked, layer }
}

const submission = (sent: boolean): Submission => ({
  kind: "transaction",
  hash: HASH,
  network: NETWORK,
  from: ALICE,
  to: BOB,
  value: VALUE.toString(),
  ...(sent ? { sent: { from: ALICE, to: BOB, value: VALUE, data: "0x" } } : {})
})

const tracked = Effect.flatMap(TransactionWatcher, (watcher) =>
  Effect.map(SubscriptionRef.get(watcher.transactions), (all) => all[0] ?? assert.fail("nothing tracked"))
)
const track = (sent: Submission) => Effect.flatMap(TransactionWatcher, (watcher) => watcher.track(sent))
const at = (ms: number) => Effect.flatMap(Clock.currentTimeMillis, (now) => TestClock.adjust(ms - now))
/** A send tracked (its request known or not), once the chain has been read: what it came to. */
const settledOnce = (requestKnown: boolean) =>
  Effect.gen(function* () {
    yield* track(submission(requestKnown))
    yield* at(0)
    return yield* tracked
  })

describe("a receipt for a send whose request is known", () => {
  it.effect("confirms it once the transaction under the hash is the one sent", () => {
    const chain = node([minedTransfer({ from: ALICE, to: BOB })])
    return Effect.gen(function* () {
      const settled = yield* settledOnce(true)
      assert.strictEqual(settled.status, "confirmed")
      assert.strictEqual(settled.hash, HASH)
      assert.deepStrictEqual(chain.asked, ["eth_getTransactionReceipt", "eth_getTransactionByHash"])
    }).pipe(Effect.provide(chain.layer))
  })

  const others: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
    ["another sender", { from: CAROL }],
    ["another receiver", { to: CAROL }],
    ["another value", { value: "0x1" }],
    ["other data", { input: "0xa9059cbb" }],
    ["another chain", { chainId: "0x1" }],
    ["a contract creation", { to: null }]
  ]
  for (const [what, fields] of others) {
    it.effect(`fails it, with no hash, when that transaction has ${what}`, () => {
      const chain = node([minedTransfer(fields)])
      return Effect.gen(function* () {
        const settled = yield* settledOnce(true)
        assert.strictEqual(settled.status, "failed")
        assert.isUndefined(settled.hash)
      }).pipe(Effect.provide(chain.layer))
    })
  }

  it.effect(
    "keeps it pending while the node does not hold the transaction, or answers for another hash",
    () => {
      const chain = node([null, minedTransfer({ hash: `0x${"00".repeat(32)}` }), "garbage", minedTransfer()])
      return Effect.gen(function* () {
        yield* track(submission(true))
        yield* at(2_000)
        assert.strictEqual((yield* tracked).status, "pending")
        yield* at(3_000)
        assert.strictEqual((yield* tracked).status, "confirmed")
      }).pipe(Effect.provide(chain.layer))
    }
  )

  it.effect("a reverted receipt of the sent transaction fails it with its hash", () => {
    const chain = node([minedTransfer()], { ...RECEIPT, status: "0x0" })
    return Effect.gen(function* () {
      const settled = yield* settledOnce(true)
      assert.strictEqual(settled.status, "failed")
      assert.strictEqual(settled.hash, HASH)
    }).pipe(Effect.provide(chain.layer))
  })
})

describe("a receipt for a send whose request is not known (a raw transaction)", () => {
  it.effect("confirms it on the receipt alone", () => {
    const chain = node([minedTransfer({ to: CAROL })])
    return Effect.gen(function* () {
      assert.strictEqual((yield* settledOnce(false)).status, "confirmed")
      assert.deepStrictEqual(chain.asked, ["eth_getTransactionReceipt"])
    }).pipe(Effect.provide(chain.layer))
  })
})
