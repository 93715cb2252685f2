// @vitest-environment happy-dom

// Wallet events: accounts, chain and disconnect, as the connected wallet reports them.

import { assert, describe } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ACCOUNTS_PACE } from "../../src/layers/connection/walletEvents"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { ModalFlow } from "../../src/services/ModalFlow"
import { Networks } from "../../src/services/Networks"
import { ALICE, BOB } from "../kit/accounts"
import {
  activeNetwork,
  address,
  announce,
  connectTo,
  eip155,
  mockWallet,
  routerState,
  status,
  waitForState,
  waitForStatus,
  walletA,
  walletB
} from "../kit/connectionWorld"
import { settle } from "../kit/waits"
import { connectedWallet, connectionTest } from "./connectionTest"

describe("Connection follows the wallet", () => {
  connectionTest(
    "a wallet another announcement claims after the connect is flagged on the connection (T5)",
    function* () {
      const mock = yield* connectedWallet()
      const before = eip155(yield* SubscriptionRef.get((yield* Connection).state))
      assert.isFalse(before.status === "connected" && before.connector.suspicious)
      announce({ ...walletA, uuid: "impostor" }, mockWallet())
      const state = eip155(
        yield* waitForState((s) => {
          const c = eip155(s)
          return c.status === "connected" && c.connector.suspicious
        })
      )
      // Still the wallet the visitor chose, now shown with the impersonation tag.
      assert.strictEqual(state.status === "connected" && state.connector.provider, mock)
    }
  )

  connectionTest("accountsChanged with new accounts updates the address", function* () {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", [BOB, ALICE])
    const state = eip155(
      yield* waitForState((s) => {
        const c = eip155(s)
        return c.status === "connected" && c.address === BOB
      })
    )
    assert.deepStrictEqual(state.status === "connected" && state.allAccounts, [BOB, ALICE])
  })

  connectionTest(
    "a flood of accountsChanged costs one state update now and one per pace (50 ms); the newest accounts win",
    function* ({ connection }) {
      const mock = yield* connectedWallet()
      const updates: Array<ConnectionState> = []
      const following = yield* Deferred.make<void>()
      yield* SubscriptionRef.changes(connection.state).pipe(
        Stream.runForEach((s) =>
          Effect.andThen(
            Effect.sync(() => updates.push(s)),
            Deferred.succeed(following, undefined)
          )
        ),
        Effect.forkScoped
      )
      yield* Deferred.await(following)
      const before = updates.length
      for (let i = 0; i < 1000; i++) mock.emit("accountsChanged", i % 2 === 0 ? [ALICE, BOB] : [BOB, ALICE])
      yield* settle
      yield* TestClock.adjust(ACCOUNTS_PACE)
      yield* waitForState((s) => {
        const c = eip155(s)
        return c.status === "connected" && c.address === BOB
      })
      yield* settle
      const flood = updates.slice(before).map((s) => {
        const c = eip155(s)
        return c.status === "connected" ? c.allAccounts : []
      })
      // The first change at once, then the newest of the 999 others once the pace has passed.
      assert.deepStrictEqual(flood, [
        [ALICE, BOB],
        [BOB, ALICE]
      ])
    }
  )

  connectionTest("accountsChanged with [] disconnects and persists it", function* ({ read }) {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", [])
    yield* waitForStatus("disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
    assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
  })

  connectionTest("accountsChanged with only invalid addresses disconnects too", function* () {
    const mock = yield* connectedWallet()
    mock.emit("accountsChanged", ["0xnot-an-address", 42])
    yield* waitForStatus("disconnected")
  })

  connectionTest(
    "chainChanged: configured → active, unconfigured → Unknown + UnsupportedChain, back → Account",
    function* () {
      const networksService = yield* Networks
      const waitForNetwork = (id: string) =>
        SubscriptionRef.changes(networksService.state).pipe(
          Stream.map((s) => {
            const active = s.active.eip155
            return active?._tag === "Known"
              ? active.network.caipNetworkId
              : `unknown:${active?.caipNetworkId}`
          }),
          Stream.filter((active) => active === id),
          Stream.runHead
        )
      const flow = yield* ModalFlow
      const mock = yield* connectedWallet()
      yield* flow.open()
      mock.emit("chainChanged", "0x1")
      yield* waitForNetwork("eip155:1")
      mock.emit("chainChanged", "0x38")
      yield* waitForNetwork("unknown:eip155:56")
      // ModalFlow follows the network in its own fiber.
      yield* settle
      const route = yield* routerState
      assert.isTrue(route.open)
      assert.strictEqual(route.view, "UnsupportedChain")
      assert.strictEqual(yield* status, "connected")
      mock.emit("chainChanged", "0xa")
      yield* waitForNetwork("eip155:10")
      yield* settle
      assert.strictEqual((yield* routerState).view, "Account")
      // Nonsense chain ids are ignored.
      mock.emit("chainChanged", "banana")
      mock.emit("chainChanged", { chainId: 1 })
      yield* settle
      assert.strictEqual(yield* activeNetwork, "eip155:10")
    }
  )

  connectionTest(
    "with allowUnsupportedChain an unconfigured chain does not open UnsupportedChain",
    function* () {
      const mock = yield* connectedWallet()
      mock.emit("chainChanged", "0x38")
      yield* settle
      assert.strictEqual(yield* activeNetwork, "unknown:eip155:56")
      assert.isFalse((yield* routerState).open)
    },
    { options: { allowUnsupportedChain: true } }
  )

  connectionTest(
    "connecting to a wallet on an unconfigured chain opens UnsupportedChain (SPEC.md §4)",
    function* () {
      yield* connectTo(walletA, mockWallet({ chainId: 56, chains: [56] }))
      assert.strictEqual(yield* status, "connected")
      assert.strictEqual(yield* activeNetwork, "unknown:eip155:56")
      // ModalFlow follows the connection in its own fiber.
      yield* settle
      assert.isTrue((yield* routerState).open)
      assert.strictEqual((yield* routerState).view, "UnsupportedChain")
    }
  )

  connectionTest("the wallet's disconnect event disconnects", function* () {
    const mock = yield* connectedWallet()
    mock.emit("disconnect", { code: 4900, message: "Disconnected" })
    yield* waitForStatus("disconnected")
    assert.strictEqual(mock.listenerCount(), 0)
  })

  connectionTest("events from the previous wallet are ignored after switching wallets (T16)", function* () {
    const old = mockWallet()
    const current = mockWallet({ accounts: [BOB] })
    yield* connectTo(walletA, old)
    yield* connectTo(walletB, current)
    assert.strictEqual(yield* address, BOB)
    assert.strictEqual(old.listenerCount(), 0)
    assert.strictEqual(current.listenerCount(), 3)
    old.emit("accountsChanged", [])
    old.emit("accountsChanged", [ALICE])
    old.emit("chainChanged", "0x38")
    old.emit("disconnect", { code: 4900 })
    yield* settle
    assert.strictEqual(yield* address, BOB)
    assert.strictEqual(yield* activeNetwork, "eip155:31337")
  })
})
