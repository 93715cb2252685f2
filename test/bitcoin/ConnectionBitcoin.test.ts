// @vitest-environment happy-dom

import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { BitcoinWalletError } from "../../src/bitcoinWalletErrors"
import { bitcoin, bitcoinTestnet } from "../../src/networks"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import { Networks } from "../../src/services/Networks"
import { dev0, dev1, fakeStandardBitcoinWallet, REGTEST_NETWORK, regtestNetwork } from "../kit/bitcoinWallets"
import { announce, mainnet, mockWallet, passRestoreWindow, servicesLayer } from "../kit/connectionWorld"
import { makeArea, sandboxNetwork } from "../kit/fixtures"
import { listedConnector, registerEarly, registeredForScope } from "../kit/standardWallets"
import { settle, untilState } from "../kit/waits"

/** The fake Bitcoin wallet's connector, once discovery lists it. */
const fakeConnector = listedConnector("bip122", "Fake Bitcoin Wallet")

const withBitcoin = { networks: [sandboxNetwork, mainnet, regtestNetwork] }
const KEY = "bitcoin:fake bitcoin wallet"

const bitcoinOf = (s: ConnectionState) => s.namespaces.bip122 ?? { status: "disconnected" as const }
const untilBitcoin = (status: ReturnType<typeof bitcoinOf>["status"]) =>
  Effect.flatMap(Connection, (c) => untilState(c.state, (s) => bitcoinOf(s).status === status))

const connected = (state: ConnectionState) => {
  const c = bitcoinOf(state)
  if (c.status !== "connected") throw new Error(`Bitcoin is ${c.status}`)
  return c
}

