import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import type { PayFailedError } from "../../../src/payErrors"
import { ModalRouter } from "../../../src/services/ModalRouter"
import { Pay, type PayState } from "../../../src/services/Pay"
import { UserRejectedRequestError } from "../../../src/walletErrors"
import { eventually, untilState } from "../../kit/waits"
import {
  DEPOSIT_URL,
  EXCHANGE,
  EXCHANGE_HASH,
  HASH,
  inPayWorld,
  PAYER,
  type PayWorldOptions,
  RECIPIENT,
  SUSD,
  SUSD_ASSET,
  transferData
} from "./payWorld"

const request = { recipient: RECIPIENT.toLowerCase(), amount: "5", asset: SUSD_ASSET }
const funded: PayWorldOptions = {
  connected: true,
  balance: 12_000_000n,
  wallet: { _tag: "Sends", status: "confirmed" }
}

/**
 * The payment started in the background, once the Pay view shows its details and (`payer`: when a wallet is
 * connected) the payer's balance.
 */
const started = (input: { readonly amount: string } = request, payer = true) =>
  Effect.gen(function* () {
    const pay = yield* Pay
    const fiber = yield* Effect.forkChild(pay.pay(input))
    yield* untilState((yield* ModalRouter).state, (s) => s.open && s.view === "Pay")
    const ready = yield* untilState(
      pay.state,
      (s): s is Extract<PayState, { _tag: "Ready" }> =>
        s._tag === "Ready" &&
        s.details.amount === BigInt(input.amount) * 1_000_000n &&
        (payer ? s.payer._tag === "Connected" && s.payer.balance._tag === "Known" : s.payer._tag === "None")
    )
    return { pay, fiber, ready }
  })

