// @vitest-environment happy-dom

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { RESTORE_WINDOW } from "../../src/layers/connection/restoreWaits"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { Networks } from "../../src/services/Networks"
import {
  announce,
  connectTo,
  mainnet,
  mockWallet,
  passRestoreWindow,
  servicesLayer,
  walletA
} from "../kit/connectionWorld"
import { makeArea, sandboxNetwork, solanaLocalnetNetwork } from "../kit/fixtures"
import {
  listedConnector,
  registerEarly,
  registeredForScope,
  sandboxStandardWallet
} from "../kit/standardWallets"
import { settle, untilState } from "../kit/waits"

const localnet = solanaLocalnetNetwork
const solanaMainnet = {
  ...localnet,
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  name: "Solana"
} as const

const withSolana = { networks: [sandboxNetwork, mainnet, solanaMainnet, localnet] }
const SOLANA_KEY = "wallet-standard:sandbox solana wallet"

const solanaOf = (s: ConnectionState) => s.namespaces.solana ?? { status: "disconnected" as const }

/** Waits until the Solana connection is `status`; answers the whole state. */
const untilSolana = (status: ReturnType<typeof solanaOf>["status"]) =>
  Effect.flatMap(Connection, (c) => untilState(c.state, (s) => solanaOf(s).status === status))

/** The sandbox's Solana wallet, registered and listed. */
const registeredSandboxWallet = Effect.gen(function* () {
  const control = sandboxStandardWallet(0)
  yield* registeredForScope(control.wallet)
  const connector = yield* listedConnector("solana", "Sandbox Solana Wallet")
  return { control, connector }
})

const networksState = Effect.flatMap(Networks, (n) => SubscriptionRef.get(n.state))

