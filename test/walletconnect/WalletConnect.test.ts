// @vitest-environment happy-dom

import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { vi } from "vitest"
import { sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { makeSafeKeyValueStore, type StorageArea } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import {
  PAIRING_EXPIRY_MARGIN,
  PAIRING_TTL,
  PAIRING_URI_TIMEOUT
} from "../../src/layers/walletconnect/WalletConnect.lazy"
import { WalletConnectLive } from "../../src/layers/walletconnect/WalletConnectLive"
import { ConnectorsLive } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection, type ConnectionState, WALLET_CONNECT_ID } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks } from "../../src/services/Networks"
import { RpcRouter } from "../../src/services/RpcRouter"
import { type PairingSignIn, WalletConnect } from "../../src/services/WalletConnect"
import { type MockWalletConnect, makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE, BOB } from "../kit/accounts"
import {
  decodedOptions,
  makeArea,
  sandboxNetwork,
  solanaDevnetNetwork,
  withAuthConnector
} from "../kit/fixtures"
import { withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { eventually, untilNotifiedEffect, untilState, untilTagged } from "../kit/waits"

const solanaDevnet = solanaDevnetNetwork
const chainB = {
  ...sandboxNetwork,
  id: 31338,
  caipNetworkId: "eip155:31338",
  name: "Sandbox Chain B",
  rpcUrls: { default: { http: ["http://127.0.0.1:8546"] } }
} as const

const SOL = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
const TOPIC = "a".repeat(64)

/** An SDK session as a wallet approves it: eip155 on both sandbox chains and one Solana account. */
const sdkSession = (overrides: { readonly accounts?: ReadonlyArray<string> } = {}) => ({
  topic: TOPIC,
  expiry: 2_000_000_000,
  namespaces: {
    eip155: {
      accounts: overrides.accounts ?? [`eip155:31337:${ALICE}`, `eip155:31338:${ALICE}`],
      methods: ["personal_sign"],
      events: ["accountsChanged", "chainChanged"]
    },
    solana: { accounts: [`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL}`], methods: [], events: [] }
  },
  peer: {
    metadata: {
      name: "Sandbox\u202e WalletConnect Wallet",
      description: "",
      url: "http://127.0.0.1",
      icons: ["javascript:alert(1)", "https://wallet.example/icon.png"],
      redirect: { native: "javascript:alert(1)//", universal: "https://wallet.example/app" }
    }
  }
})

/** What a test body runs on: the services `layerOf` wires, and the test's scope. */
type PairedWorld = Layer.Success<ReturnType<typeof layerOf>> | Scope.Scope

const layerOf = (mock: MockWalletConnect, area: StorageArea, overrides: Partial<ModalOptionsInput> = {}) => {
  const platform = Layer.mergeAll(
    Layer.succeed(
      ModalConfig,
      decodedOptions({ networks: [sandboxNetwork, chainB, solanaDevnet], ...overrides })
    ),
    Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    ),
    mock.layer
  )
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = Layer.mergeAll(NetworksLive, ConnectorsLive).pipe(Layer.provideMerge(core))
  const sessions = Layer.merge(WalletConnectLive.pipe(Layer.provideMerge(chain)), withAuthConnector(chain))
  return withFlow(ConnectionLive.pipe(Layer.provideMerge(sessions))).pipe(Layer.provide(preloadedParts))
}

/** Waits until the connection state satisfies `done`. */
const connectionUntil = (done: (s: ConnectionState) => boolean) =>
  Effect.flatMap(Connection, (c) => untilState(c.state, done))

/** Waits, without a signal to await, until the mock SDK shows what `found` looks for. */
const sdkShows = (found: () => boolean, what: string) => Effect.promise(() => eventually(found, what))

const pairingState = Effect.flatMap(WalletConnect, (w) => SubscriptionRef.get(w.pairing))

const statusOf = (s: ConnectionState, ns: "eip155" | "solana") => s.namespaces[ns]?.status ?? "disconnected"

/** Starts connecting through WalletConnect, waits for the first URI, approves with `session`. */
const connectWalletConnect = (mock: MockWalletConnect, session: unknown = sdkSession()) =>
  Effect.gen(function* () {
    const connection = yield* Connection
    const fiber = yield* Effect.forkChild(connection.connect(WALLET_CONNECT_ID))
    yield* pairingReady
    mock.approve(session)
    yield* Fiber.join(fiber)
  })

/** Waits until a pairing URI is shown. */
const pairingReady = Effect.flatMap(WalletConnect, (w) => untilTagged(w.pairing, "Ready"))

