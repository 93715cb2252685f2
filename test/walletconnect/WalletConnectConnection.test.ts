// @vitest-environment happy-dom

// A WalletConnect session as Connection holds it: its namespaces, events, disconnect and restore.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, WALLET_CONNECT_ID } from "../../src/services/Connection"
import { Networks } from "../../src/services/Networks"
import { makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE, BOB } from "../kit/accounts"
import { makeArea, sandboxNetwork } from "../kit/fixtures"
import { untilNotifiedEffect } from "../kit/waits"
import {
  chainB,
  connectionUntil,
  connectWalletConnect,
  layerOf,
  SOL,
  sdkSession,
  sdkShows,
  solanaDevnet,
  statusOf,
  TOPIC
} from "./walletConnectWorld"

describe("Connection through WalletConnect", () => {
  it.effect("one session connects every namespace it covers, persisted", () => {
    const mock = makeMockWalletConnect()
    const { area, read } = makeArea()
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock)
      const state = yield* Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))
      const evm = state.namespaces.eip155
      const sol = state.namespaces.solana
      assert.strictEqual(evm?.status === "connected" && evm.address, ALICE)
      assert.deepStrictEqual(evm?.status === "connected" && evm.allAccounts, [ALICE])
      assert.strictEqual(evm?.status === "connected" && evm.connector.type, "WALLET_CONNECT")
      assert.strictEqual(evm?.status === "connected" && evm.connector.name, "Sandbox WalletConnect Wallet")
      assert.strictEqual(sol?.status === "connected" && sol.address, SOL)
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), {
        eip155: "connected",
        solana: "connected"
      })
      assert.strictEqual(read(connectedConnectorIdKey("eip155").key), WALLET_CONNECT_ID)
      assert.strictEqual(read(connectedConnectorIdKey("solana").key), WALLET_CONNECT_ID)
    }).pipe(Effect.provide(layerOf(mock, area)))
  })

  it.effect(
    "a session's bip122 account connects as its payment address, checked with its network's rules",
    () => {
      const mock = makeMockWalletConnect()
      const { area } = makeArea()
      const regtest = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"
      const [dev] = sandboxBitcoinAccounts()
      const payment = dev?.payment.address ?? ""
      const session = sdkSession()
      const withBitcoin = {
        ...session,
        namespaces: {
          ...session.namespaces,
          bip122: {
            // The mainnet address on regtest is not taken; the regtest one is.
            accounts: [`${regtest}:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4`, `${regtest}:${payment}`],
            methods: ["getAccountAddresses", "signMessage", "signPsbt", "sendTransfer"],
            events: ["accountsChanged", "chainChanged"]
          }
        }
      }
      return Effect.gen(function* () {
        yield* connectWalletConnect(mock, withBitcoin)
        assert.deepStrictEqual(mock.pairings[0]?.namespaces.bip122?.chains, [regtest])
        const btc = (yield* Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))).namespaces.bip122
        assert.deepStrictEqual(
          btc?.status === "connected" && [btc.address, btc.allAccounts, btc.accountType],
          [payment, [payment], "payment"]
        )
      }).pipe(
        Effect.provide(
          layerOf(mock, area, {
            networks: [
              sandboxNetwork,
              {
                id: "0f9188f13cb7b2c71f2a335e3a4fc328",
                caipNetworkId: regtest,
                chainNamespace: "bip122",
                name: "Sandbox Bitcoin",
                nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
                rpcUrls: { default: { http: ["http://127.0.0.1:3002"] } }
              }
            ]
          })
        )
      )
    }
  )

  it.effect("requests go to the namespace's active chain in the session", () => {
    const mock = makeMockWalletConnect({ answer: () => Promise.resolve("0xsigned") })
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock)
      const connection = yield* Connection
      const networks = yield* Networks
      const evm = Option.getOrThrow(yield* connection.connected("eip155"))
      assert.strictEqual(
        yield* Effect.promise(() =>
          evm.connector.provider.request({ method: "personal_sign", params: ["0x00"] })
        ),
        "0xsigned"
      )
      yield* networks.setActive("eip155:31338")
      yield* Effect.promise(() =>
        evm.connector.provider.request({ method: "personal_sign", params: ["0x01"] })
      )
      const sol = Option.getOrThrow(yield* connection.connected("solana"))
      yield* Effect.promise(() =>
        sol.connector.provider.request({
          method: "solana_signMessage",
          params: { message: "2", pubkey: SOL }
        })
      )
      assert.deepStrictEqual(
        mock.requests.map((r) => [r.method, r.chainId]),
        [
          ["personal_sign", "eip155:31337"],
          ["personal_sign", "eip155:31338"],
          ["solana_signMessage", solanaDevnet.caipNetworkId]
        ]
      )
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("the wallet deleting the session disconnects every namespace", () => {
    const mock = makeMockWalletConnect()
    const { area, read } = makeArea()
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock)
      mock.emit("session_delete", { id: 1, topic: TOPIC })
      yield* connectionUntil(
        (s) => statusOf(s, "eip155") === "disconnected" && statusOf(s, "solana") === "disconnected"
      )
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), {
        eip155: "disconnected",
        solana: "disconnected"
      })
    }).pipe(Effect.provide(layerOf(mock, area)))
  })

  it.effect("a session update with other accounts is followed; a namespace it drops disconnects", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock)
      mock.emit("session_update", {
        topic: TOPIC,
        params: { namespaces: { eip155: { accounts: [`eip155:31337:${BOB}`], methods: [], events: [] } } }
      })
      const state = yield* connectionUntil((s) => statusOf(s, "solana") === "disconnected")
      const evm = state.namespaces.eip155
      assert.strictEqual(evm?.status === "connected" && evm.address, BOB)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("disconnecting ends the session on both sides and forgets the deep link used", () => {
    const mock = makeMockWalletConnect()
    const { area, read } = makeArea({
      [StorageKeys.deepLinkChoice.key]: { href: "phonewallet://", name: "Phone Wallet" }
    })
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock)
      assert.deepStrictEqual(read(StorageKeys.deepLinkChoice.key), {
        href: "phonewallet://",
        name: "Phone Wallet"
      })
      const connection = yield* Connection
      yield* connection.disconnect("solana")
      yield* sdkShows(() => mock.disconnects() === 1, "the session ended on the SDK")
      const state = yield* Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))
      assert.strictEqual(statusOf(state, "eip155"), "disconnected")
      assert.strictEqual(statusOf(state, "solana"), "disconnected")
      assert.isUndefined(read(StorageKeys.deepLinkChoice.key))
    }).pipe(Effect.provide(layerOf(mock, area)))
  })

  it.effect("a stored WalletConnect connection is restored from the SDK's session on start", () => {
    const mock = makeMockWalletConnect({ storedSession: sdkSession() })
    const { area } = makeArea({
      [StorageKeys.connectionStatus.key]: { eip155: "connected", solana: "connected" },
      [connectedConnectorIdKey("eip155").key]: WALLET_CONNECT_ID,
      [connectedConnectorIdKey("solana").key]: WALLET_CONNECT_ID
    })
    return Effect.gen(function* () {
      const state = yield* connectionUntil(
        (s) => statusOf(s, "eip155") === "connected" && statusOf(s, "solana") === "connected"
      )
      const sol = state.namespaces.solana
      assert.strictEqual(sol?.status === "connected" && sol.address, SOL)
      assert.strictEqual(mock.pairings.length, 0, "no new pairing")
    }).pipe(Effect.provide(layerOf(mock, area)))
  })

  it.effect("a stored WalletConnect connection without an SDK session ends disconnected", () => {
    const mock = makeMockWalletConnect()
    const { area, read, subscribe } = makeArea({
      [StorageKeys.connectionStatus.key]: { eip155: "connected" },
      [connectedConnectorIdKey("eip155").key]: WALLET_CONNECT_ID
    })
    return Effect.gen(function* () {
      yield* connectionUntil((s) => statusOf(s, "eip155") === "disconnected")
      yield* untilNotifiedEffect(subscribe, () => {
        const stored = read(StorageKeys.connectionStatus.key)
        return (
          typeof stored === "object" && stored !== null && Reflect.get(stored, "eip155") === "disconnected"
        )
      })
    }).pipe(Effect.provide(layerOf(mock, area)))
  })
})