describe("Connection with Bitcoin browser wallets", () => {
  it.effect(
    "connects payment (the default) as the active address, ordinals kept beside it, on the host's network",
    () => {
      const { area, read } = makeArea()
      const fake = fakeStandardBitcoinWallet()
      return Effect.gen(function* () {
        yield* registeredForScope(fake.wallet)
        const connector = yield* fakeConnector
        yield* (yield* Connection).connect(connector.id)
        const c = connected(yield* untilBitcoin("connected"))
        assert.strictEqual(c.address, dev0.payment.address)
        assert.deepStrictEqual(c.allAccounts, [dev0.payment.address, dev0.ordinals.address])
        assert.strictEqual(c.accountType, "payment")
        assert.deepStrictEqual(c.accountTypes, ["payment", "ordinal"])
        const networks = yield* SubscriptionRef.get((yield* Networks).state)
        assert.strictEqual(networks.activeNamespace, "bip122")
        assert.strictEqual(
          networks.active.bip122?._tag === "Known" ? networks.active.bip122.network.caipNetworkId : undefined,
          REGTEST_NETWORK
        )
        assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { bip122: "connected" })
        assert.strictEqual(read(connectedConnectorIdKey("bip122").key), KEY)
      }).pipe(Effect.provide(servicesLayer(area, withBitcoin)))
    }
  )

  it.effect(
    "connects the ordinals address first when the host prefers it, and follows the wallet's change",
    () => {
      const { area } = makeArea()
      const fake = fakeStandardBitcoinWallet()
      return Effect.gen(function* () {
        yield* registeredForScope(fake.wallet)
        const connector = yield* fakeConnector
        const connection = yield* Connection
        yield* connection.connect(connector.id)
        const c = connected(yield* untilBitcoin("connected"))
        assert.strictEqual(c.address, dev0.ordinals.address)
        assert.strictEqual(c.accountType, "ordinal")
        assert.deepStrictEqual(c.allAccounts, [dev0.ordinals.address, dev0.payment.address])
        fake.change([dev1.payment.address, dev1.ordinals.address])
        const changed = yield* untilState(connection.state, (s) => {
          const b = bitcoinOf(s)
          return b.status === "connected" && b.address === dev1.ordinals.address
        })
        assert.deepStrictEqual(connected(changed).accountTypes, ["ordinal", "payment"])
        // No account left is the wallet ending the connection.
        fake.change([])
        yield* untilBitcoin("disconnected")
      }).pipe(
        Effect.provide(servicesLayer(area, { ...withBitcoin, defaultAccountTypes: { bip122: "ordinal" } }))
      )
    }
  )

  it.effect(
    "refuses a wallet that names another network's address, with a typed error in the product's words",
    () => {
      const { area } = makeArea()
      const fake = fakeStandardBitcoinWallet({ addresses: ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"] })
      return Effect.gen(function* () {
        yield* registeredForScope(fake.wallet)
        const connector = yield* fakeConnector
        const exit = yield* Effect.exit((yield* Connection).connect(connector.id))
        const error = Exit.isFailure(exit)
          ? Option.getOrUndefined(Cause.findErrorOption(exit.cause))
          : undefined
        assert.instanceOf(error, BitcoinWalletError)
        assert.strictEqual((error as BitcoinWalletError).reason, "bad-address")
        assert.strictEqual(
          (error as BitcoinWalletError).sentence(),
          "The wallet gave an address that is not a Bitcoin address of this network"
        )
        assert.strictEqual(
          bitcoinOf(yield* SubscriptionRef.get((yield* Connection).state)).status,
          "disconnected"
        )
      }).pipe(Effect.provide(servicesLayer(area, withBitcoin)))
    }
  )

  it.effect("refuses a wallet serving none of the host's Bitcoin networks", () => {
    const { area } = makeArea()
    const fake = fakeStandardBitcoinWallet({ chains: ["bitcoin:mainnet"] })
    return Effect.gen(function* () {
      yield* registeredForScope(fake.wallet)
      const connector = yield* fakeConnector
      const exit = yield* Effect.exit((yield* Connection).connect(connector.id))
      const error = Exit.isFailure(exit)
        ? Option.getOrUndefined(Cause.findErrorOption(exit.cause))
        : undefined
      assert.strictEqual((error as BitcoinWalletError | undefined)?.reason, "no-network")
      assert.strictEqual(fake.calls.length, 0)
    }).pipe(Effect.provide(servicesLayer(area, withBitcoin)))
  })

  it.effect("airlock/networks' Bitcoin presets connect a wallet of their network", () => {
    const { area } = makeArea()
    const mainnetWallet = fakeStandardBitcoinWallet({
      chains: ["bitcoin:mainnet"],
      addresses: ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"]
    })
    return Effect.gen(function* () {
      yield* registeredForScope(mainnetWallet.wallet)
      yield* (yield* Connection).connect((yield* fakeConnector).id)
      const c = connected(yield* untilBitcoin("connected"))
      assert.strictEqual(c.address, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
      const networks = yield* SubscriptionRef.get((yield* Networks).state)
      assert.strictEqual(
        networks.active.bip122?._tag === "Known" ? networks.active.bip122.network.caipNetworkId : undefined,
        bitcoin.caipNetworkId
      )
    }).pipe(Effect.provide(servicesLayer(area, { networks: [sandboxNetwork, bitcoin, bitcoinTestnet] })))
  })

  it.effect("a wallet with EVM and Bitcoin faces under one name connects both from its one row", () => {
    const { area } = makeArea()
    const fake = fakeStandardBitcoinWallet()
    const evm = mockWallet()
    return Effect.gen(function* () {
      yield* registeredForScope(fake.wallet)
      yield* fakeConnector
      yield* settle
      announce({ uuid: "twin", name: "Fake Bitcoin Wallet", rdns: "dev.airlock.twin" }, evm)
      yield* (yield* Connection).connect("eip6963:twin")
      const state = yield* untilBitcoin("connected")
      assert.strictEqual(state.namespaces.eip155?.status, "connected")
      assert.strictEqual(connected(state).address, dev0.payment.address)
      assert.strictEqual((yield* SubscriptionRef.get((yield* Networks).state)).activeNamespace, "eip155")
    }).pipe(Effect.provide(servicesLayer(area, withBitcoin)))
  })

  it.effect("restores a stored Bitcoin wallet from the accounts it granted, asking nothing", () => {
    const fake = fakeStandardBitcoinWallet()
    // The wallet remembers the site from an earlier visit.
    const earlier = Effect.promise(() => fake.wallet.features["bitcoin:connect"].connect({}))
    const { area } = makeArea({
      [StorageKeys.connectionStatus.key]: { bip122: "connected" },
      [connectedConnectorIdKey("bip122").key]: KEY
    })
    const stop = registerEarly(fake.wallet)
    return Effect.gen(function* () {
      yield* earlier
      yield* Effect.addFinalizer(() => Effect.sync(stop))
      const asked = fake.calls.length
      yield* passRestoreWindow
      const c = connected(yield* untilBitcoin("connected"))
      assert.strictEqual(c.address, dev0.payment.address)
      assert.strictEqual(fake.calls.length, asked)
    }).pipe(Effect.provide(servicesLayer(area, withBitcoin)))
  })
})
