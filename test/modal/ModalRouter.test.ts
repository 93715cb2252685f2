import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { viewOnOpen } from "../../src/layers/flow/ModalFlowLive"
import {
  canClose,
  initialRouterState,
  ModalRouterLive,
  wentBack
} from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import type { View } from "../../src/schemas/View"
import type { WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { type RpcEvent, RpcRouter } from "../../src/services/RpcRouter"
import { makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { ALICE } from "../kit/accounts"
import { decodedOptions, withWalletConnect } from "../kit/fixtures"
import { fixedConnection, withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { untilState } from "../kit/waits"

/**
 * The router with the owners that drive it: ModalFlow opens on Account when connected and pushes and pops
 * the transaction stack for RpcRouter's requests; `connector`, when given, is connected on eip155.
 */
const flowLayer = (connector?: WalletConnector) => {
  const platform = Layer.merge(Layer.succeed(ModalConfig, decodedOptions()), KeyValueStore.layerMemory)
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = NetworksLive.pipe(Layer.provideMerge(core))
  const connection = fixedConnection(connector === undefined ? undefined : { connector, address: ALICE })
  return withFlow(Layer.merge(withWalletConnect(chain), connection)).pipe(Layer.provide(preloadedParts))
}

const state = Effect.flatMap(ModalRouter, (router) => SubscriptionRef.get(router.state))
/** The view shown, or "closed". */
const shown = Effect.map(state, (s) => (s.open ? s.view : "closed"))

/** Waits, without a clock, until the router shows `view`. */
/** Waits until the modal is open on `view`. */
const untilView = (view: View) =>
  Effect.flatMap(ModalRouter, (router) => untilState(router.state, (s) => s.open && s.view === view))

/** The id of the oldest request waiting in ApproveTransaction. */
const pendingApproval = Effect.flatMap(RpcRouter, (rpc) =>
  Effect.map(
    SubscriptionRef.get(rpc.approvals),
    (list) => Option.getOrThrow(Option.fromNullishOr(list[0])).id
  )
)

/** How each unsafe request seen on `events` so far ended, in order. */
/** A test of a request awaiting approval, over a connected in-modal wallet and the flow around it. */
const approvalTest = (
  name: string,
  body: (world: {
    readonly wallet: ReturnType<typeof makeMockInModalWallet>
    readonly router: ModalRouter["Service"]
    readonly rpc: RpcRouter["Service"]
    readonly events: PubSub.Subscription<RpcEvent>
  }) => Generator<
    Effect.Effect<unknown, unknown, Layer.Success<ReturnType<typeof flowLayer>> | Scope.Scope>,
    void,
    never
  >
) =>
  it.effect(name, () => {
    const wallet = makeMockInModalWallet({ connected: true })
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const world = { wallet, router: yield* ModalRouter, rpc, events: yield* rpc.events }
      yield* Effect.gen(() => body(world))
    }).pipe(Effect.provide(flowLayer(wallet.connector)))
  })

const outcomesOf = (events: PubSub.Subscription<RpcEvent>) =>
  Effect.map(PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), (seen) =>
    seen.flatMap((e) => (e._tag === "UnsafeSettled" ? [e.outcome] : []))
  )

