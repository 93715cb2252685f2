/**
 * The preview of every unsafe EVM request an external wallet answers (issue 13 item 5): shown in
 * ApproveTransaction before the wallet answers, never holding the request back, simulated within 2 s,
 * closable, cancellable, and off with `features.preview` or for the modal's own requests.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { NATIVE_TRANSFER_ADDRESS } from "../../src/layers/requests/simulation"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter, type RouterState } from "../../src/services/ModalRouter"
import { type PendingApproval, RpcRouter } from "../../src/services/RpcRouter"
import { makeMockEip1193Provider } from "../../src/testing/mockWallet"
import { ALICE, BOB } from "../kit/accounts"
import { SUSD_ADDRESS as TOKEN } from "../kit/networks"
import { settle, untilState } from "../kit/waits"
import { browserWallet, HASH, hangingWallet, world } from "./requestWorld"

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const word = (value: bigint) => value.toString(16).padStart(64, "0")
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`
const transferLog = (contract: string, value: bigint) => ({
  address: contract,
  topics: [TRANSFER, topic(ALICE), topic(BOB)],
  data: `0x${word(value)}`
})
const SYMBOL_SUSD = `0x${word(32n)}${word(4n)}${Buffer.from("sUSD").toString("hex").padEnd(64, "0")}`
/** `transfer(BOB, 12.5 sUSD)`. */
const TRANSFER_CALL = `0xa9059cbb${word(BigInt(BOB))}${word(12_500_000n)}`

/**
 * A chain whose `eth_simulateV1` answers once `release` is done: the token moves 12.5 sUSD and the native
 * pseudo-token 1 wei; `symbol()` and `decimals()` answer for the token.
 */
const simulatingChain = (release: Deferred.Deferred<void>) =>
  Layer.succeed(
    FallbackTransport,
    FallbackTransport.of({
      request: (_network, request) => {
        if (request.method === "eth_simulateV1")
          return Effect.as(Deferred.await(release), [
            {
              calls: [
                {
                  status: "0x1",
                  logs: [transferLog(TOKEN, 12_500_000n), transferLog(NATIVE_TRANSFER_ADDRESS, 1n)]
                }
              ]
            }
          ])
        const [call] = Array.isArray(request.params) ? request.params : []
        const data = (call as { readonly data?: string } | undefined)?.data
        return Effect.succeed(data === "0x95d89b41" ? SYMBOL_SUSD : `0x${word(6n)}`)
      },
      ranking: () => Effect.die("unused")
    })
  )

const approvals = Effect.flatMap(RpcRouter, (rpc) => SubscriptionRef.get(rpc.approvals))
const untilApprovals = (holds: (list: ReadonlyArray<PendingApproval>) => boolean) =>
  Effect.flatMap(RpcRouter, (rpc) => untilState(rpc.approvals, holds))
const route = Effect.flatMap(ModalRouter, (router) => SubscriptionRef.get(router.state))
const untilRoute = (holds: (state: RouterState) => boolean) =>
  Effect.flatMap(ModalRouter, (router) => untilState(router.state, holds))
const sendTransfer = Effect.flatMap(RpcRouter, (rpc) =>
  rpc.request({ method: "eth_sendTransaction", params: [{ from: ALICE, to: TOKEN, data: TRANSFER_CALL }] })
)

/**
 * Sends the token transfer through a wallet that never answers it, over a chain whose simulation answers
 * once `release` is done, and runs `body` once the wallet is asked and the preview shows.
 */
const previewing = <A, E, R>(
  body: (
    sending: Fiber.Fiber<unknown, unknown>,
    shown: PendingApproval | undefined,
    release: Deferred.Deferred<void>
  ) => Effect.Effect<A, E, R>
) => {
  const wallet = hangingWallet("eth_sendTransaction")
  return Effect.gen(function* () {
    const release = yield* Deferred.make<void>()
    return yield* Effect.gen(function* () {
      const sending = yield* Effect.forkChild(sendTransfer)
      yield* wallet.untilAsked("eth_sendTransaction")
      const [shown] = yield* untilApprovals((list) => list.length === 1)
      return yield* body(sending, shown, release)
    }).pipe(Effect.provide(world(wallet.connector, { chains: simulatingChain(release) }).layer))
  })
}

