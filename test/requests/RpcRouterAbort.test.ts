/**
 * The request owner's promises: reads time out, interactive requests wait but stay abortable (a signal,
 * closing the modal), identical switches share one wallet prompt, in-modal approval goes through
 * ApproveTransaction, and every send is handed to the transaction watcher.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { Networks } from "../../src/services/Networks"
import { type PendingApproval, RpcRouter, type WalletRequest } from "../../src/services/RpcRouter"
import { type MockInModalWallet, makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { makeMockEip1193Provider } from "../../src/testing/mockWallet"
import { ALICE } from "../kit/accounts"
import { makeRecorder } from "../kit/emitters"
import { settle, untilState } from "../kit/waits"
import { browserWallet, HASH, hangingWallet, watchedWallet, world } from "./requestWorld"

const routerState = Effect.flatMap(ModalRouter, (r) => SubscriptionRef.get(r.state))

const failureTag = (exit: Exit.Exit<unknown, { readonly _tag: string }>) =>
  Option.getOrUndefined(Option.map(Exit.findErrorOption(exit), (e) => e._tag))

/** A connected wallet on 31337 that never answers a signature or a network switch. */
const walletNeverAnsweringSignOrSwitch = () => {
  const wallet = makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], connected: true })
  wallet.setBehaviour("personal_sign", { _tag: "Hang" })
  wallet.setBehaviour("wallet_switchEthereumChain", { _tag: "Hang" })
  return wallet
}

/** With the Networks view open, a signature and a switch to mainnet, both left pending. */
const pendingSignatureAndSwitch = Effect.gen(function* () {
  const rpc = yield* RpcRouter
  const flow = yield* ModalFlow
  yield* flow.open("Networks")
  const signing = yield* Effect.forkChild(rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }))
  const switching = yield* Effect.forkChild(flow.switchNetwork("eip155:1"))
  return { rpc, flow, signing, switching }
})

