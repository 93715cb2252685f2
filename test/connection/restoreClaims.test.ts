// @vitest-environment happy-dom

/**
 * THREATS.md T5, R2: a restore trusts a stored key only while one wallet on the page claims it. Two claims
 * within the settle window restore nothing; a claim after the restore ends the restored connection; both
 * say why, in the catalogue's words, and the connectors list flags both claimants.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { NotificationsLive } from "../../src/layers/modal/NotificationsLive"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection } from "../../src/services/Connection"
import { Connectors } from "../../src/services/Connectors"
import { Notifications } from "../../src/services/Notifications"
import { BOB } from "../kit/accounts"
import {
  address,
  announce,
  connectTo,
  mockWallet,
  servicesLayer,
  settleDiscovery,
  status,
  waitForStatus,
  walletA
} from "../kit/connectionWorld"
import { makeArea } from "../kit/fixtures"
import { settle, untilState } from "../kit/waits"

const storedA = {
  [StorageKeys.connectionStatus.key]: { eip155: "connected" },
  [connectedConnectorIdKey("eip155").key]: walletA.rdns
}

/** Connection's world with notices, over a storage area seeded with `stored`. */
const world = (stored: Record<string, unknown>) => {
  const { area, read } = makeArea(stored)
  return { layer: servicesLayer(area).pipe(Layer.provideMerge(NotificationsLive)), read }
}

/** Waits for the notice, and answers its words. */
const noticeShown = Effect.flatMap(Notifications, (n) =>
  Effect.map(
    untilState(n.notices, (all) => all.length > 0),
    (all) => all.map((notice) => [notice.kind, notice.message, notice.description])
  )
)

/** Whether every wallet on the page that claims Wallet A's rdns is flagged, and how many there are. */
const claimantsFlagged = Effect.flatMap(Connectors, (c) =>
  Effect.map(SubscriptionRef.get(c.connectors), (all) => {
    const claimants = all.filter((w) => w.rdns === walletA.rdns)
    return { count: claimants.length, flagged: claimants.every((w) => w.suspicious) }
  })
)

describe("A restore and a contested stored key", () => {
  it.effect("a second claim after the restore disconnects it, stored so, and says why", () => {
    const { layer, read } = world(storedA)
    return Effect.gen(function* () {
      yield* waitForStatus("connecting")
      // The impostor announces first, alone through the settle window: it is restored.
      const impostor = mockWallet({ connected: true, accounts: [BOB] })
      announce({ ...walletA, uuid: "impostor" }, impostor)
      yield* settleDiscovery
      yield* waitForStatus("connected")
      assert.strictEqual(yield* address, BOB)

      // The real wallet announces 1.5 s later.
      yield* TestClock.adjust("1500 millis")
      announce(walletA, mockWallet({ connected: true }))
      yield* waitForStatus("disconnected")
      assert.deepStrictEqual(yield* noticeShown, [
        [
          "alert",
          "Possible impersonation",
          "Another wallet on this page also claims to be Wallet A, so it was disconnected. Choose yours in the wallet list to connect."
        ]
      ])
      assert.deepStrictEqual(yield* claimantsFlagged, { count: 2, flagged: true })
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      // The impostor is no longer followed, and was asked only what a restore reads.
      assert.strictEqual(impostor.listenerCount(), 0)
      assert.deepStrictEqual(
        impostor.calls().map((c) => c.method),
        ["eth_accounts", "eth_chainId"]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("two claims within the settle window restore nothing, and say why", () => {
    const { layer, read } = world(storedA)
    return Effect.gen(function* () {
      yield* waitForStatus("connecting")
      const impostor = mockWallet({ connected: true, accounts: [BOB] })
      const real = mockWallet({ connected: true })
      announce({ ...walletA, uuid: "impostor" }, impostor)
      yield* settle
      yield* TestClock.adjust("300 millis")
      announce(walletA, real)
      yield* settleDiscovery
      yield* waitForStatus("disconnected")
      assert.deepStrictEqual(yield* noticeShown, [
        [
          "alert",
          "Possible impersonation",
          "Another wallet on this page also claims to be Wallet A, so it was not reconnected. Choose yours in the wallet list to connect."
        ]
      ])
      assert.deepStrictEqual(yield* claimantsFlagged, { count: 2, flagged: true })
      assert.strictEqual(impostor.calls().length + real.calls().length, 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("a wallet the visitor chose stays connected when another claims its key later, flagged", () => {
    const { layer } = world({})
    return Effect.gen(function* () {
      const chosen = mockWallet()
      yield* connectTo(walletA, chosen)
      announce({ ...walletA, uuid: "late" }, mockWallet({ connected: true, accounts: [BOB] }))
      const connection = yield* Connection
      const flagged = yield* untilState(connection.state, (s) => {
        const c = s.namespaces.eip155
        return c?.status === "connected" && c.connector.suspicious
      })
      assert.strictEqual(flagged.namespaces.eip155?.status, "connected")
      yield* settle
      assert.strictEqual(yield* status, "connected")
      assert.deepStrictEqual(yield* Effect.flatMap(Notifications, (n) => SubscriptionRef.get(n.notices)), [])
    }).pipe(Effect.provide(layer))
  })
})
