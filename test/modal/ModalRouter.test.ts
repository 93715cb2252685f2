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
import { viewOnOpen } from "../../src/layers/flow/flowRoutes"
import {
  canClose,
  initialRouterState,
  ModalRouterLive,
  moved,
  opened,
  openedOn,
  pushed,
  visitorRoute,
  wentBack,
  withoutTransaction,
  withTransaction
} from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import type { View } from "../../src/schemas/View"
import type { WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter, type ModalRouterShape } from "../../src/services/ModalRouter"
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

const failureTag = (exit: Exit.Exit<unknown, { readonly _tag: string }>) =>
  Option.getOrUndefined(Option.map(Exit.findErrorOption(exit), (e) => e._tag))

const outcomesOf = (events: PubSub.Subscription<RpcEvent>) =>
  Effect.map(PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), (seen) =>
    seen.flatMap((e) => (e._tag === "UnsafeSettled" ? [e.outcome] : []))
  )

/** The router, listened to from before it opens `view`. */
const openListened = (view: Parameters<ModalRouterShape["open"]>[0]) =>
  Effect.gen(function* () {
    const router = yield* ModalRouter
    const events = yield* router.subscribe
    yield* router.open(view)
    return { router, events }
  })

describe("ModalRouter rules", () => {
  it("opens on the requested view, else Account when connected, else Connect", () => {
    assert.strictEqual(viewOnOpen(undefined, false), "Connect")
    assert.strictEqual(viewOnOpen(undefined, true), "Account")
    assert.strictEqual(viewOnOpen("AllWallets", true), "AllWallets")
  })

  it("refuses to close unless forced while any request waits (an approval, a frame's, a preview)", () => {
    const approving = withTransaction({ ...initialRouterState, open: true }, 3)
    assert.isFalse(canClose(approving, false))
    assert.isTrue(canClose(approving, true))
    assert.isTrue(canClose({ ...initialRouterState, open: true }, false))
    assert.isTrue(canClose(withoutTransaction(approving, 3), false))
  })

  it("keeps a set of pending requests: settling one takes that one off, and only the last returns", () => {
    const account = { ...initialRouterState, ...opened("Account", undefined), open: true }
    const three = withTransaction(withTransaction(withTransaction(account, 1), 2), 3)
    assert.deepStrictEqual(three.transactionStack, [{ id: 1 }, { id: 2 }, { id: 3 }])
    assert.strictEqual(three.view, "ApproveTransaction")
    assert.deepStrictEqual(three.history, ["ApproveTransaction"])
    // The same request twice is one entry.
    assert.strictEqual(withTransaction(three, 2), three)
    const firstGone = withoutTransaction(three, 1)
    assert.deepStrictEqual(firstGone.transactionStack, [{ id: 2 }, { id: 3 }])
    assert.strictEqual(firstGone.view, "ApproveTransaction")
    // A request the stack does not hold changes nothing.
    assert.strictEqual(withoutTransaction(firstGone, 1), firstGone)
    const back = withoutTransaction(withoutTransaction(firstGone, 3), 2)
    assert.deepStrictEqual(back, account)
    // Opened for the requests, the modal closes after the last.
    const fromClosed = withTransaction(withTransaction(initialRouterState, 4), 5)
    assert.isTrue(fromClosed.open)
    assert.isTrue(withoutTransaction(fromClosed, 4).open)
    assert.isFalse(withoutTransaction(withoutTransaction(fromClosed, 4), 5).open)
  })

  it("opens and moves behind the pending requests: the route they return to changes, the stack stays", () => {
    const account = { ...initialRouterState, ...opened("Account", undefined), open: true }
    const waiting = withTransaction(account, 1)
    const opening = openedOn(waiting, "UnsupportedChain", undefined)
    assert.deepStrictEqual(opening.transactionStack, [{ id: 1 }])
    assert.strictEqual(opening.view, "ApproveTransaction")
    assert.deepStrictEqual(visitorRoute(opening), {
      view: "UnsupportedChain",
      history: ["UnsupportedChain"],
      data: undefined,
      open: true
    })
    // Opening ApproveTransaction while requests wait changes nothing; with none, it is no place to go.
    assert.strictEqual(openedOn(waiting, "ApproveTransaction", undefined), waiting)
    assert.strictEqual(openedOn(account, "ApproveTransaction", undefined).view, "Connect")
    const pushedBehind = moved(opening, (route) => pushed(route, "Networks", { from: "x" }))
    assert.deepStrictEqual(pushedBehind.behindStack?.history, ["UnsupportedChain", "Networks"])
    assert.strictEqual(withoutTransaction(pushedBehind, 1).view, "Networks")
    // Opened for the requests, the modal has no route to move until something opens behind them.
    const fromClosed = withTransaction(initialRouterState, 2)
    assert.strictEqual(visitorRoute(fromClosed).open, false)
    assert.strictEqual(
      moved(fromClosed, (route) => pushed(route, "Networks", undefined)),
      fromClosed
    )
    const signIn = openedOn(fromClosed, "SIWXSignMessage", undefined)
    assert.strictEqual(withoutTransaction(signIn, 2).view, "SIWXSignMessage")
    assert.isTrue(withoutTransaction(signIn, 2).open)
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

  it.effect(
    "takes a settled request off the stack, back to the previous view, or closes what it opened",
    () =>
      Effect.gen(function* () {
        const { router, events } = yield* openListened("Account")
        yield* router.pushTransaction({ id: 1 })
        yield* router.removeTransaction(1)
        assert.strictEqual(yield* shown, "Account")

        yield* router.close()
        yield* router.pushTransaction({ id: 2 })
        yield* router.pushTransaction({ id: 3 })
        assert.isTrue((yield* state).open)
        // Back, the visitor's move, has nothing to go back to behind the requests, and closes nothing.
        yield* router.goBack
        yield* router.removeTransaction(3)
        assert.strictEqual(yield* shown, "ApproveTransaction")
        yield* router.removeTransaction(2)
        assert.strictEqual(yield* shown, "closed")
        // Returning to closed is no close: nothing waiting elsewhere is rejected for it.
        assert.deepStrictEqual(yield* PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), [
          { _tag: "Closed", pendingTransactions: 0 }
        ])
      }).pipe(Effect.provide(ModalRouterLive))
  )

  it.effect("a flow leaving its view closes once the requests in front of it settle", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      yield* router.open("SIWXSignMessage")
      yield* router.pushTransaction({ id: 1 })
      yield* router.closeWhenSettled
      assert.strictEqual(yield* shown, "ApproveTransaction")
      yield* router.removeTransaction(1)
      assert.strictEqual(yield* shown, "closed")
      yield* router.open("Account")
      yield* router.closeWhenSettled
      assert.strictEqual(yield* shown, "closed")
    }).pipe(Effect.provide(ModalRouterLive))
  )

  it.effect("refuses an unforced close while requests wait; a forced one tells how many waited", () =>
    Effect.gen(function* () {
      const router = yield* ModalRouter
      const events = yield* router.subscribe
      yield* router.pushTransaction({ id: 1 })
      yield* router.pushTransaction({ id: 2 })
      assert.isFalse(yield* router.close())
      assert.isTrue(yield* router.close({ force: true }))
      assert.deepStrictEqual(yield* state, {
        ...initialRouterState,
        view: "ApproveTransaction",
        history: ["ApproveTransaction"]
      })
      assert.deepStrictEqual(yield* PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), [
        { _tag: "Closed", pendingTransactions: 2 }
      ])
    }).pipe(Effect.provide(ModalRouterLive))
  )

  // Issue 29: settling one of two requests took the newest entry off and closed, aborting the other.
  approvalTest(
    "two requests at once: each settles with its own answer, the other waiting on, shown next",
    function* ({ router, rpc, events }) {
      yield* router.open("Account")
      const first = yield* Effect.forkChild(rpc.request({ method: "personal_sign", params: ["0x01", ALICE] }))
      const second = yield* Effect.forkChild(
        rpc.request({ method: "personal_sign", params: ["0x02", ALICE] })
      )
      const both = yield* untilState(router.state, (s) => s.transactionStack.length === 2)
      assert.strictEqual(both.view, "ApproveTransaction")
      const [a, b] = (yield* SubscriptionRef.get(rpc.approvals)).map((approval) => approval.id)
      if (a === undefined || b === undefined) return assert.fail("two approvals")
      assert.deepStrictEqual(
        both.transactionStack.map((entry) => entry.id),
        [a, b]
      )
      // The visitor rejects the newer one first: the older still waits, and shows.
      yield* rpc.decide(b, false)
      assert.strictEqual(failureTag(yield* Fiber.await(second)), "SignatureDeclinedError")
      const one = yield* untilState(router.state, (s) => s.transactionStack.length === 1)
      assert.deepStrictEqual(one.transactionStack, [{ id: a }])
      assert.strictEqual(one.view, "ApproveTransaction")
      assert.isUndefined(first.pollUnsafe())
      // Only a forced close would take it away; the visitor's is refused.
      assert.isFalse(yield* Effect.flatMap(ModalFlow, (flow) => flow.close()))
      yield* rpc.decide(a, true)
      assert.isString(yield* Fiber.join(first))
      yield* untilView("Account")
      assert.deepStrictEqual(yield* outcomesOf(events), ["cancel", "success"])
    }
  )

  // Issue 29: any open while a request waited reset the stack, and the request's approval was lost.
  approvalTest(
    "an open while a request waits keeps it in front: the view opened shows once it settles",
    function* ({ router, rpc }) {
      const flow = yield* ModalFlow
      const signing = yield* Effect.forkChild(
        rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      )
      yield* untilView("ApproveTransaction")
      yield* flow.open("ApproveTransaction")
      yield* flow.open()
      yield* flow.open("Networks")
      yield* flow.push("AllWallets")
      const waiting = yield* state
      assert.strictEqual(waiting.view, "ApproveTransaction")
      assert.strictEqual(waiting.transactionStack.length, 1)
      assert.deepStrictEqual(waiting.behindStack?.history, ["Networks", "AllWallets"])
      assert.isFalse(yield* flow.close())
      yield* rpc.decide(yield* pendingApproval, true)
      yield* Fiber.join(signing)
      yield* untilView("AllWallets")
      assert.deepStrictEqual((yield* state).history, ["Networks", "AllWallets"])
      yield* router.goBack
      assert.strictEqual(yield* shown, "Networks")
    }
  )

  // A connect that finishes behind a waiting request opens its next view there, not over the request.
  approvalTest(
    "a connect finishing while a request waits moves the route behind it to Account",
    function* ({ router, rpc }) {
      const flow = yield* ModalFlow
      yield* flow.open("Connect")
      const signing = yield* Effect.forkChild(
        rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      )
      yield* untilView("ApproveTransaction")
      yield* flow.chooseWallet({ _tag: "Connector", connectorId: "eip6963:other" })
      const moved = yield* untilState(router.state, (s) => s.behindStack?.view === "Account")
      assert.strictEqual(moved.view, "ApproveTransaction")
      assert.deepStrictEqual(moved.transactionStack.length, 1)
      yield* rpc.decide(yield* pendingApproval, true)
      yield* Fiber.join(signing)
      yield* untilView("Account")
    }
  )

  // How a request ended is RpcRouter's to tell; ModalFlow takes it off the stack either way.
  approvalTest(
    "takes an approved request off the stack however it ended, telling how",
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

  it.effect(
    "tells listeners when it closes, with the pending requests, once: closed, it closes nothing",
    () =>
      Effect.gen(function* () {
        const { router, events } = yield* openListened("Connect")
        yield* router.close()
        assert.isTrue(yield* router.close())
        // Whatever has arrived, without waiting (PubSub.takeAll would wait for a first event).
        assert.deepStrictEqual(yield* PubSub.takeUpTo(events, Number.POSITIVE_INFINITY), [
          { _tag: "Closed", pendingTransactions: 0 }
        ])
      }).pipe(Effect.provide(ModalRouterLive))
  )
})