const reasonOf = <A>(exit: Exit.Exit<A, PayFailedError>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail")?.error.reason : "succeeded"

describe("Pay (issue 33)", () => {
  it.effect(
    "shows the request in the Pay view, then pays 5 sUSD with the wallet: resolves with the confirmed hash",
    () =>
      inPayWorld(funded, ({ asked }) =>
        Effect.gen(function* () {
          const { pay, fiber, ready } = yield* started()
          const router = yield* SubscriptionRef.get((yield* ModalRouter).state)
          assert.deepStrictEqual([router.open, router.view], [true, "Pay"])
          assert.strictEqual(ready.details.amount, 5_000_000n)
          assert.deepStrictEqual([ready.details.asset.symbol, ready.details.asset.decimals], ["sUSD", 6])
          assert.strictEqual(ready.details.recipient, RECIPIENT)
          assert.deepStrictEqual(ready.payer, {
            _tag: "Connected",
            address: PAYER,
            wallet: "Test Wallet",
            balance: { _tag: "Known", amount: 12_000_000n }
          })
          yield* pay.payWithWallet
          assert.deepStrictEqual(yield* Fiber.join(fiber), { status: "success", txHash: HASH })
          // The wallet was asked the ERC-20 transfer itself, on the payment's chain.
          assert.deepStrictEqual(asked, [
            {
              method: "eth_sendTransaction",
              params: [
                { from: PAYER, to: SUSD, data: transferData(RECIPIENT, 5_000_000n), chainId: "0x7a69" }
              ]
            }
          ])
          assert.strictEqual((yield* SubscriptionRef.get(pay.state))._tag, "Paid")
        })
      )
  )

  it.effect("an invalid request fails at once with its reason and opens nothing", () =>
    inPayWorld(funded, () =>
      Effect.gen(function* () {
        const pay = yield* Pay
        for (const [input, reason] of [
          [{ ...request, amount: "5.0000001" }, "invalid-amount"],
          [{ ...request, recipient: "0x1234" }, "invalid-recipient"],
          [{ ...request, asset: "eip155:1/slip44:60" }, "unsupported-network"],
          [{ ...request, asset: "eip155:31337/erc721:0x01" }, "unsupported-asset"]
        ] as const) {
          assert.strictEqual(reasonOf(yield* Effect.exit(pay.pay(input))), reason, JSON.stringify(input))
        }
        assert.isFalse((yield* SubscriptionRef.get((yield* ModalRouter).state)).open)
        assert.strictEqual((yield* SubscriptionRef.get(pay.state))._tag, "Idle")
      })
    )
  )

  it.effect("without a wallet, paying shows Connect; closing then fails as closed", () =>
    inPayWorld({ ...funded, connected: false }, ({ asked }) =>
      Effect.gen(function* () {
        const { pay, fiber, ready } = yield* started(request, false)
        assert.strictEqual(ready.payer._tag, "None")
        yield* pay.payWithWallet
        const router = yield* ModalRouter
        assert.strictEqual((yield* SubscriptionRef.get(router.state)).view, "Connect")
        yield* router.close()
        assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "closed")
        assert.deepStrictEqual(asked, [])
      })
    )
  )

  it.effect("a balance below the amount is not sent; closing fails as insufficient-balance", () =>
    inPayWorld({ ...funded, balance: 4_999_999n }, ({ asked }) =>
      Effect.gen(function* () {
        const { pay, fiber } = yield* started()
        yield* pay.payWithWallet
        const shown = yield* SubscriptionRef.get(pay.state)
        assert.strictEqual(shown._tag === "Ready" ? shown.problem?.reason : undefined, "insufficient-balance")
        assert.deepStrictEqual(asked, [])
        yield* (yield* ModalRouter).close()
        assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "insufficient-balance")
      })
    )
  )

  it.effect("declined in the wallet: the view says so and may try again; closing fails as declined", () =>
    inPayWorld(
      {
        ...funded,
        wallet: {
          _tag: "Fails",
          error: new UserRejectedRequestError({ code: 4001, message: "User rejected", cause: null })
        }
      },
      () =>
        Effect.gen(function* () {
          const { pay, fiber } = yield* started()
          yield* pay.payWithWallet
          const shown = yield* untilState(pay.state, (s) => s._tag === "Ready" && s.problem !== undefined)
          assert.strictEqual(shown._tag === "Ready" ? shown.problem?.reason : undefined, "declined")
          assert.isUndefined(fiber.pollUnsafe())
          yield* (yield* ModalRouter).close()
          assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "declined")
          // Nothing waits any more: the view has nothing to show until the next payment.
          yield* untilState(pay.state, (s) => s._tag === "Idle")
        })
    )
  )

  it.effect("a transfer the chain reverts is not a payment; a watch that gives up expires it", () =>
    Effect.gen(function* () {
      yield* inPayWorld({ ...funded, wallet: { _tag: "Sends", status: "failed" } }, () =>
        Effect.gen(function* () {
          const { pay, fiber } = yield* started()
          yield* pay.payWithWallet
          const shown = yield* untilState(pay.state, (s) => s._tag === "Ready" && s.problem !== undefined)
          assert.strictEqual(shown._tag === "Ready" ? shown.problem?.reason : undefined, "failed")
          yield* (yield* ModalRouter).close()
          assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "failed")
        })
      )
      yield* inPayWorld({ ...funded, wallet: { _tag: "Sends", status: "unknown" } }, () =>
        Effect.gen(function* () {
          const { pay, fiber } = yield* started()
          yield* pay.payWithWallet
          assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "expired")
        })
      )
    })
  )

  describe("from an exchange", () => {
    const fromExchange = (exchange: NonNullable<PayWorldOptions["exchange"]>) => ({ ...funded, exchange })

    /** The exchange offered, chosen, and its deposit page shown. */
    const depositShown = Effect.gen(function* () {
      const pay = yield* Pay
      yield* untilState(pay.state, (s) => s._tag === "Ready" && s.exchanges.length === 1)
      yield* pay.payFromExchange(EXCHANGE.id)
      const paying = yield* untilState(pay.state, (s) => s._tag === "Paying" && s.step._tag === "Exchange")
      return paying._tag === "Paying" && paying.step._tag === "Exchange" ? paying.step : undefined
    })

    it.effect(
      "lists it, shows its deposit page, and resolves with its hash once the chain shows it paying",
      () =>
        inPayWorld(
          fromExchange({
            statuses: [{ status: "SUCCESS", txHash: EXCHANGE_HASH }],
            transfer: { to: RECIPIENT, amount: 5_000_000n }
          }),
          ({ asked, http }) =>
            Effect.gen(function* () {
              const { fiber } = yield* started()
              const step = yield* depositShown
              assert.deepStrictEqual(step, { _tag: "Exchange", exchange: EXCHANGE, url: DEPOSIT_URL })
              assert.deepStrictEqual(yield* Fiber.join(fiber), { status: "success", txHash: EXCHANGE_HASH })
              assert.deepStrictEqual(asked, [], "the wallet is not asked")
              const session = http
                .requests()
                .map((seen) => JSON.parse(seen.body ?? "{}"))
                .find((body) => body.method === "reown_getExchangePayUrl")
              assert.deepStrictEqual(session?.params, {
                exchangeId: EXCHANGE.id,
                asset: SUSD_ASSET,
                amount: "5",
                recipient: `eip155:31337:${RECIPIENT}`
              })
            })
        )
    )

    it.effect("a hash that does not pay the recipient the amount is not a payment", () =>
      inPayWorld(
        fromExchange({
          statuses: [{ status: "SUCCESS", txHash: EXCHANGE_HASH }],
          transfer: { to: PAYER, amount: 5_000_000n }
        }),
        () =>
          Effect.gen(function* () {
            const { pay, fiber } = yield* started()
            yield* depositShown
            const shown = yield* untilState(pay.state, (s) => s._tag === "Ready" && s.problem !== undefined)
            assert.strictEqual(shown._tag === "Ready" ? shown.problem?.reason : undefined, "failed")
            yield* (yield* ModalRouter).close()
            assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "failed")
          })
      )
    )

    it.effect("a session still in progress after 15 minutes expires", () =>
      inPayWorld(
        fromExchange({
          statuses: [{ status: "IN_PROGRESS" }],
          transfer: { to: RECIPIENT, amount: 5_000_000n }
        }),
        ({ http }) =>
          Effect.gen(function* () {
            const { pay, fiber } = yield* started()
            yield* depositShown
            // Once the session was asked about, its deadline runs.
            yield* Effect.promise(() =>
              eventually(
                () => http.requests().some((seen) => seen.body?.includes("reown_getExchangeBuyStatus")),
                "the session's first status"
              )
            )
            yield* TestClock.adjust("15 minutes")
            const shown = yield* untilState(pay.state, (s) => s._tag === "Ready" && s.problem !== undefined)
            assert.strictEqual(shown._tag === "Ready" ? shown.problem?.reason : undefined, "expired")
            yield* (yield* ModalRouter).close()
            assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "expired")
          })
      )
    )
  })

  it.effect("a new payment replaces the one under way, which fails as closed", () =>
    inPayWorld(funded, () =>
      Effect.gen(function* () {
        const { fiber } = yield* started()
        const second = yield* started({ ...request, amount: "1" })
        assert.strictEqual(reasonOf(yield* Fiber.await(fiber)), "closed")
        assert.strictEqual(second.ready.details.amount, 1_000_000n)
        yield* (yield* Pay).payWithWallet
        assert.deepStrictEqual(yield* Fiber.join(second.fiber), { status: "success", txHash: HASH })
      })
    )
  )
})