describe("ModalRouter rules", () => {
  it("opens on the requested view, else Account when connected, else Connect", () => {
    assert.strictEqual(viewOnOpen(undefined, false), "Connect")
    assert.strictEqual(viewOnOpen(undefined, true), "Account")
    assert.strictEqual(viewOnOpen("AllWallets", true), "AllWallets")
  })

  it("refuses to close in ApproveTransaction unless forced, while a request waits for an answer there", () => {
    const entry = (blocksClose: boolean) => ({
      view: "ApproveTransaction" as const,
      closeOnPop: false,
      blocksClose
    })
    const approving = {
      ...initialRouterState,
      open: true,
      view: "ApproveTransaction" as const,
      transactionStack: [entry(false), entry(true)]
    }
    assert.isFalse(canClose(approving, false))
    assert.isTrue(canClose(approving, true))
    assert.isTrue(canClose({ ...initialRouterState, open: true }, false))
    // A preview beside the wallet's own prompt closes.
    assert.isTrue(canClose({ ...approving, transactionStack: [entry(false)] }, false))
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
  // A bare open is ModalFlow's: the router itself always opens on the view it is given.
  it.effect("opens on Connect without an account", () =>
    Effect.gen(function* () {
      const flow = yield* ModalFlow
      yield* flow.open()
      assert.deepStrictEqual(yield* state, { ...initialRouterState, open: true })
    }).pipe(Effect.provide(flowLayer()))
  )

  it.effect("opens on Account with one", () =>
    Effect.gen(function* () {
      const flow = yield* ModalFlow
      yield* flow.open()
      assert.strictEqual((yield* state).view, "Account")
    }).pipe(Effect.provide(flowLayer(makeMockInModalWallet().connector)))
  )

  it.effect("keeps a history, goes back, and closes from the first view", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open("Connect")
      yield* router.push("AllWallets")
      yield* router.push("AllWallets")
      yield* router.push("ConnectingExternal", { wallet: "sandbox" })
      assert.deepStrictEqual((yield* state).history, ["Connect", "AllWallets", "ConnectingExternal"])
      assert.deepStrictEqual((yield* state).data, { wallet: "sandbox" })
      yield* router.replace("ConnectingWalletConnect")
      assert.deepStrictEqual((yield* state).history, ["Connect", "AllWallets", "ConnectingWalletConnect"])
      yield* router.goBack
      yield* router.goBack
      assert.strictEqual(yield* shown, "Connect")
      yield* router.goBack
      assert.strictEqual(yield* shown, "closed")
    }).pipe(Effect.provide(ModalRouterLive))
  )

  // The request waiting in ApproveTransaction is RpcRouter's; closing the modal aborts it through ModalFlow.
  approvalTest(
    "blocks closing while a transaction waits for approval, unless forced",
    function* ({ wallet, router, rpc, events }) {
      yield* Effect.flatMap(ModalFlow, (flow) => flow.open())
      const signing = yield* Effect.forkChild(
        rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      )
      yield* untilView("ApproveTransaction")
      assert.isFalse(yield* router.close())
      assert.strictEqual((yield* state).view, "ApproveTransaction")
      assert.isTrue(yield* router.close({ force: true }))
      assert.strictEqual(yield* shown, "closed")
      // A request nobody can approve any more is settled as cancelled.
      const exit = yield* Fiber.await(signing)
      assert.strictEqual(
        Option.getOrUndefined(Option.map(Exit.findErrorOption(exit), (e) => e._tag)),
        "RequestAbortedError"
      )
      assert.deepStrictEqual(yield* outcomesOf(events), ["cancel"])
      assert.strictEqual(wallet.provider.count("personal_sign"), 0)
    }
  )

  it.effect("pops the transaction stack back to the previous view, or closes what it opened", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open("Account")
      yield* router.pushTransaction({ view: "ApproveTransaction", blocksClose: true })
      yield* router.popTransaction
      assert.strictEqual(yield* shown, "Account")

      yield* router.close()
      yield* router.pushTransaction({ view: "ApproveTransaction", blocksClose: true })
      assert.isTrue((yield* state).open)
      yield* router.popTransaction
      assert.strictEqual(yield* shown, "closed")
    }).pipe(Effect.provide(ModalRouterLive))
  )

  // How a request ended is RpcRouter's to tell; ModalFlow pops the stack either way.
  approvalTest(
    "pops the stack of an approved request however it ended, telling how",
    function* ({ wallet, router, rpc, events }) {
      const sign = Effect.forkChild(rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }))
      yield* router.open("Account")
      const signed = yield* sign
      yield* untilView("ApproveTransaction")
      yield* rpc.decide(yield* pendingApproval, true)
      yield* Fiber.join(signed)
      yield* untilView("Account")
      assert.isTrue((yield* state).open)

      yield* router.close()
      wallet.provider.setBehaviour("personal_sign", { _tag: "Error", code: -32000, message: "broken" })
      const failing = yield* sign
      yield* untilView("ApproveTransaction")
      yield* rpc.decide(yield* pendingApproval, true)
      assert.isTrue(Exit.isFailure(yield* Fiber.await(failing)))
      yield* Effect.flatMap(ModalRouter, (r) => untilState(r.state, (s) => !s.open))
      assert.strictEqual(yield* shown, "closed")
      assert.deepStrictEqual(yield* outcomesOf(events), ["success", "error"])
    }
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
    }).pipe(Effect.provide(ModalRouterLive))
  )
})
