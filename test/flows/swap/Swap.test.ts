/**
 * The Swap flow (`SwapLive`, `Swap.lazy.ts`) over fake services: starting on a network, quoting once
 * typing pauses, why a quote is refused, the form's problems, reviewing (allowance, approval, fee),
 * confirming (approval mined before the swap), a plan's lifetime and going back. Time is the TestClock's.
 * The checks of what the API builds are SwapChecked.test.ts's.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { encodeFunctionData, erc20Abi } from "viem"
import {
  ConnectorNotConnectedError,
  ProviderRequestError,
  SwapFailedError,
  SwapNetworkUnsupportedError
} from "../../../src/errors"
import { PLAN_LIFETIME_MS, QUOTE_DELAY_MS } from "../../../src/layers/flows/swap/Swap.lazy"
import { present } from "../../../src/presentation"
import type { SwapDraft, SwapState, SwapTransaction } from "../../../src/services/Swap"
import { UserRejectedRequestError } from "../../../src/walletErrors"
import { ALICE, BOB } from "../../kit/accounts"
import { connectedAs } from "../../kit/bindings"
import { decodedOptions } from "../../kit/fixtures"
import { flowTagged, untilFlow } from "../../kit/flowWorld"
import { SBX_ADDRESS, SUSD_ADDRESS, solanaLocalnetNetwork } from "../../kit/networks"
import {
  type Editing,
  editAndWait,
  noQuoteOf,
  quoteOf,
  reviewed,
  settled,
  startQuoted,
  withSwap
} from "./swapSteps"
import {
  APPROVAL_HASH,
  APPROVE_GAS,
  APPROVE_SELECTOR,
  balance,
  CHAIN,
  ETH,
  GAS_PRICE,
  inWorld,
  type Options,
  ROUTER_ADDRESS,
  SBX,
  SUSD,
  SWAP_DATA,
  SWAP_GAS,
  SWAP_HASH,
  USER
} from "./swapWorld"

const lower = (address: string) => address.toLowerCase() as `0x${string}`
/** A transaction of the plan as the wallet is asked it: on the sandbox chain (31337). */
const onChain = (tx: SwapTransaction | undefined): SwapTransaction & { readonly chainId: string } => {
  if (tx === undefined) return assert.fail("expected the plan to hold this transaction")
  return { ...tx, chainId: "0x7a69" }
}
const ETHER = 10n ** 18n
const solanaLocalnet = decodedOptions({ networks: [solanaLocalnetNetwork] }).networks[0]!
const refused = new ProviderRequestError({ reason: "status", status: 400, endpoint: "v1/convert/quotes" })

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
