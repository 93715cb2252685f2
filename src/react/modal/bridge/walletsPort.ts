import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../../schemas/Primitives"
import { type DeepLinkChoice, StorageKeys } from "../../../schemas/StorageKeys"
import type { RecentWallet } from "../../../schemas/Wallet"
import { type ConnectError, Connection, type ConnectionState } from "../../../services/Connection"
import { Connectors, type WalletConnector } from "../../../services/Connectors"
import { ModalFlow } from "../../../services/ModalFlow"
import { Networks, type NetworksState } from "../../../services/Networks"
import { Storage } from "../../../services/Storage"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../../../services/WalletCatalog"
import { type PairingState, WalletConnect } from "../../../services/WalletConnect"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

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
  readonly recentWallets: Store<ReadonlyArray<RecentWallet>>
  readonly catalog: CatalogPort
  readonly walletConnect: WalletConnectPort
  /** Resolves to whether the wallet connected; a failure is in `connection`'s attempt. */
  readonly connect: (connectorId: string) => Promise<boolean>
  /** `connect`, settling with the failure itself (for the public handle). */
  readonly connectWith: (connectorId: string) => Promise<Result<void, ConnectError>>
  readonly cancelConnect: () => Promise<void>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
}

export const makeWalletsPort = (runtime: ModalRuntime): WalletsPort => {
  const { flow, connection, networks, connectors, catalog, walletConnect, storage } = runtime.runSync(
    Effect.all({
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
  return {
    connection: storeFromRef(runtime, connection.state, (s) => s),
    networks: storeFromRef(runtime, networks.state, (s) => s),
    connectors: storeFromRef(runtime, connectors.connectors, (s) => s),
    recentWallets: storeFromRef(runtime, connection.recentWallets, (s) => s),
    catalog: {
      state: storeFromRef(runtime, catalog.state, (s) => s),
      search: storeFromRef(runtime, catalog.search, (s) => s),
      load: () => run(catalog.load),
      loadNextPage: () => run(catalog.loadNextPage),
      setQuery: (query) => run(catalog.setQuery(query))
    },
    walletConnect: {
      pairing: storeFromRef(runtime, walletConnect.pairing, (s) => s),
      rememberDeepLink: (choice) => run(storage.set(StorageKeys.deepLinkChoice, choice))
    },
    connect: (connectorId) => connectWith(connectorId).then((r) => r._tag === "Success"),
    connectWith,
    cancelConnect: () => run(flow.cancelConnect),
    disconnect: (namespace) => run(flow.disconnect(namespace))
  }
}
