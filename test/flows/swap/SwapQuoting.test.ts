/**
 * The Swap flow (`SwapLive`, `Swap.lazy.ts`) up to a quote, over fake services: starting on a network,
 * quoting once typing pauses, why a quote is refused, and the form's problems. Time is the TestClock's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  ConnectorNotConnectedError,
  ProviderRequestError,
  SwapFailedError,
  SwapNetworkUnsupportedError
} from "../../../src/errors"
import { QUOTE_DELAY_MS } from "../../../src/layers/flows/swap/Swap.lazy"
import { present } from "../../../src/presentation"
import type { SwapDraft } from "../../../src/services/Swap"
import { ALICE } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { decodedOptions } from "../../kit/fixtures"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { solanaLocalnetNetwork } from "../../kit/networks"
import { type Editing, editAndWait, noQuoteOf, quoteOf, settled, startQuoted, withSwap } from "./swapSteps"
import { CHAIN, ETH, ETHER, GAS_PRICE, inWorld, type Options, refused, SBX, SUSD } from "./swapWorld"

const solanaLocalnet = decodedOptions({ networks: [solanaLocalnetNetwork] }).networks[0]!

describe("Swap", () => {
  describe("start", () => {
    it.effect("on a network outside the list: Unavailable, and the error is shown", () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          const state = yield* flowTagged(w.swap, "Unavailable")
          assert.instanceOf(state.error, SwapNetworkUnsupportedError)
          assert.strictEqual((state.error as SwapNetworkUnsupportedError).chainId, 31337)
          assert.deepStrictEqual(w.calls.errors, [state.error])
          // The API is not asked for the network's tokens.
          assert.deepStrictEqual(w.log, [])
        })
      )
    )

    it.effect("without a connected account: Unavailable as not connected, and the API is not asked", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* SubscriptionRef.set(w.connection, { namespaces: {}, attempt: undefined })
          yield* w.swap.start
          const { error } = yield* flowTagged(w.swap, "Unavailable")
          assert.instanceOf(error, ConnectorNotConnectedError)
          assert.strictEqual(present(error).message, "Connector not connected.")
          assert.deepStrictEqual(w.log, [])
        })
      )
    )

    it.effect("with a Solana account active: Unavailable, its network not one for swaps", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* SubscriptionRef.set(w.connection, {
            namespaces: connectedAs("solana", ALICE),
            attempt: undefined
          })
          yield* SubscriptionRef.set(w.networks, {
            activeNamespace: "solana",
            active: { solana: { _tag: "Known", network: solanaLocalnet } }
          })
          yield* w.swap.start
          const { error } = yield* flowTagged(w.swap, "Unavailable")
          assert.instanceOf(error, SwapNetworkUnsupportedError)
          assert.strictEqual((error as SwapNetworkUnsupportedError).chainId, "solana:localnet")
          assert.deepStrictEqual(w.log, [])
        })
      )
    )

    it.effect("lists the API's tokens with the account's balances, native first; from = native", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          assert.strictEqual((yield* SubscriptionRef.get(w.swap.state))._tag, "Idle")
          yield* w.swap.start
          const state = yield* flowTagged(w.swap, "Editing")
          assert.deepStrictEqual(
            state.tokens.map((token) => [token.caip, token.symbol, token.balance, token.native]),
            [
              [ETH, "ETH", 2n * ETHER, true],
              [SUSD, "sUSD", 100_000_000n, false],
              [SBX, "SBX", 0n, false]
            ]
          )
          assert.deepStrictEqual(state.draft, {
            from: ETH,
            to: undefined,
            amount: "",
            slippage: "1",
            approval: "exact"
          })
          assert.deepStrictEqual(state.quote, { _tag: "None" })
          assert.isUndefined(state.problem)
          assert.deepStrictEqual(w.log, [`tokens ${CHAIN}`])
          assert.deepStrictEqual(w.calls.errors, [])
        })
      )
    )
  })

  describe("quoting", () => {
    it.effect("quotes once typing pauses for 400 ms, at the standard gas price, in base units", () =>
      withSwap({ quote: () => Effect.succeed(1_234_567_891n) }, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          yield* w.swap.edit({ to: SUSD, amount: "0.5" })
          assert.deepStrictEqual((yield* flowTagged(w.swap, "Editing")).quote, { _tag: "Quoting" })
          yield* TestClock.adjust(QUOTE_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.quotes, [])
          assert.deepStrictEqual((yield* flowTagged(w.swap, "Editing")).quote, { _tag: "Quoting" })

          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.swap, settled)
          assert.deepStrictEqual(w.calls.quotes, [
            {
              amount: (ETHER / 2n).toString(),
              from: ETH,
              to: SUSD,
              userAddress: `${CHAIN}:${ALICE}`,
              gasPrice: GAS_PRICE.toString()
            }
          ])
          const quote = quoteOf(form.quote)
          assert.strictEqual(quote.fromAmount, ETHER / 2n)
          assert.strictEqual(quote.toAmount, 1_234_567_891n)
          // 1 % off, rounded down: 1 234 567 891 × 0.99 = 1 222 222 212.09.
          assert.strictEqual(quote.minimumReceived, 1_222_222_212n)
          // 1234.567891 sUSD for 0.5 ETH.
          assert.strictEqual(quote.rate, "2469.14")
          assert.strictEqual(quote.gasPrice, GAS_PRICE)
          assert.strictEqual(quote.from.caip, ETH)
          assert.strictEqual(quote.to.caip, SUSD)
        })
      )
    )

    it.effect("an edit within the pause cancels the pending quote: one request, for the latest amount", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          yield* w.swap.edit({ to: SUSD, amount: "0.1" })
          yield* TestClock.adjust(QUOTE_DELAY_MS - 100)
          yield* w.swap.edit({ amount: "0.2" })
          yield* TestClock.adjust(QUOTE_DELAY_MS - 1)
          assert.deepStrictEqual(w.calls.quotes, [])
          yield* TestClock.adjust(1)
          const form = yield* untilFlow(w.swap, settled)
          assert.deepStrictEqual(
            w.calls.quotes.map((q) => q.amount),
            [(ETHER / 5n).toString()]
          )
          assert.strictEqual(quoteOf(form.quote).fromAmount, ETHER / 5n)
          assert.strictEqual(form.draft.amount, "0.2")
          // Nothing more comes later.
          yield* TestClock.adjust(10 * QUOTE_DELAY_MS)
          assert.strictEqual(w.calls.quotes.length, 1)
        })
      )
    )

    it.effect("a slippage change quotes again with the new minimum", () =>
      withSwap({ quote: () => Effect.succeed(1_000_000n) }, (w) =>
        Effect.gen(function* () {
          yield* startQuoted(w.swap, { to: SUSD, amount: "0.5" })
          const form = yield* editAndWait(w.swap, { slippage: "2.5" })
          assert.strictEqual(quoteOf(form.quote).minimumReceived, 975_000n)
          assert.strictEqual(w.calls.quotes.length, 2)
        })
      )
    )

    it.effect("flip swaps from and to, and quotes again", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* startQuoted(w.swap, { to: SUSD, amount: "1" })
          yield* w.swap.flip
          yield* TestClock.adjust(QUOTE_DELAY_MS)
          const form = yield* untilFlow(w.swap, settled)
          assert.strictEqual(form.draft.from, SUSD)
          assert.strictEqual(form.draft.to, ETH)
          assert.deepStrictEqual(
            w.calls.quotes.map((q) => [q.from, q.to, q.amount]),
            [
              [ETH, SUSD, ETHER.toString()],
              [SUSD, ETH, "1000000"]
            ]
          )
        })
      )
    )
  })

  describe("a refused quote (HTTP 400)", () => {
    /** The API refuses every amount but the probe's, which trades when `probeTrades`. */
    const refusing = (probe: bigint, probeTrades: boolean): Options => ({
      quote: (amount) =>
        amount === probe && probeTrades ? Effect.succeed(amount * 2n) : Effect.fail(refused)
    })

    /** Quotes `amount` sUSD for SBX against `options`; `check` looks at the failure and the amounts asked. */
    const failedSwap = (
      options: Options,
      amount: string,
      check: (error: SwapFailedError, asked: ReadonlyArray<string>) => void
    ) =>
      withSwap(options, (w) =>
        Effect.gen(function* () {
          const form = yield* startQuoted(w.swap, { from: SUSD, to: SBX, amount })
          const error = noQuoteOf(form.quote)
          assert.instanceOf(error, SwapFailedError)
          check(
            error as SwapFailedError,
            w.calls.quotes.map((q) => q.amount)
          )
        })
      )

    it.effect("above the probe (one whole token) that trades: liquidity", () =>
      failedSwap(refusing(1_000_000n, true), "50", (error, asked) => {
        assert.strictEqual(error.reason, "liquidity")
        assert.strictEqual(error.cause, refused)
        assert.deepStrictEqual(asked, ["50000000", "1000000"])
      })
    )

    it.effect("below the probe that trades: too-small", () =>
      failedSwap(refusing(1_000_000n, true), "0.5", (error, asked) => {
        assert.strictEqual(error.reason, "too-small")
        assert.deepStrictEqual(asked, ["500000", "1000000"])
      })
    )

    it.effect("the probe refused as well: no-route", () =>
      failedSwap(refusing(1_000_000n, false), "50", (error, asked) => {
        assert.strictEqual(error.reason, "no-route")
        assert.strictEqual(error.cause, refused)
        assert.strictEqual(asked.length, 2)
      })
    )

    it.effect("a probe that fails on the network says nothing about the pair: its own error", () => {
      const offline = new ProviderRequestError({ reason: "network", endpoint: "v1/convert/quotes" })
      return withSwap({ quote: (amount) => Effect.fail(amount === 1_000_000n ? offline : refused) }, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          const form = yield* editAndWait(w.swap, { from: SUSD, to: SBX, amount: "50" })
          assert.strictEqual(noQuoteOf(form.quote), offline)
        })
      )
    })

    it.effect("another provider failure is the quote's error, with no probe", () =>
      withSwap(
        {
          quote: () =>
            Effect.fail(new ProviderRequestError({ reason: "status", status: 500, endpoint: "quotes" }))
        },
        (w) =>
          Effect.gen(function* () {
            yield* w.swap.start
            const form = yield* editAndWait(w.swap, { from: SUSD, to: SBX, amount: "50" })
            const error = noQuoteOf(form.quote)
            assert.instanceOf(error, ProviderRequestError)
            assert.strictEqual(w.calls.quotes.length, 1)
          })
      )
    )
  })

  describe("problems", () => {
    /** Starts the swap and edits `change`: the form names `problem`, shows no quote, and none was asked. */
    const unquoted = (change: Partial<SwapDraft>, problem: Editing["problem"]) =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          const form = yield* startQuoted(w.swap, change)
          assert.strictEqual(form.problem, problem)
          assert.deepStrictEqual(form.quote, { _tag: "None" })
          assert.deepStrictEqual(w.calls.quotes, [])
        })
      )

    it.effect("more than the balance: over-balance, and no quote is asked", () =>
      unquoted({ from: SUSD, to: ETH, amount: "100.000001" }, "over-balance")
    )

    it.effect("a slippage of 0: slippage, and no quote is asked", () =>
      unquoted({ to: SUSD, amount: "1", slippage: "0" }, "slippage")
    )

    it.effect("an empty amount or no target is not a problem yet", () =>
      withSwap({}, (w) =>
        Effect.gen(function* () {
          yield* w.swap.start
          const noTarget = yield* editAndWait(w.swap, { amount: "1" })
          assert.isUndefined(noTarget.problem)
          const empty = yield* editAndWait(w.swap, { amount: "", to: SUSD })
          assert.isUndefined(empty.problem)
          assert.deepStrictEqual(empty.quote, { _tag: "None" })
          assert.deepStrictEqual(w.calls.quotes, [])
        })
      )
    )
  })
})