/** Connects through WalletConnect until the URI shows; answers the fiber that ends with the connect's error. */
const connectShowingUri = Effect.gen(function* () {
  const connection = yield* Connection
  const fiber = yield* Effect.forkChild(Effect.flip(connection.connect(WALLET_CONNECT_ID)))
  yield* pairingReady
  return fiber
})

/** Starts pairing through the WalletConnect service and waits for its URI; answers the pairing fiber. */
const startPairing = (signIn?: PairingSignIn) =>
  Effect.gen(function* () {
    const walletConnect = yield* WalletConnect
    const fiber = yield* Effect.forkChild(walletConnect.connect(signIn))
    yield* pairingReady
    return fiber
  })

describe("WalletConnect pairing", () => {
  it.effect("shows the URI with its 4 minute expiry, then hands over the approved session", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* startPairing()
      const shown = yield* pairingState
      assert.deepStrictEqual(shown, {
        _tag: "Ready",
        uri: mock.pairings[0]?.uri ?? "",
        expiresAt: Duration.toMillis(PAIRING_TTL)
      })
      // Optional namespaces for every configured network, with the host's RPC URLs.
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.eip155?.chains, ["eip155:31337", "eip155:31338"])
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.eip155?.rpcMap, {
        31337: "http://127.0.0.1:8545",
        31338: "http://127.0.0.1:8546"
      })
      assert.deepStrictEqual(mock.pairings[0]?.namespaces.solana?.chains, [solanaDevnet.caipNetworkId])
      mock.approve(sdkSession())
      const session = yield* Fiber.join(fiber)
      assert.strictEqual(session.topic, TOPIC)
      assert.deepStrictEqual(
        session.accounts.map((a) => `${a.caipNetworkId}:${a.address}`),
        [`eip155:31337:${ALICE}`, `eip155:31338:${ALICE}`, `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${SOL}`]
      )
      // The peer's name is cleaned, its javascript: icon and redirect refused.
      assert.deepStrictEqual(session.peer, {
        name: "Sandbox WalletConnect Wallet",
        icon: "https://wallet.example/icon.png",
        redirect: "https://wallet.example/app/"
      })
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect(
    "with a sign-in: asks it with the EVM chains and methods, a fresh request per URI, and hands the wallet's signatures over before the session",
    () => {
      const mock = makeMockWalletConnect()
      const handed: Array<ReadonlyArray<unknown>> = []
      let requests = 0
      const signIn: PairingSignIn = {
        request: (chains) =>
          Effect.sync(() => {
            requests += 1
            return {
              domain: "dapp.example",
              uri: "https://dapp.example",
              nonce: `nonce-${requests}-${chains.length}`
            }
          }),
        complete: (auths) => Effect.sync(() => void handed.push(auths))
      }
      return Effect.gen(function* () {
        const fiber = yield* startPairing(signIn)
        const asked = mock.pairings[0]?.signIn
        assert.deepStrictEqual(asked?.chains, ["eip155:31337", "eip155:31338"])
        assert.strictEqual(asked?.nonce, "nonce-1-2")
        assert.include(asked?.methods ?? [], "personal_sign")
        // The URI runs out: the next one carries a fresh nonce.
        yield* TestClock.adjust(Duration.subtract(PAIRING_TTL, PAIRING_EXPIRY_MARGIN))
        yield* sdkShows(() => mock.pairings.length === 2, "a second pairing")
        assert.strictEqual(mock.pairings[1]?.signIn?.nonce, "nonce-2-2")
        mock.approve(sdkSession(), [{ signed: 1 }])
        const session = yield* Fiber.join(fiber)
        assert.strictEqual(session.topic, TOPIC)
        assert.deepStrictEqual(handed, [[{ signed: 1 }]])
      }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
    }
  )

  it.effect("replaces an unused URI 10 s before its 4 minutes end (TestClock)", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* startPairing()
      const refreshAt = Duration.subtract(PAIRING_TTL, PAIRING_EXPIRY_MARGIN)
      yield* TestClock.adjust(Duration.subtract(refreshAt, Duration.millis(1)))
      assert.strictEqual(mock.pairings.length, 1, "still the first URI 1 ms before the margin")
      yield* TestClock.adjust(Duration.millis(1))
      yield* sdkShows(() => mock.pairings.length === 2, "a second pairing")
      yield* Effect.flatMap(WalletConnect, (w) =>
        untilState(w.pairing, (p) => p._tag === "Ready" && p.uri === mock.pairings[1]?.uri)
      )
      const fresh = yield* pairingState
      assert.deepStrictEqual(fresh, {
        _tag: "Ready",
        uri: mock.pairings[1]?.uri ?? "",
        expiresAt: Duration.toMillis(refreshAt) + Duration.toMillis(PAIRING_TTL)
      })
      assert.notStrictEqual(mock.pairings[0]?.uri, mock.pairings[1]?.uri)
      // The fresh pairing is the one a wallet approves.
      mock.approve(sdkSession())
      assert.strictEqual((yield* Fiber.join(fiber)).topic, TOPIC)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("a relay that never answers fails with 'Service temporarily unavailable' at the time-out", () => {
    const mock = makeMockWalletConnect({ relayDown: true })
    return Effect.gen(function* () {
      const walletConnect = yield* WalletConnect
      const fiber = yield* Effect.forkChild(Effect.flip(walletConnect.connect()))
      yield* sdkShows(() => mock.pairings.length === 1, "a pairing")
      yield* TestClock.adjust(Duration.subtract(PAIRING_URI_TIMEOUT, Duration.millis(1)))
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "ServiceUnavailableError")
      assert.strictEqual(error.message, "Service temporarily unavailable")
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("50 concurrent connects make one pairing and all get the same session (THREATS.md R5)", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const connection = yield* Connection
      const fiber = yield* Effect.forkChild(
        Effect.all(
          Array.from({ length: 50 }, () => connection.connect(WALLET_CONNECT_ID)),
          { concurrency: "unbounded" }
        )
      )
      yield* pairingReady
      mock.approve(sdkSession())
      assert.strictEqual((yield* Fiber.join(fiber)).length, 50)
      assert.strictEqual(mock.pairings.length, 1)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("a wallet that rejects the proposal fails the connect as a user rejection", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* connectShowingUri
      mock.reject()
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      const state = yield* Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))
      assert.strictEqual(state.attempt?._tag, "Failed")
      assert.strictEqual(statusOf(state, "eip155"), "disconnected")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })

  it.effect("with enableWalletConnect off, fails with 'WalletConnectConnector not found'", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const connection = yield* Connection
      const error = yield* Effect.flip(connection.connect(WALLET_CONNECT_ID))
      assert.strictEqual(error.message, "WalletConnectConnector not found")
      assert.strictEqual(mock.pairings.length, 0)
    }).pipe(Effect.provide(layerOf(mock, makeArea().area, { enableWalletConnect: false })))
  })

  it.effect("closing the modal abandons the pairing", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const fiber = yield* connectShowingUri
      yield* Effect.flatMap(Connection, (connection) => connection.cancel)
      assert.strictEqual((yield* Fiber.join(fiber))._tag, "UserRejectedRequestError")
      assert.strictEqual((yield* pairingState)._tag, "Idle")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })
})

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

