/**
 * The Swap flow's confirming over fake services: the approval mined before the swap, what stops a plan from
 * being sent, and a plan's lifetime. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { SwapFailedError } from "../../../src/errors"
import { PLAN_LIFETIME_MS } from "../../../src/layers/flows/swap/Swap.lazy"
import { present } from "../../../src/presentation"
import type { SwapTransaction } from "../../../src/services/Swap"
import { UserRejectedRequestError } from "../../../src/walletErrors"
import { BOB } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { quoteOf, reviewed, settled, withSwap } from "./swapSteps"
import { APPROVAL_HASH, APPROVE_SELECTOR, SBX, SUSD, SWAP_DATA, SWAP_HASH } from "./swapWorld"

/** A transaction of the plan as the wallet is asked it: on the sandbox chain (31337). */
const onChain = (tx: SwapTransaction | undefined): SwapTransaction & { readonly chainId: string } => {
  if (tx === undefined) return assert.fail("expected the plan to hold this transaction")
  return { ...tx, chainId: "0x7a69" }
}

describe("Swap", () => {
  describe("confirm", () => {
    it.effect("sends the approval, waits for its receipt, then the swap: Swapped, balances refreshed", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          w.log.length = 0
          yield* w.swap.confirm
          const state = yield* flowTagged(w.swap, "Swapped")
          assert.strictEqual(state.hash, SWAP_HASH)
          assert.deepStrictEqual(state.plan, preview.plan)
          assert.deepStrictEqual(w.log, [
            `send eth_sendTransaction ${APPROVE_SELECTOR}`,
            `receipt ${APPROVAL_HASH}`,
            `send eth_sendTransaction ${SWAP_DATA}`,
            `receipt ${SWAP_HASH}`,
            "refresh"
          ])
          assert.deepStrictEqual(w.calls.sent, [onChain(preview.plan.approval), onChain(preview.plan.swap)])
          assert.strictEqual(w.refreshes(), 1)
        })
      )
    )

    it.effect(
      "a wallet that batches atomically gets the approval and the swap as one batch, exactly as planned",
      () =>
        withSwap({ capabilities: { "0x7a69": { atomic: { status: "supported" } } } }, (w) =>
          Effect.gen(function* () {
            const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
            w.log.length = 0
            yield* w.swap.confirm
            const state = yield* flowTagged(w.swap, "Swapped")
            assert.strictEqual(state.hash, SWAP_HASH)
            assert.deepStrictEqual(w.log, ["send wallet_sendCalls 2", "status 0xbatch", "refresh"])
            const [approval, swap] = [preview.plan.approval!, preview.plan.swap]
            const call = (tx: typeof swap) => ({
              to: tx.to,
              data: tx.data,
              value: `0x${BigInt(tx.value).toString(16)}`
            })
            assert.deepStrictEqual(w.calls.batches[0]!.calls, [call(approval), call(swap)])
            assert.deepStrictEqual(w.calls.sent, [])
          })
        )
    )

    it.effect(
      "a plan reviewed on another network is never sent: the swap opens again on what is active",
      () =>
        withSwap({}, (w) =>
          Effect.gen(function* () {
            yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
            const mainnet = w.config.networks[1]!
            yield* SubscriptionRef.set(w.networks, {
              activeNamespace: "eip155",
              active: { eip155: { _tag: "Known", network: mainnet } }
            })
            yield* w.swap.confirm
            assert.deepStrictEqual(w.calls.sent, [])
            // Mainnet is not in this world's swap list: not offered there, and the view says what changed.
            const unavailable = yield* flowTagged(w.swap, "Unavailable")
            assert.deepStrictEqual(
              [unavailable.reviewChanged?.change, unavailable.reviewChanged?.active],
              ["network", "eip155:1"]
            )
          })
        )
    )

    it.effect(
      "a plan reviewed for another account is never sent: the form again, saying the account changed",
      () =>
        withSwap({}, (w) =>
          Effect.gen(function* () {
            yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
            yield* SubscriptionRef.update(w.connection, (now) => ({
              ...now,
              namespaces: connectedAs("eip155", BOB)
            }))
            yield* w.swap.confirm
            assert.deepStrictEqual(w.calls.sent, [])
            const form = yield* flowTagged(w.swap, "Editing")
            assert.strictEqual(form.reviewChanged?.change, "account")
            assert.strictEqual(present(form.reviewChanged!).message, "The account changed")
            assert.strictEqual(form.binding.address, BOB)
          })
        )
    )

    it.effect("the network switched once the approval was mined: the swap is never sent", () => {
      const between: { switch: Effect.Effect<void> } = { switch: Effect.void }
      return withSwap(
        {
          send: (tx) =>
            Effect.as(
              tx.data?.startsWith(APPROVE_SELECTOR) ? between.switch : Effect.void,
              tx.data?.startsWith(APPROVE_SELECTOR) ? APPROVAL_HASH : SWAP_HASH
            )
        },
        (w) =>
          Effect.gen(function* () {
            const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
            between.switch = SubscriptionRef.set(w.networks, {
              activeNamespace: "eip155",
              active: { eip155: { _tag: "Known", network: w.config.networks[1]! } }
            })
            yield* w.swap.confirm
            assert.deepStrictEqual(w.calls.sent, [onChain(preview.plan.approval)])
            assert.deepStrictEqual(w.calls.receipts, [APPROVAL_HASH])
            // Mainnet is not in this world's swap list: the flow opens again there, and says so.
            assert.strictEqual((yield* flowTagged(w.swap, "Unavailable")).reviewChanged?.change, "network")
          })
      )
    })

    it.effect("without an approval only the swap is sent", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          const preview = yield* reviewed(w.swap, { to: SUSD, amount: "1" })
          yield* w.swap.confirm
          assert.strictEqual((yield* flowTagged(w.swap, "Swapped")).hash, SWAP_HASH)
          assert.deepStrictEqual(w.calls.sent, [onChain(preview.plan.swap)])
          assert.deepStrictEqual(w.calls.receipts, [SWAP_HASH])
        })
      )
    )

    it.effect("an approval that reverts: Failed with approval-reverted, and the swap is never sent", () =>
      withSwap({ receipt: (hash) => (hash === APPROVAL_HASH ? "reverted" : "success") }, (w) =>
        Effect.gen(function* () {
          const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          yield* w.swap.confirm
          const state = yield* flowTagged(w.swap, "Failed")
          assert.instanceOf(state.error, SwapFailedError)
          assert.strictEqual((state.error as SwapFailedError).reason, "approval-reverted")
          assert.deepStrictEqual(w.calls.sent, [onChain(preview.plan.approval)])
          assert.deepStrictEqual(state.plan, preview.plan)
          assert.deepStrictEqual(state.draft, preview.draft)
        })
      )
    )

    it.effect("a swap that reverts: Failed with reverted", () =>
      withSwap({ receipt: (hash) => (hash === SWAP_HASH ? "reverted" : "success") }, (w) =>
        Effect.gen(function* () {
          yield* reviewed(w.swap, { to: SUSD, amount: "1" })
          yield* w.swap.confirm
          const state = yield* flowTagged(w.swap, "Failed")
          assert.instanceOf(state.error, SwapFailedError)
          assert.strictEqual((state.error as SwapFailedError).reason, "reverted")
        })
      )
    )

    it.effect("a request the wallet rejects: Failed with the wallet's error", () => {
      const rejected = new UserRejectedRequestError({
        code: 4001,
        message: "User rejected the request.",
        cause: undefined
      })
      return withSwap({ send: () => Effect.fail(rejected) }, (w) =>
        Effect.gen(function* () {
          yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          yield* w.swap.confirm
          const state = yield* flowTagged(w.swap, "Failed")
          assert.strictEqual(state.error, rejected)
          assert.strictEqual(w.calls.sent.length, 1)
          assert.deepStrictEqual(w.calls.receipts, [])
        })
      )
    })

    it.effect("from Failed, back returns to the form and quotes again", () =>
      withSwap(
        { send: () => Effect.fail(new UserRejectedRequestError({ code: 4001, message: "no", cause: 0 })) },
        (w) =>
          Effect.gen(function* () {
            yield* reviewed(w.swap, { to: SUSD, amount: "1" })
            yield* w.swap.confirm
            yield* flowTagged(w.swap, "Failed")
            yield* w.swap.back
            const form = yield* untilFlow(w.swap, settled)
            quoteOf(form.quote)
            assert.strictEqual(w.calls.quotes.length, 2)
          })
      )
    )
  })

  describe("a plan's lifetime", () => {
    it.effect("confirming more than 30 000 ms after the review: the form again, expired, quoted anew", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          assert.strictEqual(w.calls.quotes.length, 1)
          yield* TestClock.adjust(PLAN_LIFETIME_MS + 1)
          yield* w.swap.confirm
          const form = yield* untilFlow(w.swap, settled)
          assert.strictEqual(form.problem, "expired")
          assert.strictEqual(quoteOf(form.quote).fromAmount, 50_000_000n)
          assert.strictEqual(w.calls.quotes.length, 2)
          assert.deepStrictEqual(w.calls.sent, [])
        })
      )
    )

    it.effect("confirming at exactly 30 000 ms proceeds", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          yield* TestClock.adjust(PLAN_LIFETIME_MS)
          yield* w.swap.confirm
          assert.strictEqual((yield* flowTagged(w.swap, "Swapped")).hash, SWAP_HASH)
          assert.strictEqual(w.calls.quotes.length, 1)
        })
      )
    )
  })
})
