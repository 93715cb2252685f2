// @vitest-environment happy-dom

// Restore on start (THREATS.md T13, R4, R6)

import { assert, describe } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { ALICE, BOB } from "../kit/accounts"
import {
  activeNetwork,
  address,
  announce,
  connectTo,
  holding,
  idOf,
  impostorThenReal,
  mockWallet,
  passRestoreWindow,
  status,
  until,
  untilSleeping,
  waitForStatus,
  walletA,
  walletB
} from "../kit/connectionWorld"
import type { makeArea } from "../kit/fixtures"
import { settle } from "../kit/waits"
import { announced, connectionTest, hang, refusal, walletAnswering } from "./connectionTest"

const storedConnection = (key = "dev.airlock.a", status = "connected") => ({
  [StorageKeys.connectionStatus.key]: { eip155: status },
  [connectedConnectorIdKey("eip155").key]: key
})

/** The stored wallet announces itself and is never asked; the stored status reads disconnected. */
const storedWalletLeftAlone = (read: ReturnType<typeof makeArea>["read"]) =>
  Effect.gen(function* () {
    const mock = mockWallet({ connected: true })
    announce(walletA, mock)
    yield* settle
    assert.strictEqual(yield* status, "disconnected")
    assert.strictEqual(mock.calls().length, 0)
    assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
  })

describe("Connection restore", () => {
  connectionTest(
    "reconnects once the stored wallet announces itself and reports its accounts",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      const mock = mockWallet({ connected: true, chainId: 1 })
      announce(walletA, mock)
      yield* passRestoreWindow
      yield* waitForStatus("connected")
      assert.strictEqual(yield* address, ALICE)
      assert.strictEqual(mock.count("eth_accounts"), 1)
      assert.strictEqual(mock.count("eth_requestAccounts"), 0)
      assert.strictEqual(yield* activeNetwork, "eip155:1")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "connected" })
      // It follows the restored wallet's events.
      mock.emit("accountsChanged", [])
      yield* waitForStatus("disconnected")
    },
    { stored: storedConnection() }
  )

  const wallet = mockWallet({ connected: true })
  connectionTest(
    "reconnects a wallet that announced before start",
    function* () {
      yield* passRestoreWindow
      yield* waitForStatus("connected")
    },
    { stored: storedConnection(), announcedBeforeStart: () => announce(walletA, wallet) }
  )

  connectionTest(
    "drops the stored connection when the wallet reports no account",
    function* ({ read }) {
      const mock = mockWallet({ connected: false })
      announce(walletA, mock)
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      yield* settle
      assert.strictEqual(mock.count("eth_accounts"), 1)
      assert.strictEqual(mock.count("eth_requestAccounts"), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      assert.strictEqual(mock.listenerCount(), 0)
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "gives up when the restore's window closes without the wallet announcing itself",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      yield* untilSleeping
      yield* TestClock.adjust("1999 millis")
      assert.strictEqual(yield* status, "connecting")
      yield* TestClock.adjust("1 millis")
      yield* waitForStatus("disconnected")
      yield* settle
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
    },
    { stored: storedConnection() }
  )

  const real = mockWallet({ connected: true })
  const impostor = mockWallet({ connected: true, accounts: [BOB] })
  connectionTest(
    "does not pick either wallet when two claim the stored key",
    function* () {
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      assert.strictEqual(real.count("eth_accounts") + impostor.count("eth_accounts"), 0)
    },
    {
      stored: storedConnection(),
      announcedBeforeStart: () => {
        announce(walletA, real)
        announce({ ...walletA, uuid: "impostor" }, impostor)
      }
    }
  )

  connectionTest(
    "an impostor announcing the stored key before the real wallet is not reconnected (T5, R17)",
    function* ({ read }) {
      yield* waitForStatus("connecting")
      const { impostor, real } = yield* impostorThenReal("300 millis")
      yield* passRestoreWindow
      yield* waitForStatus("disconnected")
      yield* settle
      assert.strictEqual(impostor.count("eth_accounts") + real.count("eth_accounts"), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "does nothing with enableReconnect: false",
    function* ({ read }) {
      yield* storedWalletLeftAlone(read)
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
    },
    { stored: storedConnection(), options: { enableReconnect: false } }
  )

  for (const stored of ["connecting", "reconnecting", "buffering"] as const) {
    connectionTest(
      `treats a stored '${stored}' as disconnected`,
      function* ({ read }) {
        yield* storedWalletLeftAlone(read)
      },
      { stored: storedConnection("dev.airlock.a", stored) }
    )
  }

  connectionTest(
    "a connect during the restore wins over it (R6)",
    function* ({ connection }) {
      yield* waitForStatus("connecting")
      const chosen = mockWallet({ accounts: [BOB] })
      yield* connectTo(walletB, chosen)
      // The stored wallet shows up afterwards and says it is still authorised.
      const stored = mockWallet({ connected: true })
      announce(walletA, stored)
      yield* passRestoreWindow
      yield* until(() => stored.count("eth_chainId") === 1)
      yield* settle
      assert.strictEqual(yield* address, BOB)
      assert.strictEqual(stored.listenerCount(), 0)
      assert.strictEqual(Option.getOrThrow(yield* connection.connected("eip155")).connector.provider, chosen)
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "gives up when the stored wallet never answers eth_accounts (10 s, R2)",
    function* () {
      const mock = announced(walletA, walletAnswering("eth_accounts", hang, { connected: true }))
      yield* passRestoreWindow
      yield* until(() => mock.count("eth_accounts") === 1)
      yield* untilSleeping
      yield* TestClock.adjust("9999 millis")
      assert.strictEqual(yield* status, "connecting")
      yield* TestClock.adjust("1 millis")
      yield* waitForStatus("disconnected")
    },
    { stored: storedConnection() }
  )

  // A connect that fails during the restore must not put back the restore's "connecting": the restore
  // sees a newer epoch and leaves the state alone, so the status would spin forever (T14).
  connectionTest(
    "a failed connect during the restore does not leave the status connecting forever",
    function* ({ connection }) {
      yield* waitForStatus("connecting")
      announce(walletB, walletAnswering("eth_requestAccounts", refusal))
      yield* Effect.flip(connection.connect(idOf(walletB)))
      // The stored wallet never shows up: the restore gives up.
      yield* untilSleeping
      yield* TestClock.adjust("1 minute")
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
    },
    { stored: storedConnection() }
  )

  connectionTest(
    "a disconnect during the restore wins over it (R6)",
    function* ({ connection, read }) {
      yield* waitForStatus("connecting")
      const stored = mockWallet({ connected: true })
      const late = holding(stored, "eth_accounts")
      announce(walletA, late.provider)
      yield* passRestoreWindow
      yield* until(() => late.held() === 1)
      yield* connection.disconnect()
      late.release()
      yield* until(() => stored.count("eth_chainId") === 1)
      yield* settle
      assert.strictEqual(yield* status, "disconnected")
      assert.strictEqual(stored.listenerCount(), 0)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
    },
    { stored: storedConnection() }
  )
})
