// @vitest-environment happy-dom

// Connect: single-flight, refusals, cancels and superseded attempts.

import { assert, describe } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { Connection } from "../../src/services/Connection"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { ALICE, BOB } from "../kit/accounts"
import {
  activeNetwork,
  address,
  announce,
  connectionState,
  connectTo,
  eip155,
  idOf,
  mockWallet,
  routerState,
  status,
  until,
  waitForStatus,
  walletA,
  walletB
} from "../kit/connectionWorld"
import { settle } from "../kit/waits"
import {
  announced,
  announceHeld,
  connectedWallet,
  connectionTest,
  hang,
  refusal,
  walletAnswering
} from "./connectionTest"

describe("Connection.connect", () => {
  connectionTest(
    "a wallet whose eth_chainId answers garbage is not connected, and no chain is claimed for it",
    function* ({ read }) {
      const before = yield* activeNetwork
      const mock = mockWallet({ chainId: 1 })
      mock.setBehaviour("eth_chainId", { _tag: "Result", value: "banana" })
      const failed = yield* Effect.flip(connectTo(walletA, mock))
      assert.strictEqual(failed._tag, "UnknownWalletError")
      assert.strictEqual(eip155(yield* connectionState).status, "disconnected")
      assert.strictEqual(yield* activeNetwork, before)
      assert.notDeepEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
    }
  )

  connectionTest(
    "connects, follows the wallet's chain and persists status, connector key and recent wallet",
    function* ({ read }) {
      const mock = mockWallet({ chainId: 1 })
      yield* connectTo(walletA, mock)
      const state = eip155(yield* connectionState)
      assert.strictEqual(state.status, "connected")
      if (state.status !== "connected") return
      assert.strictEqual(state.address, ALICE)
      assert.deepStrictEqual(state.allAccounts, [ALICE])
      assert.strictEqual(state.connector.provider, mock)
      assert.strictEqual(state.accountType, "eoa")
      assert.isUndefined((yield* connectionState).attempt)
      assert.strictEqual(yield* activeNetwork, "eip155:1")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
      assert.strictEqual(read(connectedConnectorIdKey("eip155").key), "dev.airlock.a")
      assert.deepStrictEqual(read(StorageKeys.connectedNamespaces.key), ["eip155"])
      const recent = [{ id: "dev.airlock.a", name: "Wallet A", rdns: "dev.airlock.a" }]
      assert.deepStrictEqual(read(StorageKeys.recentWallets.key), recent)
      const connection = yield* Connection
      assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), recent)
      assert.isTrue(Option.isSome(yield* connection.connected("eip155")))
      // Opening without a view lands on Account now.
      const flow = yield* ModalFlow
      yield* flow.open()
      assert.strictEqual((yield* routerState).view, "Account")
    }
  )

  connectionTest(
    "keeps two recent wallets, newest first, across connections",
    function* ({ read }) {
      yield* connectTo(walletA, mockWallet())
      yield* connectTo(walletB, mockWallet({ accounts: [BOB] }))
      yield* connectTo(walletA, mockWallet())
      assert.deepStrictEqual(
        (read(StorageKeys.recentWallets.key) as ReadonlyArray<RecentWallet>).map((w) => w.id),
        ["dev.airlock.a", "dev.airlock.b"]
      )
    },
    { stored: { [StorageKeys.recentWallets.key]: [{ id: "dev.old", name: "Old" }] } }
  )

  connectionTest("fails with ConnectorNotFoundError for an unknown connector", function* ({ connection }) {
    const error = yield* Effect.flip(connection.connect("eip6963:nobody"))
    assert.strictEqual(error._tag, "ConnectorNotFoundError")
    assert.strictEqual(yield* status, "disconnected")
  })

  connectionTest(
    "50 concurrent connects make one eth_requestAccounts and all get the same result (R5)",
    function* ({ connection }) {
      const mock = mockWallet()
      announce(walletA, mock)
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => Effect.result(connection.connect(idOf(walletA)))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
      assert.isTrue(results.every(Result.isSuccess))
      assert.strictEqual(yield* address, ALICE)
    }
  )

  connectionTest(
    "50 concurrent connects to a refusing wallet make one prompt and all get the same error",
    function* ({ connection }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", refusal))
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => Effect.flip(connection.connect(idOf(walletA)))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
      assert.isTrue(results.every((e) => e === results[0]))
      assert.strictEqual(results[0]?._tag, "UserRejectedRequestError")
    }
  )

  connectionTest(
    "a rejection (4001) fails with UserRejectedRequestError and leaves a Failed attempt",
    function* ({ connection, read }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", refusal))
      const error = yield* Effect.flip(connection.connect(idOf(walletA)))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      const state = yield* connectionState
      assert.strictEqual(eip155(state).status, "disconnected")
      assert.strictEqual(state.attempt?._tag, "Failed")
      assert.strictEqual(state.attempt?.connectorId, idOf(walletA))
      assert.strictEqual(state.attempt?._tag === "Failed" && state.attempt.error, error)
      assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), [])
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.strictEqual(mock.listenerCount(), 0)
    }
  )

  connectionTest(
    "a wallet answering no valid account fails and never shows connected",
    function* ({ connection }) {
      for (const [uuid, value] of [
        ["empty", []],
        ["garbage", ["0x123", "alice", null]],
        ["not-a-list", ALICE]
      ] as const) {
        const mock = mockWallet()
        mock.setBehaviour("eth_requestAccounts", { _tag: "Result", value })
        const wallet = { uuid, name: uuid, rdns: `dev.${uuid}` }
        announce(wallet, mock)
        const error = yield* Effect.flip(connection.connect(idOf(wallet)))
        assert.strictEqual(error._tag, "UnknownWalletError")
        assert.strictEqual(yield* status, "disconnected")
      }
    }
  )

  connectionTest(
    "a wallet that never answers stays connecting until cancel, which rejects every caller (R3)",
    function* ({ connection }) {
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      // Forked by the test fiber itself: a fiber forked in a concurrent worker of Effect.all ends with it.
      const callers = yield* Effect.all(
        Array.from({ length: 5 }, () => Effect.forkChild(connection.connect(idOf(walletA))))
      )
      yield* until(() => mock.count("eth_requestAccounts") === 1)
      yield* TestClock.adjust("1 hour")
      assert.strictEqual(yield* status, "connecting")
      assert.deepStrictEqual((yield* connectionState).attempt, {
        _tag: "Waiting",
        connectorId: idOf(walletA)
      })
      yield* connection.cancel
      const errors = yield* Effect.forEach(callers, (caller) => Effect.flip(Fiber.join(caller)))
      assert.isTrue(errors.every((e) => e._tag === "UserRejectedRequestError" && e.code === 4001))
      const state = yield* connectionState
      assert.strictEqual(eip155(state).status, "disconnected")
      assert.isUndefined(state.attempt)
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
    }
  )

  connectionTest(
    "six tries on a wallet that never answers, each cancelled, leave one prompt in the wallet; its late answer connects the last",
    function* ({ connection }) {
      const mock = mockWallet()
      const slow = announceHeld(walletA, mock)
      for (let attempt = 1; attempt <= 6; attempt++) {
        const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
        yield* settle
        yield* connection.cancel
        yield* Effect.flip(Fiber.join(caller))
      }
      assert.strictEqual(slow.held(), 1)
      const last = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* settle
      assert.strictEqual(slow.held(), 1)
      slow.release()
      yield* Fiber.join(last)
      assert.strictEqual(yield* status, "connected")
      assert.strictEqual(mock.count("eth_requestAccounts"), 1)
    }
  )

  connectionTest(
    "closing the modal mid-connect settles the callers as rejected (R3)",
    function* ({ connection }) {
      const router = yield* ModalRouter
      const mock = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      yield* router.open("Connect")
      yield* router.push("ConnectingExternal", { connectorId: idOf(walletA) })
      const first = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      const second = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => mock.count("eth_requestAccounts") === 1)
      assert.isTrue(yield* router.close())
      const errors = yield* Effect.all([Effect.flip(Fiber.join(first)), Effect.flip(Fiber.join(second))])
      assert.isTrue(errors.every((e) => e._tag === "UserRejectedRequestError"))
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  connectionTest("a late wallet answer after cancel changes nothing (R3)", function* ({ connection, read }) {
    const mock = mockWallet()
    const late = announceHeld(walletA, mock)
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => late.held() === 1)
    yield* connection.cancel
    const error = yield* Effect.flip(Fiber.join(caller))
    assert.strictEqual(error._tag, "UserRejectedRequestError")
    const before = yield* connectionState
    late.release()
    yield* settle
    yield* until(() => mock.count("eth_requestAccounts") === 1)
    yield* settle
    assert.strictEqual(yield* connectionState, before)
    assert.strictEqual(yield* status, "disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
    assert.isUndefined(read(StorageKeys.connectionStatus.key))
    assert.deepStrictEqual(yield* SubscriptionRef.get(connection.recentWallets), [])
  })

  // The controller promises "Resolves to whether the wallet connected" and then routes to Account: an
  // attempt superseded by a connect to another wallet must not report success.
  connectionTest("a connect superseded by a newer one does not report success", function* ({ connection }) {
    const first = mockWallet()
    const held = announceHeld(walletA, first)
    const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
    const superseded = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => held.held() === 1)
    yield* Effect.forkChild(connection.connect(idOf(walletB)))
    yield* until(() => second.count("eth_requestAccounts") === 1)
    held.release()
    const exit = yield* Fiber.await(superseded)
    assert.isTrue(Exit.isFailure(exit), "reported success without a connection")
    assert.isTrue(Option.isNone(yield* connection.connected("eip155")))
    // The newer attempt still owns the state.
    assert.deepStrictEqual((yield* connectionState).attempt, {
      _tag: "Waiting",
      connectorId: idOf(walletB)
    })
  })

  // A failed connect must not put back another attempt's "connecting": once that attempt is abandoned,
  // nothing would ever clear it (found by test/properties/connection.property.test.ts).
  connectionTest(
    "a refused connect to a second wallet, then closing the modal, does not leave connecting forever",
    function* ({ connection }) {
      const router = yield* ModalRouter
      const first = announced(walletA, walletAnswering("eth_requestAccounts", hang))
      announce(walletB, walletAnswering("eth_requestAccounts", refusal, { accounts: [BOB] }))
      yield* router.open("Connect")
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => first.count("eth_requestAccounts") === 1)
      yield* Effect.flip(connection.connect(idOf(walletB)))
      yield* router.close()
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  // A cancelled connect must not put back a stale copy of the state and undo what the wallet said
  // meanwhile: here the wallet disconnects during a second prompt, and stays disconnected after the cancel
  // (found by test/properties/connection.property.test.ts).
  connectionTest(
    "a wallet that disconnects during a second prompt stays disconnected after cancel",
    function* ({ connection, read }) {
      const mock = yield* connectedWallet()
      mock.setBehaviour("eth_requestAccounts", { _tag: "Hang" })
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => mock.count("eth_requestAccounts") === 2)
      mock.emit("disconnect", { code: 4900, message: "Disconnected" })
      yield* waitForStatus("disconnected")
      yield* connection.cancel
      yield* settle
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  // Single-flight joins the wallet's pending prompt and makes it the newest intent again: after A, B, A
  // the visitor approves A's prompt, and A connects.
  connectionTest(
    "clicking a wallet again after picking another one connects it when approved (R6)",
    function* ({ connection }) {
      const first = mockWallet()
      const held = announceHeld(walletA, first)
      const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
      yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* until(() => held.held() === 1)
      yield* Effect.forkChild(connection.connect(idOf(walletB)))
      yield* until(() => second.count("eth_requestAccounts") === 1)
      const again = yield* Effect.forkChild(connection.connect(idOf(walletA)))
      yield* settle
      assert.strictEqual(held.held(), 1, "still one prompt for A")
      held.release()
      yield* Fiber.join(again)
      assert.strictEqual(yield* address, ALICE)
    }
  )

  connectionTest("cancelling a second connect keeps the connection already made", function* ({ connection }) {
    const first = yield* connectedWallet()
    const second = announced(walletB, walletAnswering("eth_requestAccounts", hang, { accounts: [BOB] }))
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletB)))
    yield* until(() => second.count("eth_requestAccounts") === 1)
    assert.strictEqual(yield* address, ALICE)
    yield* connection.cancel
    yield* Effect.flip(Fiber.join(caller))
    assert.strictEqual(yield* address, ALICE)
    assert.strictEqual(first.listenerCount(), 3)
  })
})
