/**
 * The Swap flow's review over fake services: the plan (allowance, approval, fee) and going back from it.
 * Time is the TestClock's. The checks of what the API builds are SwapChecked.test.ts's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { encodeFunctionData, erc20Abi } from "viem"
import type { ProviderRequestError } from "../../../src/errors"
import type { SwapState, SwapTransaction } from "../../../src/services/Swap"
import { ALICE } from "../../kit/accounts"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SBX_ADDRESS, SUSD_ADDRESS } from "../../kit/networks"
import { type Editing, quoteOf, reviewed, settled, startQuoted, withSwap } from "./swapSteps"
import {
  APPROVE_GAS,
  balance,
  ETHER,
  GAS_PRICE,
  ROUTER_ADDRESS,
  refused,
  SBX,
  SUSD,
  SWAP_DATA,
  SWAP_GAS,
  USER
} from "./swapWorld"

const lower = (address: string) => address.toLowerCase() as `0x${string}`

describe("Swap", () => {
  describe("review", () => {
    /** A preview whose plan's approval allows what `choice` says. */
    const previewApproving =
      (choice: "exact" | "unlimited") =>
      (state: SwapState): state is Extract<SwapState, { _tag: "Preview" }> =>
        state._tag === "Preview" && state.plan.approves === choice
    /** A transaction of the plan: ALICE calling `to` with `data`, no value, `gas` as hex. */
    const planned = (to: string, data: `0x${string}`, gas: bigint): SwapTransaction => ({
      from: ALICE,
      to,
      data,
      value: "0x0",
      gas: `0x${gas.toString(16)}`
    })

    it.effect("an allowance below the amount: the approval, then the swap; the fee covers both", () =>
      withSwap({ allowance: "49999999" }, (w) =>
        Effect.gen(function* () {
          const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          assert.deepStrictEqual(w.calls.allowance, [{ tokenAddress: SUSD, userAddress: USER, to: SBX }])
          assert.deepStrictEqual(w.calls.approve, [{ from: SUSD, to: SBX, userAddress: USER }])
          assert.deepStrictEqual(w.calls.swap, [
            { amount: "50000000", from: SUSD, to: SBX, userAddress: USER, slippage: 1 }
          ])
          const { plan } = preview
          // The API allows the router any amount; what is sent allows it exactly the 50 sUSD.
          const exact = encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [ROUTER_ADDRESS, 50_000_000n]
          })
          assert.deepStrictEqual(plan.approval, planned(SUSD_ADDRESS, exact, APPROVE_GAS))
          assert.deepStrictEqual(plan.swap, planned(ROUTER_ADDRESS, SWAP_DATA, SWAP_GAS))
          // Both were simulated from ALICE, in order, and the plan shows what they change.
          const simulatedAs = ({ data, ...call }: SwapTransaction) => ({ ...call, input: data })
          assert.deepStrictEqual(w.calls.simulated, [[plan.approval!, plan.swap].map(simulatedAs)])
          assert.deepStrictEqual(plan.changes, [
            { token: lower(SUSD_ADDRESS), delta: -50_000_000n, symbol: "sUSD", decimals: 6 },
            { token: lower(SBX_ADDRESS), delta: 100_000_000n, symbol: "SBX", decimals: 18 }
          ])
          assert.strictEqual(plan.fee.amount, (APPROVE_GAS + SWAP_GAS) * GAS_PRICE)
          // 0.0002 ETH at 3000 USD.
          assert.closeTo(plan.fee.usd ?? Number.NaN, 0.6, 1e-9)
          assert.strictEqual(plan.nativeSymbol, "ETH")
          assert.strictEqual(plan.nativeDecimals, 18)
          assert.strictEqual(plan.slippage, "1")
          assert.strictEqual(plan.quote.fromAmount, 50_000_000n)
          assert.strictEqual(preview.draft.amount, "50")
        })
      )
    )

    it.effect(
      "the approval is exact by default; choosing unlimited in the review plans, checks and simulates it anew",
      () =>
        withSwap({ allowance: "0" }, (w) =>
          Effect.gen(function* () {
            const exact = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
            assert.strictEqual(exact.plan.approves, "exact")
            yield* TestClock.adjust(10_000)
            const approveOf = (amount: bigint) =>
              planned(
                SUSD_ADDRESS,
                encodeFunctionData({
                  abi: erc20Abi,
                  functionName: "approve",
                  args: [ROUTER_ADDRESS, amount]
                }),
                APPROVE_GAS
              )
            assert.deepStrictEqual(exact.plan.approval, approveOf(50_000_000n))
            // The same choice again plans nothing.
            yield* w.swap.chooseApproval("exact")
            assert.strictEqual(yield* SubscriptionRef.get(w.swap.state), exact)

            yield* w.swap.chooseApproval("unlimited")
            const unlimited = yield* untilFlow(w.swap, previewApproving("unlimited"))
            assert.strictEqual(unlimited.draft.approval, "unlimited")
            const { plan } = unlimited
            assert.deepStrictEqual(plan.approval, approveOf(2n ** 256n - 1n))
            // Simulated with the approval it sends, and no younger than the quote's first plan.
            assert.deepStrictEqual(w.calls.simulated.at(-1)?.[0]?.input, plan.approval?.data)
            assert.strictEqual(plan.preparedAt, exact.plan.preparedAt)
            assert.strictEqual(w.calls.approve.length, 2)

            // Back to exact: the visitor may change their mind before confirming.
            yield* w.swap.chooseApproval("exact")
            const back = yield* untilFlow(w.swap, previewApproving("exact"))
            assert.deepStrictEqual(back.plan.approval, approveOf(50_000_000n))
          })
        )
    )

    it.effect(
      "while another approval is planned the review stays on screen: Preparing carries the plan it replaces",
      () =>
        Effect.gen(function* () {
          const held = yield* Deferred.make<string, ProviderRequestError>()
          let asked = 0
          const allowance = () => (asked++ === 0 ? Effect.succeed("0") : Deferred.await(held))
          yield* withSwap({ allowance }, (w) =>
            Effect.gen(function* () {
              const exact = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
              const choosing = yield* Effect.forkChild(w.swap.chooseApproval("unlimited"))
              const pending = yield* untilFlow(
                w.swap,
                (state): state is Extract<SwapState, { _tag: "Preparing" }> => state._tag === "Preparing"
              )
              assert.strictEqual(pending.replacing, exact.plan)
              assert.strictEqual(pending.draft.approval, "unlimited")
              yield* Deferred.succeed(held, "0")
              yield* Fiber.join(choosing)
              const unlimited = yield* untilFlow(w.swap, previewApproving("unlimited"))
              assert.strictEqual(unlimited.plan.approves, "unlimited")
            })
          )
        })
    )

    it.effect("an allowance that covers the amount: no approval", () =>
      withSwap({ allowance: "50000000" }, (w) =>
        Effect.gen(function* () {
          const { plan } = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          assert.strictEqual(w.calls.allowance.length, 1)
          assert.deepStrictEqual(w.calls.approve, [])
          assert.isUndefined(plan.approval)
          assert.strictEqual(plan.fee.amount, SWAP_GAS * GAS_PRICE)
        })
      )
    )

    it.effect("swapping the native coin: the allowance is not asked", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          const { plan } = yield* reviewed(w.swap, { to: SUSD, amount: "1" })
          assert.deepStrictEqual(w.calls.allowance, [])
          assert.deepStrictEqual(w.calls.approve, [])
          assert.isUndefined(plan.approval)
          assert.strictEqual(plan.swap.value, `0x${ETHER.toString(16)}`)
          assert.strictEqual(plan.fee.amount, SWAP_GAS * GAS_PRICE)
        })
      )
    )

    it.effect("a fee above the native balance (token from): back to the form with no-fee-balance", () =>
      withSwap(
        {
          balances: [balance("ETH", "0.0001", 18, 3000), balance("sUSD", "100", 6, 1, SUSD_ADDRESS)]
        },
        (w) =>
          Effect.gen(function* () {
            const form = yield* startQuoted(w.swap, { from: SUSD, to: SBX, amount: "50" })
            yield* w.swap.review
            const state = yield* flowTagged(w.swap, "Editing")
            assert.strictEqual(state.problem, "no-fee-balance")
            assert.deepStrictEqual(state.quote, form.quote)
            assert.deepStrictEqual(state.draft, form.draft)
          })
      )
    )

    it.effect(
      "a fee above what is left of the native coin: back to the form with over-balance-with-fee",
      () =>
        withSwap({}, (w) =>
          Effect.gen(function* () {
            yield* startQuoted(w.swap, { to: SUSD, amount: "2" })
            yield* w.swap.review
            const state = yield* flowTagged(w.swap, "Editing")
            assert.strictEqual(state.problem, "over-balance-with-fee")
            assert.strictEqual(state.quote._tag, "Quoted")
          })
        )
    )

    it.effect("a review that fails after the visitor went back leaves the form alone", () =>
      Effect.gen(function* () {
        const allowance = yield* Deferred.make<string, ProviderRequestError>()
        yield* withSwap({ allowance: () => Deferred.await(allowance) }, (w) =>
          Effect.gen(function* () {
            yield* startQuoted(w.swap, { from: SUSD, to: SBX, amount: "50" })
            const reviewing = yield* Effect.forkChild(w.swap.review)
            yield* untilFlow(w.swap, (state): state is SwapState => state._tag === "Preparing")
            yield* w.swap.back
            const form = yield* untilFlow(w.swap, settled)
            quoteOf(form.quote)
            yield* Deferred.fail(allowance, refused)
            yield* Fiber.join(reviewing)
            const after = yield* SubscriptionRef.get(w.swap.state)
            assert.strictEqual(after._tag, "Editing")
            quoteOf((after as Editing).quote)
          })
        )
      })
    )

    it.effect("review does nothing without a quote", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          yield* w.swap.edit({ to: SUSD, amount: "1" })
          yield* w.swap.review
          assert.deepStrictEqual((yield* flowTagged(w.swap, "Editing")).quote, { _tag: "Quoting" })
          assert.deepStrictEqual(w.calls.swap, [])
        })
      )
    )
  })

  describe("back", () => {
    it.effect("from the preview: the form again, quoted anew", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          const preview = yield* reviewed(w.swap, { from: SUSD, to: SBX, amount: "50" })
          yield* w.swap.back
          const form = yield* untilFlow(w.swap, settled)
          assert.deepStrictEqual(form.draft, preview.draft)
          assert.deepStrictEqual(form.tokens, preview.tokens)
          assert.isUndefined(form.problem)
          quoteOf(form.quote)
          assert.strictEqual(w.calls.quotes.length, 2)
        })
      )
    )
  })
})