describe("the namespace shown after a WalletConnect connection", () => {
  const solanaMainnet = {
    ...solanaDevnet,
    id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    name: "Solana"
  } as const
  const activeState = Effect.flatMap(Networks, (n) => SubscriptionRef.get(n.state))

  it.effect(
    "stays the one shown when the session covers it, even when another namespace's chain follows",
    () => {
      const mock = makeMockWalletConnect()
      return Effect.gen(function* () {
        // The wallet grants Solana on devnet, not on mainnet (the first configured): devnet becomes active there.
        yield* connectWalletConnect(mock)
        const state = yield* activeState
        assert.strictEqual(state.activeNamespace, "eip155")
        const solana = state.active.solana
        assert.strictEqual(
          solana?._tag === "Known" && solana.network.caipNetworkId,
          solanaDevnet.caipNetworkId
        )
      }).pipe(
        Effect.provide(
          layerOf(mock, makeArea().area, { networks: [sandboxNetwork, chainB, solanaMainnet, solanaDevnet] })
        )
      )
    }
  )

  it.effect("moves to a namespace the session covers when it does not cover the one shown", () => {
    const mock = makeMockWalletConnect()
    const solanaOnly = {
      ...sdkSession(),
      namespaces: { solana: sdkSession().namespaces.solana }
    }
    return Effect.gen(function* () {
      yield* connectWalletConnect(mock, solanaOnly)
      assert.strictEqual((yield* activeState).activeNamespace, "solana")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })
})