describe("Connection with Solana browser wallets", () => {
  it.effect("connects a Wallet Standard wallet on the host's cluster it serves, and remembers it", () => {
    const { area, read } = makeArea()
    const control = sandboxStandardWallet(0)
    const stop = registerEarly(control.wallet)
    return Effect.gen(function* () {
      yield* Effect.addFinalizer(() => Effect.sync(stop))
      const connector = yield* listedConnector("solana", "Sandbox Solana Wallet")
      yield* (yield* Connection).connect(connector.id)
      const state = yield* untilSolana("connected")
      const solana = solanaOf(state)
      assert.strictEqual(solana.status === "connected" ? solana.address : undefined, control.address)
      const networks = yield* networksState
      assert.strictEqual(networks.activeNamespace, "solana")
      assert.strictEqual(
        networks.active.solana?._tag === "Known" ? networks.active.solana.network.caipNetworkId : undefined,
        "solana:localnet"
      )
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { solana: "connected" })
      assert.strictEqual(read(connectedConnectorIdKey("solana").key), SOLANA_KEY)
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("keeps an EVM wallet and a Solana wallet connected side by side", () => {
    const { area } = makeArea()
    const control = sandboxStandardWallet(1)
    return Effect.gen(function* () {
      yield* connectTo(walletA, mockWallet())
      yield* registeredForScope(control.wallet)
      const connector = yield* listedConnector("solana", "Sandbox Solana Wallet")
      const connection = yield* Connection
      yield* connection.connect(connector.id)
      const both = yield* SubscriptionRef.get(connection.state)
      assert.strictEqual(both.namespaces.eip155?.status, "connected")
      assert.strictEqual(solanaOf(both).status, "connected")
      // Each namespace is its own connection: the Solana one goes alone, and the wallet forgets the site.
      yield* connection.disconnect("solana")
      yield* settle
      const after = yield* SubscriptionRef.get(connection.state)
      assert.strictEqual(after.namespaces.eip155?.status, "connected")
      assert.strictEqual(solanaOf(after).status, "disconnected")
      assert.isFalse(control.connected())
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("connects both namespaces of a wallet that offers EVM and Solana under one name", () => {
    const { area } = makeArea()
    const control = sandboxStandardWallet(0)
    const evm = mockWallet()
    return Effect.gen(function* () {
      yield* registeredForScope(control.wallet)
      yield* listedConnector("solana", "Sandbox Solana Wallet")
      // In a page, an announcement arrives in a task of its own, never inside discovery's update.
      yield* settle
      announce({ uuid: "twin", name: "Sandbox Solana Wallet", rdns: "dev.airlock.twin" }, evm)
      yield* (yield* Connection).connect("eip6963:twin")
      const state = yield* untilSolana("connected")
      assert.strictEqual(state.namespaces.eip155?.status, "connected")
      assert.strictEqual(evm.count("eth_requestAccounts"), 1)
      // The namespace chosen stays the one shown.
      assert.strictEqual((yield* networksState).activeNamespace, "eip155")
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("keeps the first namespace when the wallet declines its second", () => {
    const { area } = makeArea()
    const control = sandboxStandardWallet(0, "auto-reject")
    return Effect.gen(function* () {
      yield* registeredForScope(control.wallet)
      yield* listedConnector("solana", "Sandbox Solana Wallet")
      // In a page, an announcement arrives in a task of its own, never inside discovery's update.
      yield* settle
      announce({ uuid: "twin", name: "Sandbox Solana Wallet", rdns: "dev.airlock.twin" }, mockWallet())
      const connection = yield* Connection
      yield* connection.connect("eip6963:twin")
      yield* settle
      const state = yield* SubscriptionRef.get(connection.state)
      assert.strictEqual(state.namespaces.eip155?.status, "connected")
      assert.strictEqual(solanaOf(state).status, "disconnected")
      assert.isUndefined(state.attempt)
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("refuses a wallet that serves none of the host's clusters", () => {
    const { area } = makeArea()
    return Effect.gen(function* () {
      const { control, connector } = yield* registeredSandboxWallet
      const exit = yield* Effect.exit((yield* Connection).connect(connector.id))
      assert.isTrue(Exit.isFailure(exit))
      assert.isFalse(control.connected())
      assert.strictEqual(
        solanaOf(yield* SubscriptionRef.get((yield* Connection).state)).status,
        "disconnected"
      )
    }).pipe(Effect.provide(servicesLayer(area, { networks: [sandboxNetwork, solanaMainnet] })))
  })

  it.effect("drops the connection when the wallet's account list empties", () => {
    const { area } = makeArea()
    return Effect.gen(function* () {
      const { control, connector } = yield* registeredSandboxWallet
      yield* (yield* Connection).connect(connector.id)
      yield* Effect.promise(() => control.wallet.features["standard:disconnect"].disconnect())
      yield* untilSolana("disconnected")
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("restores a stored Solana wallet from its own accounts, asking nothing", () => {
    const control = sandboxStandardWallet(0)
    // The wallet remembers the site from an earlier visit.
    const earlier = Effect.promise(() => control.wallet.features["standard:connect"].connect())
    const { area } = makeArea({
      [StorageKeys.connectionStatus.key]: { solana: "connected" },
      [connectedConnectorIdKey("solana").key]: SOLANA_KEY
    })
    const stop = registerEarly(control.wallet)
    return Effect.gen(function* () {
      yield* earlier
      yield* Effect.addFinalizer(() => Effect.sync(stop))
      const asked = { ...control.counts }
      yield* passRestoreWindow
      const state = yield* untilSolana("connected")
      const solana = solanaOf(state)
      assert.strictEqual(solana.status === "connected" ? solana.address : undefined, control.address)
      assert.deepStrictEqual(control.counts, asked)
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })

  it.effect("gives a stored Solana wallet up when it never registers", () => {
    const { area, read } = makeArea({
      [StorageKeys.connectionStatus.key]: { solana: "connected" },
      [connectedConnectorIdKey("solana").key]: SOLANA_KEY
    })
    return Effect.gen(function* () {
      yield* untilSolana("connecting")
      yield* settle
      yield* TestClock.adjust(RESTORE_WINDOW)
      yield* untilSolana("disconnected")
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { solana: "disconnected" })
    }).pipe(Effect.provide(servicesLayer(area, withSolana)))
  })
})