describe("RpcRouter time-outs and aborts", () => {
  it.effect("a read that never answers fails at 10 s, not before (THREATS.md R2)", () => {
    const wallet = hangingWallet("eth_blockNumber")
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const reading = yield* Effect.forkChild(rpc.request({ method: "eth_blockNumber" }))
      yield* wallet.untilAsked("eth_blockNumber")
      yield* settle
      yield* TestClock.adjust(Duration.millis(9_999))
      yield* settle
      assert.isUndefined(reading.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      const exit = yield* Fiber.await(reading)
      assert.isTrue(Exit.isFailure(exit))
    }).pipe(Effect.provide(world(wallet.connector).layer))
  })

  it.effect("a signature has no time-out, and its signal aborts it with 'Request was aborted'", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
    wallet.setBehaviour("personal_sign", { _tag: "Hang" })
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const controller = new AbortController()
      const signing = yield* Effect.forkChild(
        rpc.request({ method: "personal_sign", params: ["0x68690a", ALICE] }, { signal: controller.signal })
      )
      yield* settle
      yield* TestClock.adjust(Duration.hours(1))
      yield* settle
      assert.isUndefined(signing.pollUnsafe())
      controller.abort()
      const exit = yield* Fiber.await(signing)
      assert.strictEqual(failureTag(exit), "RequestAbortedError")
      assert.strictEqual(Option.getOrThrow(Exit.findErrorOption(exit)).message, "Request was aborted")
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect(
    "closing the modal settles a pending signature and a pending switch as aborted (SPEC.md §4)",
    () => {
      const wallet = walletNeverAnsweringSignOrSwitch()
      return Effect.gen(function* () {
        const { rpc, flow, signing, switching } = yield* pendingSignatureAndSwitch
        yield* settle
        // Nothing waits in ApproveTransaction (no preview): the close goes through and rejects both.
        assert.isTrue(yield* flow.close())
        const [signed, switched] = yield* Effect.all([Fiber.await(signing), Fiber.await(switching)])
        assert.strictEqual(failureTag(signed), "RequestAbortedError")
        assert.strictEqual(failureTag(switched), "RequestAbortedError")
        // A request after the close is not aborted by it.
        wallet.setBehaviour("personal_sign", { _tag: "Default" })
        assert.isString(yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }))
      }).pipe(Effect.provide(world(browserWallet(wallet), { features: { preview: false } }).layer))
    }
  )

  it.effect("with the signature previewed, only a forced close settles it and the switch as aborted", () => {
    const wallet = walletNeverAnsweringSignOrSwitch()
    return Effect.gen(function* () {
      const { flow, signing, switching } = yield* pendingSignatureAndSwitch
      yield* Effect.flatMap(ModalRouter, (router) =>
        untilState(router.state, (s) => s.transactionStack.length === 1)
      )
      assert.isFalse(yield* flow.close())
      yield* settle
      assert.isUndefined(signing.pollUnsafe())
      assert.isUndefined(switching.pollUnsafe())
      assert.isTrue(yield* flow.close({ force: true }))
      const [signed, switched] = yield* Effect.all([Fiber.await(signing), Fiber.await(switching)])
      assert.strictEqual(failureTag(signed), "RequestAbortedError")
      assert.strictEqual(Option.getOrThrow(Exit.findErrorOption(signed)).message, "Request was aborted")
      assert.strictEqual(failureTag(switched), "RequestAbortedError")
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect("two identical switches while one is pending make one wallet prompt and share its answer", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], connected: true })
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const first = yield* Effect.forkChild(rpc.switchNetwork("eip155:1"))
      const second = yield* Effect.forkChild(rpc.switchNetwork("eip155:1"))
      yield* Fiber.join(first)
      yield* Fiber.join(second)
      assert.strictEqual(wallet.count("wallet_switchEthereumChain"), 1)
      // Once settled, a new switch asks again.
      yield* rpc.switchNetwork("eip155:31337")
      assert.strictEqual(wallet.count("wallet_switchEthereumChain"), 2)
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect("one caller's signal lets that caller go; the shared switch goes on for the other", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], connected: true })
    wallet.setBehaviour("wallet_switchEthereumChain", { _tag: "Hang" })
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const controller = new AbortController()
      const leaving = yield* Effect.forkChild(rpc.switchNetwork("eip155:1", { signal: controller.signal }))
      const staying = yield* Effect.forkChild(rpc.switchNetwork("eip155:1"))
      yield* settle
      controller.abort()
      assert.strictEqual(failureTag(yield* Fiber.await(leaving)), "RequestAbortedError")
      yield* settle
      assert.isUndefined(staying.pollUnsafe())
      assert.strictEqual(wallet.count("wallet_switchEthereumChain"), 1)
      yield* rpc.abortPending
      assert.strictEqual(failureTag(yield* Fiber.await(staying)), "RequestAbortedError")
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect(
    "closing the modal settles a pending switch, not the wallet's prompt: the next switch joins the prompt still open",
    () => {
      const wallet = makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], connected: true })
      // The wallet's switch prompts, each answered when the test says so.
      const answers: Array<() => void> = []
      const prompts = makeRecorder<number>()
      const { connector, untilAsked } = watchedWallet({
        ...wallet,
        request: (args) =>
          args.method === "wallet_switchEthereumChain"
            ? new Promise<unknown>((resolve) => {
                answers.push(() => resolve(wallet.request(args)))
                prompts.push(answers.length)
              })
            : wallet.request(args)
      })
      return Effect.gen(function* () {
        const flow = yield* ModalFlow
        const networks = yield* Networks
        yield* flow.open("Networks")
        const first = yield* Effect.forkChild(flow.switchNetwork("eip155:1"))
        yield* untilAsked("wallet_switchEthereumChain")
        assert.isTrue(yield* flow.close())
        assert.strictEqual(failureTag(yield* Fiber.await(first)), "RequestAbortedError")

        // The visitor clicks again while the wallet still shows its first prompt: no second prompt.
        yield* flow.open("Networks")
        const second = yield* Effect.forkChild(flow.switchNetwork("eip155:1"))
        yield* settle
        assert.strictEqual(answers.length, 1)
        assert.isUndefined(second.pollUnsafe())

        // The wallet's answer to that one prompt settles the click waiting for it.
        answers[0]?.()
        yield* Fiber.join(second)
        assert.strictEqual(answers.length, 1)
        const active = (yield* SubscriptionRef.get(networks.state)).active.eip155
        assert.strictEqual(active?._tag === "Known" && active.network.caipNetworkId, "eip155:1")

        // Once answered, a new switch asks the wallet again.
        const back = yield* Effect.forkChild(flow.switchNetwork("eip155:31337"))
        yield* prompts.untilCount(() => true, 2)
        answers[1]?.()
        yield* Fiber.join(back)
      }).pipe(Effect.provide(world(connector).layer))
    }
  )

  it.effect(
    "a successful send is handed to the transaction watcher with its network, sender and request",
    () => {
      const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
      wallet.setBehaviour("eth_sendTransaction", { _tag: "Result", value: HASH })
      const { layer, tracked, refreshes } = world(browserWallet(wallet))
      return Effect.gen(function* () {
        const rpc = yield* RpcRouter
        yield* rpc.request({
          method: "eth_sendTransaction",
          params: [{ from: ALICE, to: ALICE, value: "0x2386f26fc10000" }]
        })
        assert.deepStrictEqual(tracked, [
          {
            kind: "transaction",
            hash: HASH,
            to: ALICE,
            value: "10000000000000000",
            network: "eip155:31337",
            from: ALICE,
            // What the watcher checks the hash's transaction against before it confirms the send.
            sent: { from: ALICE, to: ALICE, value: 10_000_000_000_000_000n, data: "0x" }
          }
        ])
        // A successful unsafe request reads the balance again (SPEC.md §4).
        yield* settle
        assert.strictEqual(refreshes.count, 1)
      }).pipe(Effect.provide(layer))
    }
  )
})

