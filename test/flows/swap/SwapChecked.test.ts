/**
 * What the provider API builds for a swap is checked before the wallet sees it (issue 28), through the flow:
 * a built swap or approval that pays someone else, and simulations that move other tokens, give less than
 * the minimum, revert or never come, each land on the form with their words, and nothing is sent.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { encodeFunctionData, erc20Abi, maxUint256 } from "viem"
import { ChainNotConfiguredError, SwapFailedError } from "../../../src/errors"
import { SWAP_SIMULATION_TIMEOUT } from "../../../src/layers/flows/swap/swapPlan"
import type { SwapDraft } from "../../../src/services/Swap"
import { ALICE } from "../../kit/accounts"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SBX_ADDRESS } from "../../kit/networks"
import { type Editing, noQuoteOf, startQuoted, withSwap } from "./swapSteps"
import {
  approveTransaction,
  CHAIN,
  ETH,
  honestLogs,
  SBX,
  SUSD,
  simulationAnswer,
  swapTransaction,
  transferLog,
  type World
} from "./swapWorld"

describe("what the API builds is checked before the wallet sees it (issue 28)", () => {
  const ATTACKER = "0xbad0000000000000000000000000000000000bad"

  /** Reviews `change` and expects the form back with `reason` in words, and nothing for the wallet. */
  const refusedWith = (reason: string, change: Partial<SwapDraft>) => (w: World) =>
    Effect.gen(function* () {
      const form = yield* startQuoted(w.swap, change)
      yield* w.swap.review
      const state = yield* untilFlow(w.swap, (now): now is Editing => now._tag === "Editing")
      const error = noQuoteOf(state.quote)
      assert.instanceOf(error, SwapFailedError)
      assert.strictEqual((error as SwapFailedError).reason, reason)
      assert.deepStrictEqual(state.draft, form.draft)
      // Confirming from the form sends nothing either.
      yield* w.swap.confirm
      assert.deepStrictEqual(w.calls.sent, [])
    })

  it.effect("a swap whose value goes to another account: unsafe-swap, told by the simulation", () =>
    withSwap({ build: (request) => ({ ...swapTransaction(request), to: `${CHAIN}:${ATTACKER}` }) }, (w) =>
      Effect.gen(function* () {
        yield* refusedWith("unsafe-swap", { to: SBX, amount: "0.5" })(w)
        // The address passed the static rules (a contract is any address): only the simulation can
        // tell, and it shows the ether leaving with nothing back.
        assert.strictEqual(w.calls.simulated.length, 1)
      })
    )
  )

  it.effect("a swap from another account: unsafe-swap before any simulation", () =>
    withSwap({ build: (request) => ({ ...swapTransaction(request), from: `${CHAIN}:${ATTACKER}` }) }, (w) =>
      Effect.gen(function* () {
        yield* refusedWith("unsafe-swap", { to: SBX, amount: "0.5" })(w)
        assert.deepStrictEqual(w.calls.simulated, [])
      })
    )
  )

  it.effect("an approval for another spender: unsafe-approval before any simulation", () =>
    withSwap(
      {
        approval: {
          ...approveTransaction,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [ATTACKER, maxUint256]
          })
        }
      },
      (w) =>
        Effect.gen(function* () {
          yield* refusedWith("unsafe-approval", { from: SUSD, to: SBX, amount: "50" })(w)
          assert.deepStrictEqual(w.calls.simulated, [])
        })
    )
  )

  it.effect("a simulation that moves another of the account's tokens: unsafe-swap", () =>
    withSwap(
      {
        simulate: ({ calls, quoted }) =>
          Effect.succeed(
            simulationAnswer(calls, [
              ...honestLogs(quoted.from, quoted.to, quoted.amount, quoted.toAmount),
              transferLog(SBX_ADDRESS, ALICE, ATTACKER, 1n)
            ])
          )
      },
      refusedWith("unsafe-swap", { from: SUSD, to: ETH, amount: "50" })
    )
  )

  it.effect("a simulation that gives less than the minimum: below-minimum", () =>
    withSwap(
      {
        simulate: ({ calls, quoted }) =>
          Effect.succeed(
            simulationAnswer(calls, honestLogs(quoted.from, quoted.to, quoted.amount, quoted.toAmount / 2n))
          )
      },
      refusedWith("below-minimum", { to: SUSD, amount: "1" })
    )
  )

  it.effect("a simulation that reverts: would-revert", () =>
    withSwap(
      { simulate: ({ calls }) => Effect.succeed(simulationAnswer(calls, [], "0x0")) },
      refusedWith("would-revert", { to: SUSD, amount: "1" })
    )
  )

  it.effect("a node that cannot simulate: unverified", () =>
    withSwap(
      { simulate: () => Effect.fail(new ChainNotConfiguredError({})) },
      refusedWith("unverified", { to: SUSD, amount: "1" })
    )
  )

  it.effect("a node that does not answer within the time-out: unverified", () =>
    Effect.gen(function* () {
      const asked = yield* Deferred.make<void>()
      yield* withSwap(
        { simulate: () => Effect.andThen(Deferred.succeed(asked, undefined), Effect.never) },
        (w) =>
          Effect.gen(function* () {
            yield* startQuoted(w.swap, { to: SUSD, amount: "1" })
            const reviewing = yield* Effect.forkChild(w.swap.review)
            yield* Deferred.await(asked)
            yield* TestClock.adjust(SWAP_SIMULATION_TIMEOUT)
            yield* Fiber.join(reviewing)
            const state = yield* flowTagged(w.swap, "Editing")
            assert.strictEqual((noQuoteOf(state.quote) as SwapFailedError).reason, "unverified")
            assert.deepStrictEqual(w.calls.sent, [])
          })
      )
    })
  )
})
