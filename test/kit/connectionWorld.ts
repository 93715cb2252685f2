/**
 * The Connection tests' world: the services `makeAirlockLayer` wires around Connection, announced mock
 * wallets, and waits on the state and the test clock.
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ConnectionLive } from "../../src/layers/connection/ConnectionLive"
import { RESTORE_WINDOW } from "../../src/layers/connection/restoreWaits"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { makeSafeKeyValueStore, type StorageArea } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { ANNOUNCE_EVENT, ConnectorsLive } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptions, ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection, type ConnectionState } from "../../src/services/Connection"
import type { Eip1193Provider } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalRouter } from "../../src/services/ModalRouter"
import { Networks } from "../../src/services/Networks"
import { type MockEip1193Provider, makeMockEip1193Provider } from "../../src/testing/index"
import { BOB } from "./accounts"
import { decodedOptions, withWalletConnect } from "./fixtures"
import { withFlow } from "./flowLayers"
import { preloadedParts } from "./lazyParts"
import { mainnetWithExplorer, optimismNetwork, sandboxNetwork } from "./networks"
import { countedSleeps, sleepPending } from "./sleeps"
import { eventuallyEffect, settle, untilState } from "./waits"

/** Mainnet and OP Mainnet with their explorers, as the Connection tests name them. */
export { mainnetWithExplorer as mainnet, optimismNetwork as optimism }

/** The sandbox chain, mainnet and OP Mainnet, unless `overrides` say otherwise. */
export const configOf = (overrides: Partial<ModalOptionsInput> = {}): ModalOptions =>
  decodedOptions({ networks: [sandboxNetwork, mainnetWithExplorer, optimismNetwork], ...overrides })

/**
 * Connection, the services it runs on and the owners that act on it (routing, closing, switching), wired as
 * `makeAirlockLayer` does, over a seeded storage area.
 */
export const servicesLayer = (area: StorageArea, overrides: Partial<ModalOptionsInput> = {}) => {
  const platform = Layer.mergeAll(
    Layer.succeed(ModalConfig, configOf(overrides)),
    Layer.succeed(
      KeyValueStore.KeyValueStore,
      makeSafeKeyValueStore(() => area)
    )
  )
  const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
  const chain = Layer.mergeAll(NetworksLive, ConnectorsLive).pipe(Layer.provideMerge(core))
  const connection = ConnectionLive.pipe(Layer.provideMerge(withWalletConnect(chain)))
  return withFlow(connection).pipe(Layer.provideMerge(countedSleeps), Layer.provide(preloadedParts))
}

export interface WalletInfo {
  readonly uuid: string
  readonly name: string
  readonly rdns: string
}

export const walletA: WalletInfo = { uuid: "wallet-a", name: "Wallet A", rdns: "dev.airlock.a" }
export const walletB: WalletInfo = { uuid: "wallet-b", name: "Wallet B", rdns: "dev.airlock.b" }
export const idOf = (wallet: WalletInfo) => `eip6963:${wallet.uuid}`

export const announce = (wallet: WalletInfo, provider: Eip1193Provider) =>
  window.dispatchEvent(
    new CustomEvent(ANNOUNCE_EVENT, {
      detail: Object.freeze({
        info: Object.freeze({ ...wallet, icon: "data:image/png;base64,AAAA" }),
        provider
      })
    })
  )

export const mockWallet = (options: Parameters<typeof makeMockEip1193Provider>[0] = {}) =>
  makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], ...options })

/** An impostor (BOB's wallet) claims Wallet A, then, `later`, the real Wallet A claims it too. */
export const impostorThenReal = (later: Duration.Input) =>
  Effect.gen(function* () {
    const impostor = mockWallet({ connected: true, accounts: [BOB] })
    const real = mockWallet({ connected: true })
    announce({ ...walletA, uuid: "impostor" }, impostor)
    yield* settle
    yield* TestClock.adjust(later)
    announce(walletA, real)
    return { impostor, real }
  })

/** A provider whose answers to `method` wait until the test releases them (a late wallet reply). */
export const holding = (mock: MockEip1193Provider, method: string) => {
  const held: Array<() => void> = []
  const provider: Eip1193Provider = {
    request: (args) =>
      args.method === method
        ? new Promise<void>((resolve) => held.push(resolve)).then(() => mock.request(args))
        : mock.request(args),
    on: mock.on,
    removeListener: mock.removeListener
  }
  return { provider, held: () => held.length, release: () => held.shift()?.() }
}

export const eip155 = (s: ConnectionState) => s.namespaces.eip155 ?? { status: "disconnected" as const }

export const connectionState = Effect.flatMap(Connection, (c) => SubscriptionRef.get(c.state))
export const status = Effect.map(connectionState, (s) => eip155(s).status)
export const address = Effect.map(connectionState, (s) => {
  const c = eip155(s)
  return c.status === "connected" ? c.address : undefined
})
export const activeNetwork = Effect.flatMap(Networks, (n) =>
  Effect.map(SubscriptionRef.get(n.state), (s) => {
    const active = s.active.eip155
    return active?._tag === "Known" ? active.network.caipNetworkId : `unknown:${active?.caipNetworkId}`
  })
)
export const routerState = Effect.flatMap(ModalRouter, (r) => SubscriptionRef.get(r.state))

/** Waits, without a clock, until the connection state satisfies `predicate`. */
export const waitForState = (predicate: (s: ConnectionState) => boolean) =>
  Effect.flatMap(Connection, (c) => untilState(c.state, predicate))
export const waitForStatus = (wanted: string) => waitForState((s) => eip155(s).status === wanted)

/**
 * Lets the restore see the announcements, then passes its window (THREATS.md T5, R2), counted from the
 * restore's start: the test clock's start, where no test has moved it before.
 */
export const passRestoreWindow = Effect.andThen(settle, TestClock.adjust(RESTORE_WINDOW))

/** Until `condition` holds: for "the wallet has been asked" style waits, which nothing signals. */
export const until = (condition: () => boolean, what = "the condition") =>
  Effect.asVoid(eventuallyEffect(condition, what))

/** A sleep is pending on the test clock (the code under test is waiting on it). */
export const untilSleeping = sleepPending

/** Announces a mock wallet and connects to it. */
export const connectTo = (wallet: WalletInfo, mock: MockEip1193Provider | Eip1193Provider) =>
  Effect.gen(function* () {
    announce(wallet, mock)
    const connection = yield* Connection
    yield* connection.connect(idOf(wallet))
  })
