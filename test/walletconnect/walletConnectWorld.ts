/**
 * The WalletConnect tests' world: a mock SDK behind the services `makeAirlockLayer` wires around Connection,
 * the session a wallet approves, and waits on the pairing and the connection.
 */
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { makeSafeKeyValueStore, type StorageArea } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { WalletConnectLive } from "../../src/layers/walletconnect/WalletConnectLive"
import { ConnectorsLive } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection, type ConnectionState, WALLET_CONNECT_ID } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import { type PairingSignIn, WalletConnect } from "../../src/services/WalletConnect"
import type { MockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE } from "../kit/accounts"
import { decodedOptions, sandboxNetwork, solanaDevnetNetwork, withAuthConnector } from "../kit/fixtures"
import { withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { eventually, untilState, untilTagged } from "../kit/waits"

export const solanaDevnet = solanaDevnetNetwork
export const chainB = {
  ...sandboxNetwork,
  id: 31338,
  caipNetworkId: "eip155:31338",
  name: "Sandbox Chain B",
  rpcUrls: { default: { http: ["http://127.0.0.1:8546"] } }
} as const

export const SOL = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
export const TOPIC = "a".repeat(64)

/** An SDK session as a wallet approves it: eip155 on both sandbox chains and one Solana account. */
export const sdkSession = (overrides: { readonly accounts?: ReadonlyArray<string> } = {}) => ({
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
export type PairedWorld = Layer.Success<ReturnType<typeof layerOf>> | Scope.Scope

export const layerOf = (
  mock: MockWalletConnect,
  area: StorageArea,
  overrides: Partial<ModalOptionsInput> = {}
) => {
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
export const connectionUntil = (done: (s: ConnectionState) => boolean) =>
  Effect.flatMap(Connection, (c) => untilState(c.state, done))

/** Waits, without a signal to await, until the mock SDK shows what `found` looks for. */
export const sdkShows = (found: () => boolean, what: string) => Effect.promise(() => eventually(found, what))

export const pairingState = Effect.flatMap(WalletConnect, (w) => SubscriptionRef.get(w.pairing))

export const statusOf = (s: ConnectionState, ns: "eip155" | "solana") =>
  s.namespaces[ns]?.status ?? "disconnected"

/** Starts connecting through WalletConnect, waits for the first URI, approves with `session`. */
export const connectWalletConnect = (mock: MockWalletConnect, session: unknown = sdkSession()) =>
  Effect.gen(function* () {
    const connection = yield* Connection
    const fiber = yield* Effect.forkChild(connection.connect(WALLET_CONNECT_ID))
    yield* pairingReady
    mock.approve(session)
    yield* Fiber.join(fiber)
  })

/** Waits until a pairing URI is shown. */
export const pairingReady = Effect.flatMap(WalletConnect, (w) => untilTagged(w.pairing, "Ready"))

/** Connects through WalletConnect until the URI shows; answers the fiber that ends with the connect's error. */
export const connectShowingUri = Effect.gen(function* () {
  const connection = yield* Connection
  const fiber = yield* Effect.forkChild(Effect.flip(connection.connect(WALLET_CONNECT_ID)))
  yield* pairingReady
  return fiber
})

/** Starts pairing through the WalletConnect service and waits for its URI; answers the pairing fiber. */
export const startPairing = (signIn?: PairingSignIn) =>
  Effect.gen(function* () {
    const walletConnect = yield* WalletConnect
    const fiber = yield* Effect.forkChild(walletConnect.connect(signIn))
    yield* pairingReady
    return fiber
  })
