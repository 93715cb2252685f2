import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  canClose,
  initialRouterState,
  ModalRouterLive,
  viewOnOpen,
  wentBack
} from "../../src/layers/ModalRouterLive"
import { ConnectedAccount, ModalRouter, type TransactionOutcome } from "../../src/services/ModalRouter"

// The router asks at open time, so the answer comes from the caller's context, not the router's.
const connectedLayer = (connected: boolean) =>
  Layer.merge(ModalRouterLive, Layer.succeed(ConnectedAccount, { isConnected: Effect.succeed(connected) }))

const state = Effect.flatMap(ModalRouter, (router) => SubscriptionRef.get(router.state))

describe("ModalRouter rules", () => {
  it("opens on the requested view, else Account when connected, else Connect", () => {
    assert.strictEqual(viewOnOpen(undefined, false), "Connect")
    assert.strictEqual(viewOnOpen(undefined, true), "Account")
    assert.strictEqual(viewOnOpen("AllWallets", true), "AllWallets")
  })

  it("refuses to close in ApproveTransaction unless forced", () => {
    const approving = { ...initialRouterState, open: true, view: "ApproveTransaction" as const }
    assert.isFalse(canClose(approving, false))
    assert.isTrue(canClose(approving, true))
    assert.isTrue(canClose({ ...initialRouterState, open: true }, false))
  })

  it("has nothing to go back to at the first view", () => {
    assert.isUndefined(wentBack(initialRouterState))
    const two = {
      ...initialRouterState,
      view: "AllWallets" as const,
      history: ["Connect", "AllWallets"] as const
    }
    assert.strictEqual(wentBack({ ...two, history: [...two.history] })?.view, "Connect")
  })
})

describe("ModalRouter", () => {
  it.effect("opens on Connect without an account", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open()
      assert.deepStrictEqual(yield* state, { ...initialRouterState, open: true })
    }).pipe(Effect.provide(connectedLayer(false)))
  )

  it.effect("opens on Account with one", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open()
      assert.strictEqual((yield* state).view, "Account")
    }).pipe(Effect.provide(connectedLayer(true)))
  )

  it.effect("keeps a history, goes back, and closes from the first view", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open()
      yield* router.push("AllWallets")
      yield* router.push("AllWallets")
      yield* router.push("ConnectingExternal", { wallet: "sandbox" })
      assert.deepStrictEqual((yield* state).history, ["Connect", "AllWallets", "ConnectingExternal"])
      assert.deepStrictEqual((yield* state).data, { wallet: "sandbox" })
      yield* router.replace("ConnectingWalletConnect")
      assert.deepStrictEqual((yield* state).history, ["Connect", "AllWallets", "ConnectingWalletConnect"])
      yield* router.goBack
      yield* router.goBack
      assert.strictEqual((yield* state).view, "Connect")
      assert.isTrue((yield* state).open)
      yield* router.goBack
      assert.isFalse((yield* state).open)
    }).pipe(Effect.provide(connectedLayer(false)))
  )

  it.effect("blocks closing while a transaction waits for approval, unless forced", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      const outcomes: Array<TransactionOutcome> = []
      yield* router.open()
      yield* router.pushTransaction({ view: "ApproveTransaction", onSettled: (o) => outcomes.push(o) })
      assert.isFalse(yield* router.close())
      assert.strictEqual((yield* state).view, "ApproveTransaction")
      assert.isTrue(yield* router.close({ force: true }))
      assert.isFalse((yield* state).open)
      // A request nobody can approve any more is settled as cancelled.
      assert.deepStrictEqual(outcomes, ["cancel"])
    }).pipe(Effect.provide(connectedLayer(false)))
  )

  it.effect("pops the transaction stack back to the previous view, or closes what it opened", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      const outcomes: Array<TransactionOutcome> = []
      yield* router.open("Account")
      yield* router.pushTransaction({ view: "ApproveTransaction", onSettled: (o) => outcomes.push(o) })
      yield* router.popTransaction("success")
      assert.strictEqual((yield* state).view, "Account")
      assert.isTrue((yield* state).open)

      yield* router.close()
      yield* router.pushTransaction({ view: "ApproveTransaction", onSettled: (o) => outcomes.push(o) })
      assert.isTrue((yield* state).open)
      yield* router.popTransaction("error")
      assert.isFalse((yield* state).open)
      assert.deepStrictEqual(outcomes, ["success", "error"])
    }).pipe(Effect.provide(connectedLayer(false)))
  )

  it.effect("tells listeners when it opens and closes, with the pending requests", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      const events = yield* router.subscribe
      yield* router.open("Connect")
      yield* router.close()
      // Whatever has arrived, without waiting (PubSub.takeAll would wait for a first event).
      assert.deepStrictEqual(yield* PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), [
        { _tag: "Opened", view: "Connect" },
        { _tag: "Closed", pendingTransactions: 0 }
      ])
    }).pipe(Effect.provide(connectedLayer(false)))
  )
})