// RpcRouter sends to the wallet Connection holds.
describe("RpcRouter.request", () => {
  const SIGNATURE = `0x${"ab".repeat(65)}`
  const SOL_SIGNATURE =
    "4jSzw3nVsfRTtP1RZCPqKtgMdGmyxXkMWRoxL1AyetWm8wuo6L13Aiwgkcc8TLyhJY4PeAzGDvyXMGWtr1Gdmz9n"
  const answers = (request: { readonly method: string }) => {
    switch (request.method) {
      case "personal_sign":
        return Promise.resolve(SIGNATURE)
      case "eth_signTypedData_v4":
        return Promise.reject({ code: 5000, message: "User rejected." })
      case "solana_signAndSendTransaction":
        return Promise.resolve({ signature: SOL_SIGNATURE })
      case "solana_signMessage":
        return Promise.resolve({ signature: "0x not base58" })
      default:
        return Promise.resolve(null)
    }
  }

  /** A test over a wallet paired through WalletConnect, answering as `answers` says. */
  const pairedTest = (
    name: string,
    body: (mock: MockWalletConnect) => Generator<Effect.Effect<unknown, unknown, PairedWorld>, void, never>
  ) =>
    it.effect(name, () => {
      const mock = makeMockWalletConnect({ answer: answers })
      return Effect.gen(function* () {
        yield* connectWalletConnect(mock)
        yield* Effect.gen(() => body(mock))
      }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
    })

  /** The error a request to the connected wallet fails with. */
  const failure = (...args: Parameters<RpcRouter["Service"]["request"]>) =>
    Effect.flatMap(RpcRouter, (rpc) => Effect.flip(rpc.request(...args)))
  const signSolanaMessage = { method: "solana_signMessage", params: { message: "2", pubkey: SOL } }
  const sendSolana = (options: Record<string, unknown>) => ({
    method: "solana_signAndSendTransaction",
    params: { transaction: "AQAB", options }
  })
  pairedTest("routes allowed methods to the namespace's wallet and decodes the answer", function* (mock) {
    const rpc = yield* RpcRouter
    assert.strictEqual(yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }), SIGNATURE)
    const sent = yield* rpc.request(
      {
        method: "solana_signAndSendTransaction",
        params: {
          transaction: "AQAB",
          options: { skipPreflight: true, preflightCommitment: "confirmed", maxRetries: 3 }
        }
      },
      { namespace: "solana" }
    )
    assert.deepStrictEqual(sent, { signature: SOL_SIGNATURE })
    assert.deepStrictEqual(
      mock.requests.map((r) => [r.method, r.chainId]),
      [
        ["personal_sign", "eip155:31337"],
        ["solana_signAndSendTransaction", solanaDevnet.caipNetworkId]
      ]
    )
  })

  pairedTest(
    "refuses unlisted methods, wrong namespaces and bad options before the wallet hears of them",
    function* (mock) {
      const unlisted = yield* failure({ method: "eth_sign", params: [ALICE, "0x00"] })
      assert.strictEqual(unlisted.message, "Requested RPC call is not allowed")
      const wrongNamespace = yield* failure(signSolanaMessage, { namespace: "eip155" })
      assert.strictEqual(wrongNamespace._tag, "MethodNotAllowedError")
      // Bad options, and options it does not know.
      for (const options of [{ maxRetries: -1 }, { retry: true }]) {
        const refused = yield* failure(sendSolana(options), { namespace: "solana" })
        assert.strictEqual(refused._tag, "SchemaDecodeError", JSON.stringify(options))
      }
      assert.strictEqual(mock.requests.length, 0)
    }
  )

  pairedTest(
    "a declined signature reads 'Signature declined'; a malformed answer is a decode error",
    function* () {
      const declined = yield* failure({ method: "eth_signTypedData_v4", params: [ALICE, "{}"] })
      assert.strictEqual(declined.message, "Signature declined")
      const malformed = yield* failure(signSolanaMessage, { namespace: "solana" })
      assert.strictEqual(malformed._tag, "SchemaDecodeError")
    }
  )

  it.effect("without a wallet on the namespace it fails with 'Connector not connected.'", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const error = yield* Effect.flip(rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }))
      assert.strictEqual(error.message, "Connector not connected.")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
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