describe("In-modal approval (ApproveTransaction)", () => {
  /** Forks `request` and waits until ApproveTransaction shows it, open; the request's fiber is `answer`. */
  const awaitingApproval = (request: WalletRequest) =>
    Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const answer = yield* Effect.forkChild(rpc.request(request))
      const [approval] = yield* untilState(rpc.approvals, (list) => list.length > 0)
      yield* Effect.flatMap(ModalRouter, (router) => untilState(router.state, (state) => state.open))
      return { rpc, answer, approval: approval as PendingApproval }
    })

  /** Runs `body` over a connected wallet whose requests the modal approves first. */
  const withInModalWallet = <A, E, R>(body: (wallet: MockInModalWallet) => Effect.Effect<A, E, R>) => {
    const wallet = makeMockInModalWallet({ chainId: 31337, connected: true })
    return Effect.provide(body(wallet), world(wallet.connector).layer)
  }

  it.effect("shows ApproveTransaction; the wallet is asked only after Approve, then the view pops", () =>
    withInModalWallet((mock) =>
      Effect.gen(function* () {
        const { rpc, answer, approval } = yield* awaitingApproval({
          method: "personal_sign",
          params: ["0x6869", ALICE]
        })
        const route = yield* routerState
        assert.isTrue(route.open)
        assert.strictEqual(route.view, "ApproveTransaction")
        assert.strictEqual(route.transactionStack.length, 1)
        assert.strictEqual(approval.method, "personal_sign")
        assert.strictEqual(approval.from, ALICE)
        assert.strictEqual(approval.network, "eip155:31337")
        assert.strictEqual(mock.provider.count("personal_sign"), 0)
        // Closing without force is refused while the request waits.
        assert.isFalse(yield* Effect.flatMap(ModalFlow, (f) => f.close()))
        yield* rpc.decide(approval.id, true)
        assert.isString(yield* Fiber.join(answer))
        assert.strictEqual(mock.provider.count("personal_sign"), 1)
        yield* settle
        // The modal opened for the request, so it closes again once the request settled.
        assert.isFalse((yield* routerState).open)
        assert.deepStrictEqual(yield* SubscriptionRef.get(rpc.approvals), [])
      })
    )
  )

  it.effect("Reject answers 4001 (declined signature) and the wallet is never asked", () =>
    withInModalWallet((mock) =>
      Effect.gen(function* () {
        const { rpc, answer, approval } = yield* awaitingApproval({
          method: "eth_sendTransaction",
          params: [{ from: ALICE, to: ALICE, value: "0x1" }]
        })
        yield* rpc.decide(approval.id, false)
        const exit = yield* Fiber.await(answer)
        const error = Option.getOrThrow(Exit.findErrorOption(exit))
        assert.strictEqual(error._tag, "UserRejectedRequestError")
        assert.strictEqual((error as { readonly code?: number }).code, 4001)
        assert.strictEqual(mock.provider.count("eth_sendTransaction"), 0)
      })
    )
  )

  it.effect("a forced close aborts the waiting approval", () =>
    withInModalWallet((mock) =>
      Effect.gen(function* () {
        const flow = yield* ModalFlow
        const { answer } = yield* awaitingApproval({ method: "personal_sign", params: ["0x00", ALICE] })
        assert.isTrue(yield* flow.close({ force: true }))
        assert.strictEqual(failureTag(yield* Fiber.await(answer)), "RequestAbortedError")
        assert.strictEqual(mock.provider.count("personal_sign"), 0)
      })
    )
  )

  it.effect("opening ApproveTransaction with nothing on the stack opens the default view instead", () => {
    const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
    return Effect.gen(function* () {
      const flow = yield* ModalFlow
      yield* flow.open("ApproveTransaction")
      const route = yield* routerState
      assert.strictEqual(route.view, "Account")
      assert.isTrue(yield* flow.close())
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })
})
