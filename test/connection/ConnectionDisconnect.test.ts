// @vitest-environment happy-dom

// Disconnect, and a cancel that lands before an attempt starts.

import { assert, describe } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Metric from "effect/Metric"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ALICE, BOB } from "../kit/accounts"
import {
  address,
  announce,
  connectTo,
  idOf,
  mockWallet,
  routerState,
  status,
  until,
  untilSleeping,
  walletA,
  walletB
} from "../kit/connectionWorld"
import { settle } from "../kit/waits"
import { announceHeld, connectedWallet, connectionTest, hang, walletAnswering } from "./connectionTest"

// Connection disconnects; ModalFlow.disconnect also closes the modal.
describe("Connection.disconnect", () => {
  connectionTest(
    "removes the wallet's listeners, revokes, persists disconnected and closes the modal",
    function* ({ read }) {
      const flow = yield* ModalFlow
      const mock = yield* connectedWallet()
      assert.strictEqual(mock.listenerCount(), 3)
      yield* flow.open()
      yield* flow.disconnect()
      // Done at once: the connection is dropped, persisted and the modal closed before the wallet is told.
      assert.strictEqual(mock.listenerCount(), 0)
      assert.strictEqual(yield* status, "disconnected")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.deepStrictEqual(read(StorageKeys.connectedNamespaces.key), [])
      assert.isFalse((yield* routerState).open)
      // The revoke goes out in the background.
      yield* settle
      assert.strictEqual(mock.count("wallet_revokePermissions"), 1)
      // Events after disconnecting change nothing.
      mock.emit("accountsChanged", [ALICE])
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    }
  )

  connectionTest("gives a wallet that never answers the revoke 1 s at most (R2)", function* () {
    const flow = yield* ModalFlow
    const mock = walletAnswering("wallet_revokePermissions", hang)
    yield* connectTo(walletA, mock)
    yield* flow.open()
    // Tracks the fibers disconnect starts: the background revoke. They inherit the metrics service, which
    // hears every fiber's start and end (Effect 4 has no Supervisor).
    let live = 0
    const tracker: Metric.FiberRuntimeMetricsService = {
      recordFiberStart: () => {
        live++
      },
      recordFiberEnd: () => {
        live--
      }
    }
    const start = yield* Clock.currentTimeMillis
    const disconnecting = yield* Effect.forkChild(
      Effect.provideService(flow.disconnect(), Metric.FiberRuntimeMetrics, tracker)
    )
    yield* until(() => mock.count("wallet_revokePermissions") === 1)
    // disconnect returned at once, without waiting for the wallet (the clock has not moved).
    assert.isDefined(disconnecting.pollUnsafe())
    yield* Fiber.join(disconnecting)
    assert.strictEqual(yield* Clock.currentTimeMillis, start)
    assert.strictEqual(yield* status, "disconnected")
    assert.isFalse((yield* routerState).open)
    // The revoke waits in the background for 1 s at most, then is abandoned.
    yield* untilSleeping
    yield* TestClock.adjust("999 millis")
    yield* settle
    assert.isAbove(live, 0, "the revoke was abandoned before 1 s")
    yield* TestClock.adjust("1 millis")
    yield* settle
    assert.strictEqual(live, 0, "the revoke still runs after 1 s")
    assert.strictEqual(mock.count("wallet_revokePermissions"), 1)
    assert.strictEqual(yield* status, "disconnected")
  })

  connectionTest("cancels a connect in progress", function* ({ connection }) {
    const mock = mockWallet()
    const late = announceHeld(walletA, mock)
    const caller = yield* Effect.forkChild(connection.connect(idOf(walletA)))
    yield* until(() => late.held() === 1)
    yield* connection.disconnect()
    assert.strictEqual((yield* Effect.flip(Fiber.join(caller)))._tag, "UserRejectedRequestError")
    late.release()
    yield* until(() => mock.count("eth_requestAccounts") === 1)
    yield* settle
    assert.strictEqual(yield* status, "disconnected")
  })

  // THREATS.md R6/T16: the best-effort revoke (up to 1 s) runs in the background; a connect the visitor
  // starts while the old wallet is still being told must not be cancelled by the older disconnect.
  connectionTest(
    "a connect started while the revoke is still pending is not cancelled by the disconnect",
    function* ({ connection }) {
      const flow = yield* ModalFlow
      const old = walletAnswering("wallet_revokePermissions", hang)
      yield* connectTo(walletA, old)
      yield* flow.open()
      const disconnecting = yield* Effect.forkChild(flow.disconnect())
      yield* until(() => old.count("wallet_revokePermissions") === 1)
      // The visitor picks another wallet while the old one is being told.
      const next = mockWallet({ accounts: [BOB] })
      const late = announceHeld(walletB, next)
      yield* flow.open("Connect")
      const connecting = yield* Effect.forkChild(connection.connect(idOf(walletB)))
      yield* until(() => late.held() === 1)
      yield* untilSleeping
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(disconnecting)
      yield* settle
      late.release()
      const exit = yield* Fiber.await(connecting)
      assert.isTrue(Exit.isSuccess(exit), "the newer connect was cancelled by the older disconnect")
      assert.strictEqual(yield* address, BOB)
    }
  )
})

describe("Connection.cancel before an attempt starts", () => {
  // A close that reaches the flow just after a connect was forked interrupts the attempt before it ran:
  // the callers must still hear about it, and the wallet must stay connectable.
  connectionTest(
    "a connect cancelled before its attempt ran settles as rejected, and the next one connects",
    function* ({ connection }) {
      const flow = yield* ModalFlow
      yield* connectTo(walletA, mockWallet())
      yield* flow.open()
      yield* flow.disconnect()
      const next = mockWallet({ accounts: [BOB] })
      announce(walletB, next)
      // Straight after the close, in the same fiber: the flow's cancel lands while the attempt is forked.
      const hung = Effect.as(
        Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 500))),
        "hung" as const
      )
      const first = yield* Effect.raceFirst(Effect.exit(connection.connect(idOf(walletB))), hung)
      assert.notStrictEqual(first, "hung", "a cancelled connect never settled")
      if (first !== "hung" && Exit.isFailure(first))
        assert.strictEqual(Option.getOrThrow(Exit.findErrorOption(first))._tag, "UserRejectedRequestError")
      yield* connection.connect(idOf(walletB))
      assert.strictEqual(yield* address, BOB)
    }
  )
})
