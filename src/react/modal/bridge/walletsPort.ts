import * as Effect from "effect/Effect"
import { isTouchDevice } from "../../../layers/platform/device"
import { connectOptions } from "../../../layers/wallets/connectOptions"
import type { ConnectOptions, ConnectWalletRow } from "../../../Modal"
import type { ChainNamespace } from "../../../schemas/Primitives"
import { type DeepLinkChoice, StorageKeys } from "../../../schemas/StorageKeys"
import { type ConnectError, Connection, type ConnectionState } from "../../../services/Connection"
import { Connectors, type WalletConnector } from "../../../services/Connectors"
import type { LegalConsentState } from "../../../services/LegalConsent"
import { ModalConfig } from "../../../services/ModalConfig"
import { ModalFlow } from "../../../services/ModalFlow"
import { Networks, type NetworksState } from "../../../services/Networks"
import { Storage } from "../../../services/Storage"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../../../services/WalletCatalog"
import { type PairingState, WalletConnect } from "../../../services/WalletConnect"
import { attempt, type ModalRuntime, type Result } from "./run"
import { arrayEqual, combineStores, mapStore, type Store, shallowEqual, storeFromRef } from "./store"

/** The wallet catalogue (AllWallets) as stores and promises; failures are in the states' `status`. */
export interface CatalogPort {
  readonly state: Store<CatalogState>
  readonly search: Store<CatalogSearchState>
  readonly load: () => Promise<void>
  readonly loadNextPage: () => Promise<void>
  /** Searched by the service 300 ms after the last call. */
  readonly setQuery: (query: string) => Promise<void>
}

/** WalletConnect pairing for the Connecting views and headless hosts. */
export interface WalletConnectPort {
  /** The URI to show while pairing; refreshed before it expires. */
  readonly pairing: Store<PairingState>
  /** Remembers the wallet a deep link opened (its link's base, never the URI) until the session ends. */
  readonly rememberDeepLink: (choice: DeepLinkChoice) => Promise<void>
}

/** The wallets: who is connected where, the wallets on offer, and connecting to one. */
export interface WalletsPort {
  readonly connection: Store<ConnectionState>
  readonly networks: Store<NetworksState>
  readonly connectors: Store<ReadonlyArray<WalletConnector>>
  /** The Connect view's login methods and wallet rows, in order: what it renders and hosts read. */
  readonly connectOptions: Store<ConnectOptions>
  readonly catalog: CatalogPort
  readonly walletConnect: WalletConnectPort
  /** Resolves to whether the wallet connected; a failure is in `connection`'s attempt. */
  readonly connect: (connectorId: string) => Promise<boolean>
  /** `connect`, settling with the failure itself (for the public handle). */
  readonly connectWith: (connectorId: string) => Promise<Result<void, ConnectError>>
  readonly cancelConnect: () => Promise<void>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
}

const sameRow = (a: ConnectWalletRow, b: ConnectWalletRow): boolean =>
  a.kind === "wallet" && b.kind === "wallet"
    ? a.group === b.group && a.tag === b.tag && shallowEqual(a.wallet, b.wallet)
    : shallowEqual<object>(a, b)

const sameConnectOptions = (a: ConnectOptions, b: ConnectOptions): boolean =>
  a.allWallets === b.allWallets &&
  a.legal === b.legal &&
  arrayEqual(Object.is)(a.methods, b.methods) &&
  arrayEqual(sameRow)(a.wallets, b.wallets)

/** `legal`: the legal checkbox's state, which the connect options carry for headless hosts. */
export const makeWalletsPort = (runtime: ModalRuntime, legal: Store<LegalConsentState>): WalletsPort => {
  const { config, flow, connection, networks, connectors, catalog, walletConnect, storage } = runtime.runSync(
    Effect.all({
      config: ModalConfig,
      flow: ModalFlow,
      connection: Connection,
      networks: Networks,
      connectors: Connectors,
      catalog: WalletCatalog,
      walletConnect: WalletConnect,
      storage: Storage
    })
  )
  const run = <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect)
  const connectWith = (connectorId: string) => attempt(runtime)(flow.connect(connectorId))
  const same = <A>(a: A) => a
  const connectionStore = storeFromRef(runtime, connection.state, same)
  const connectorsStore = storeFromRef(runtime, connectors.connectors, same)
  const recentStore = storeFromRef(runtime, connection.recentWallets, same)
  const catalogStore = storeFromRef(runtime, catalog.state, same)
  return {
    connection: connectionStore,
    networks: storeFromRef(runtime, networks.state, same),
    connectors: connectorsStore,
    connectOptions: mapStore(
      combineStores(
        combineStores(
          combineStores(connectorsStore, recentStore),
          combineStores(connectionStore, catalogStore)
        ),
        legal
      ),
      ([[[all, recent], [state, listing]], consent]) => ({
        ...connectOptions({
          options: config,
          connectors: all,
          recent,
          connection: state,
          catalog: listing,
          touch: isTouchDevice()
        }),
        legal: consent
      }),
      sameConnectOptions
    ),
    catalog: {
      state: catalogStore,
      search: storeFromRef(runtime, catalog.search, same),
      load: () => run(catalog.load),
      loadNextPage: () => run(catalog.loadNextPage),
      setQuery: (query) => run(catalog.setQuery(query))
    },
    walletConnect: {
      pairing: storeFromRef(runtime, walletConnect.pairing, same),
      rememberDeepLink: (choice) => run(storage.set(StorageKeys.deepLinkChoice, choice))
    },
    connect: (connectorId) => connectWith(connectorId).then((r) => r._tag === "Success"),
    connectWith,
    cancelConnect: () => run(flow.cancelConnect),
    disconnect: (namespace) => run(flow.disconnect(namespace))
  }
}