describe("back to the wallet app on a phone", () => {
  const touch = (coarse: boolean) =>
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: coarse && query === "(pointer: coarse)" }))
  const seeded = () =>
    makeArea({ [StorageKeys.deepLinkChoice.key]: { href: "phonewallet://", name: "Phone Wallet" } })

  it.effect("a signature request opens the wallet the visitor paired through a link; a read does not", () => {
    const mock = makeMockWalletConnect({ answer: () => Promise.resolve(`0x${"ab".repeat(65)}`) })
    const open = vi.fn()
    return Effect.gen(function* () {
      touch(true)
      vi.stubGlobal("open", open)
      yield* connectWalletConnect(mock)
      const rpc = yield* RpcRouter
      yield* rpc.request({ method: "eth_chainId" })
      assert.strictEqual(open.mock.calls.length, 0)
      yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      yield* sdkShows(() => open.mock.calls.length === 1, "the wallet opened")
      assert.deepStrictEqual(open.mock.calls[0], ["phonewallet://", "_self", "noopener,noreferrer"])
    }).pipe(
      Effect.provide(layerOf(mock, seeded().area)),
      Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals()))
    )
  })

  /**
   * Connects, signs once on a touch device or not with `stored` remembered, then runs `openWallet` itself
   * (so the request's own attempt has surely finished), and returns what was opened.
   */
  const signWith = (coarse: boolean, stored: { readonly href: string; readonly name: string }) => {
    const mock = makeMockWalletConnect({ answer: () => Promise.resolve(`0x${"ab".repeat(65)}`) })
    const open = vi.fn()
    return Effect.gen(function* () {
      vi.stubGlobal("open", open)
      touch(coarse)
      yield* connectWalletConnect(mock)
      const rpc = yield* RpcRouter
      yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] })
      yield* Effect.flatMap(WalletConnect, (w) => w.openWallet)
      return open.mock.calls
    }).pipe(
      Effect.provide(layerOf(mock, makeArea({ [StorageKeys.deepLinkChoice.key]: stored }).area)),
      Effect.ensuring(Effect.sync(() => vi.unstubAllGlobals()))
    )
  }

  it.effect("a stored link that is not safe never opens", () =>
    Effect.map(signWith(true, { href: "javascript:alert(1)//", name: "Evil" }), (opened) =>
      assert.deepStrictEqual(opened, [])
    )
  )

  it.effect("on a desktop nothing opens: the visitor scanned the QR code with another device", () =>
    Effect.map(signWith(false, { href: "phonewallet://", name: "Phone Wallet" }), (opened) =>
      assert.deepStrictEqual(opened, [])
    )
  )
})