describe("the preview of what an external wallet is asked", () => {
  it.effect(
    "shows the transaction in ApproveTransaction at once, the wallet asked without waiting for the simulation, which fills in",
    () =>
      previewing((sending, shown, release) =>
        Effect.gen(function* () {
          assert.strictEqual(shown?.answeredIn, "wallet")
          assert.strictEqual(shown?.method, "eth_sendTransaction")
          assert.deepStrictEqual(shown?.simulation, { _tag: "Simulating" })
          const open = yield* route
          assert.isTrue(open.open)
          assert.strictEqual(open.view, "ApproveTransaction")

          yield* Deferred.succeed(release, undefined)
          const [simulated] = yield* untilApprovals((list) => list[0]?.simulation?._tag === "Simulated")
          assert.deepStrictEqual(simulated?.simulation, {
            _tag: "Simulated",
            changes: [
              {
                token: TOKEN.toLowerCase() as `0x${string}`,
                delta: -12_500_000n,
                symbol: "sUSD",
                decimals: 6
              },
              { token: "native", delta: -1n, symbol: undefined, decimals: undefined }
            ],
            // Read once for the change and the transfer call both, for amounts in sUSD.
            tokens: [{ token: TOKEN.toLowerCase() as `0x${string}`, symbol: "sUSD", decimals: 6 }]
          })
          assert.isUndefined(sending.pollUnsafe())
        })
      )
  )

  it.effect(
    "a simulation that takes over 2 s reads 'not simulated'; a request that ends takes its preview away",
    () =>
      previewing((sending) =>
        Effect.gen(function* () {
          yield* TestClock.adjust(Duration.millis(1_999))
          yield* settle
          assert.deepStrictEqual((yield* approvals)[0]?.simulation, { _tag: "Simulating" })
          yield* TestClock.adjust(Duration.millis(1))
          yield* untilApprovals((list) => list[0]?.simulation?._tag === "NotSimulated")
          yield* Fiber.interrupt(sending)
          yield* untilApprovals((list) => list.length === 0)
          yield* settle
          assert.isFalse((yield* route).open, "the preview opened the modal, so it closes with the request")
        })
      )
  )

  it.effect("the wallet's answer settles the request and takes the preview away", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
    wallet.setBehaviour("eth_sendTransaction", { _tag: "Result", value: HASH })
    return Effect.gen(function* () {
      assert.strictEqual(yield* sendTransfer, HASH)
      yield* settle
      assert.deepStrictEqual(yield* approvals, [])
      assert.isFalse((yield* route).open)
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect(
    "Cancel rejects the request with 4001 while the wallet still asks; only a forced close aborts the preview",
    () => {
      const wallet = hangingWallet("personal_sign")
      return Effect.gen(function* () {
        const rpc = yield* RpcRouter
        const flow = yield* ModalFlow
        const signing = yield* Effect.forkChild(
          rpc.request({ method: "personal_sign", params: ["0x68", ALICE] })
        )
        yield* wallet.untilAsked("personal_sign")
        const [shown] = yield* untilApprovals((list) => list.length === 1)
        assert.isUndefined(shown?.simulation, "a signature sends nothing to simulate")
        yield* rpc.decide((shown as PendingApproval).id, false)
        const cancelled = yield* Fiber.await(signing)
        assert.strictEqual(
          Option.getOrUndefined(Option.map(Exit.findErrorOption(cancelled), (e) => e._tag)),
          "SignatureDeclinedError"
        )

        const again = yield* Effect.forkChild(
          rpc.request({ method: "personal_sign", params: ["0x68", ALICE] })
        )
        yield* wallet.untilAsked("personal_sign", 2)
        yield* untilApprovals((list) => list.length === 1)
        const reopened = yield* untilRoute((state) => state.open)
        assert.strictEqual(reopened.view, "ApproveTransaction")
        assert.isFalse(yield* flow.close(), "a preview holds the modal open like any pending request")
        assert.isUndefined(again.pollUnsafe(), "a refused close aborts nothing")
        assert.isTrue(yield* flow.close({ force: true }))
        const aborted = yield* Fiber.await(again)
        assert.strictEqual(
          Option.getOrUndefined(Option.map(Exit.findErrorOption(aborted), (e) => e._tag)),
          "RequestAbortedError"
        )
      }).pipe(Effect.provide(world(wallet.connector).layer))
    }
  )

  it.effect("off with features.preview, and never for the modal's own requests", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
    wallet.setBehaviour("eth_sendTransaction", { _tag: "Result", value: HASH })
    const requested = (options: { readonly described?: boolean }) =>
      Effect.scoped(
        Effect.gen(function* () {
          const rpc = yield* RpcRouter
          const events = yield* rpc.events
          yield* rpc.request(
            { method: "eth_sendTransaction", params: [{ from: ALICE, to: BOB, value: "0x1" }] },
            options
          )
          yield* settle
          const seen = yield* PubSub.takeAll(events)
          assert.deepStrictEqual(
            seen.map((event) => event._tag),
            ["UnsafeSettled"]
          )
          assert.isFalse((yield* route).open)
        })
      )
    return Effect.gen(function* () {
      yield* requested({}).pipe(
        Effect.provide(world(browserWallet(wallet), { features: { preview: false } }).layer)
      )
      yield* requested({ described: true }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
      assert.strictEqual(wallet.count("eth_sendTransaction"), 2)
    })
  })
})
