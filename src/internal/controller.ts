import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import type { AirlockError } from "../errors"
import type { AirlockServices } from "../layers/AirlockLive"
import { type Presentation, present } from "../presentation"
import { type AccountDataPort, makeAccountDataPort } from "../react/bridge/accountData"
import type { ModalOptions } from "../schemas/ModalOptions"
import type { CaipNetwork } from "../schemas/Network"
import type { CaipNetworkId, ChainNamespace, ThemeMode } from "../schemas/Primitives"
import { type DeepLinkChoice, StorageKeys } from "../schemas/StorageKeys"
import type { ThemeVariables } from "../schemas/Theme"
import type { View } from "../schemas/View"
import type { RecentWallet } from "../schemas/Wallet"
import { AccountData } from "../services/AccountData"
import { BalanceService, type NativeBalance } from "../services/BalanceService"
import { Connection, type ConnectionState } from "../services/Connection"
import { Connectors, type WalletConnector } from "../services/Connectors"
import { ModalConfig } from "../services/ModalConfig"
import { type ModalEvent, ModalEvents } from "../services/ModalEvents"
import { ModalFlow, type WalletChoice } from "../services/ModalFlow"
import { ModalRouter, type RouteData, type RouterState } from "../services/ModalRouter"
import { Networks, type NetworksState } from "../services/Networks"
import { type Notice, Notifications } from "../services/Notifications"
import {
  type PendingApproval,
  type RequestOptions,
  RpcRouter,
  type WalletRequest
} from "../services/RpcRouter"
import { Storage } from "../services/Storage"
import { Theme, type ThemeState } from "../services/Theme"
import { type TrackedTransaction, TransactionWatcher } from "../services/TransactionWatcher"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../services/WalletCatalog"
import { type PairingState, WalletConnect } from "../services/WalletConnect"
import { type Store, storeFromRef } from "./store"

/**
 * The modal's services as plain values and promises: what the views and the public handle use, so that
 * no React code sees an Effect type (STYLE.md §4 rule 7).
 */
export interface ModalController {
  readonly config: ModalOptions
  readonly router: Store<RouterState>
  readonly theme: Store<ThemeState>
  readonly notices: Store<ReadonlyArray<Notice>>
  readonly connection: Store<ConnectionState>
  readonly networks: Store<NetworksState>
  readonly connectors: Store<ReadonlyArray<WalletConnector>>
  readonly recentWallets: Store<ReadonlyArray<RecentWallet>>
  readonly catalog: CatalogController
  readonly walletConnect: WalletConnectController
  /** The latest modal event. */
  readonly events: Store<ModalEvent | undefined>
  /** Every modal event as it happens; answers the function that stops listening. */
  readonly onEvent: (listener: (event: ModalEvent) => void) => () => void
  /** Transactions sent through Airlock, newest first. */
  readonly transactions: Store<ReadonlyArray<TrackedTransaction>>
  /** Unsafe requests waiting in ApproveTransaction, oldest first. */
  readonly approvals: Store<ReadonlyArray<PendingApproval>>
  /** The visitor's answer to an approval. */
  readonly decide: (id: number, approved: boolean) => Promise<void>
  readonly open: (view?: View, data?: RouteData) => Promise<void>
  /** Resolves to whether the modal closed (ApproveTransaction refuses unless forced). */
  readonly close: (options?: { readonly force?: boolean }) => Promise<boolean>
  readonly push: (view: View, data?: RouteData) => Promise<void>
  readonly replace: (view: View, data?: RouteData) => Promise<void>
  readonly goBack: () => Promise<void>
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
  readonly notify: (presentation: Presentation) => Promise<void>
  readonly dismissNotice: (id: number) => Promise<void>
  /** Shows the wallet's Connecting view and asks it to connect. */
  readonly chooseWallet: (choice: WalletChoice) => Promise<void>
  /** Resolves to whether the wallet connected; a failure is in `connection`'s attempt. */
  readonly connect: (connectorId: string) => Promise<boolean>
  /** `connect`, settling with the failure itself (for the public handle). */
  readonly connectWith: (connectorId: string) => Promise<Result<void>>
  readonly cancelConnect: () => Promise<void>
  /**
   * A dapp's request to the connected wallet. A refused method opens the modal on its error, a declined
   * signature shows its toast (SPEC.md §8); either way the failure is in the result.
   */
  readonly request: (request: WalletRequest, options?: RequestOptions) => Promise<Result<unknown>>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
  /** Resolves to whether it switched; a failure is shown as a toast. */
  readonly switchNetwork: (
    caipNetworkId: CaipNetworkId,
    options?: { readonly signal?: AbortSignal | undefined }
  ) => Promise<Result<void>>
  /** A network picked in the Networks view: switch, then back. */
  readonly chooseNetwork: (caipNetworkId: CaipNetworkId) => Promise<void>
  readonly nativeBalance: (network: CaipNetwork, address: string) => Promise<Result<NativeBalance>>
  /** The connected account's balance, tokens, NFTs, activity and identity, loaded by the service. */
  readonly accountData: AccountDataPort
}

/** The wallet catalogue (AllWallets) as stores and promises; failures are in the states' `status`. */
export interface CatalogController {
  readonly state: Store<CatalogState>
  readonly search: Store<CatalogSearchState>
  readonly load: () => Promise<void>
  readonly loadNextPage: () => Promise<void>
  /** Searched by the service 300 ms after the last call. */
  readonly setQuery: (query: string) => Promise<void>
}

/** WalletConnect pairing for the Connecting views and headless hosts. */
export interface WalletConnectController {
  /** The URI to show while pairing; refreshed before it expires. */
  readonly pairing: Store<PairingState>
  /** Remembers the wallet a deep link opened (its link's base, never the URI) until the session ends. */
  readonly rememberDeepLink: (choice: DeepLinkChoice) => Promise<void>
}

/** What a promise of the controller settles with when the view must show a failure itself. */
export type Result<A> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: Presentation; readonly cause: unknown }

export type { ModalEvent }

export const makeController = (
  runtime: ManagedRuntime.ManagedRuntime<AirlockServices, never>
): ModalController => {
  const services = runtime.runSync(
    Effect.all({
      config: ModalConfig,
      router: ModalRouter,
      flow: ModalFlow,
      rpc: RpcRouter,
      modalEvents: ModalEvents,
      watcher: TransactionWatcher,
      theme: Theme,
      notifications: Notifications,
      connection: Connection,
      networks: Networks,
      connectors: Connectors,
      balances: BalanceService,
      accountData: AccountData,
      walletCatalog: WalletCatalog,
      walletConnect: WalletConnect,
      storage: Storage
    })
  )
  const run = <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect)
  const routerStore = storeFromRef(runtime, services.router.state, (s) => s)
  // Router moves are synchronous: run them now and show the result in the same task (the 16 ms goal).
  const navigate = <A>(effect: Effect.Effect<A>): Promise<A> =>
    new Promise<A>((resolve) => {
      // A move that ever went async would go on in its fiber and resolve later: it never runs twice.
      runtime.runSyncExit(Effect.map(effect, resolve))
      routerStore.refresh()
    })
  const {
    flow,
    rpc,
    modalEvents,
    watcher,
    theme,
    notifications,
    connection,
    networks,
    connectors,
    balances,
    walletCatalog,
    walletConnect,
    storage
  } = services

  const attempt = <A, E extends AirlockError>(effect: Effect.Effect<A, E>): Promise<Result<A>> =>
    runtime.runPromiseExit(effect).then((exit) =>
      Exit.isSuccess(exit)
        ? { _tag: "Success", value: exit.value }
        : Option.match(Cause.findErrorOption(exit.cause), {
            onSome: (error): Result<A> => ({ _tag: "Failure", error: present(error), cause: error }),
            onNone: (): Result<A> => ({
              _tag: "Failure",
              error: { kind: "toast", variant: "error", message: "Something went wrong", delayMs: 0 },
              cause: Cause.squash(exit.cause)
            })
          })
    )

  const onEvent = (listener: (event: ModalEvent) => void) => {
    const fiber = runtime.runFork(
      Effect.scoped(
        Effect.flatMap(modalEvents.subscribe, (events) =>
          Effect.forever(Effect.flatMap(PubSub.take(events), (event) => Effect.sync(() => listener(event))))
        )
      )
    )
    return () => {
      runtime.runFork(Fiber.interrupt(fiber))
    }
  }

  const connectWith = (connectorId: string): Promise<Result<void>> => attempt(flow.connect(connectorId))

  return {
    config: services.config,
    router: routerStore,
    theme: storeFromRef(runtime, theme.state, (s) => s),
    notices: storeFromRef(runtime, notifications.notices, (s) => s),
    connection: storeFromRef(runtime, connection.state, (s) => s),
    networks: storeFromRef(runtime, networks.state, (s) => s),
    connectors: storeFromRef(runtime, connectors.connectors, (s) => s),
    recentWallets: storeFromRef(runtime, connection.recentWallets, (s) => s),
    catalog: {
      state: storeFromRef(runtime, walletCatalog.state, (s) => s),
      search: storeFromRef(runtime, walletCatalog.search, (s) => s),
      load: () => run(walletCatalog.load),
      loadNextPage: () => run(walletCatalog.loadNextPage),
      setQuery: (query) => run(walletCatalog.setQuery(query))
    },
    walletConnect: {
      pairing: storeFromRef(runtime, walletConnect.pairing, (s) => s),
      rememberDeepLink: (choice) => run(storage.set(StorageKeys.deepLinkChoice, choice))
    },
    events: storeFromRef(runtime, modalEvents.latest, (s) => s),
    onEvent,
    transactions: storeFromRef(runtime, watcher.transactions, (s) => s),
    approvals: storeFromRef(runtime, rpc.approvals, (s) => s),
    decide: (id, approved) => run(rpc.decide(id, approved)),
    open: (view, data) => navigate(flow.open(view, data)),
    close: (options) => navigate(flow.close(options)),
    push: (view, data) => navigate(flow.push(view, data)),
    replace: (view, data) => navigate(flow.replace(view, data)),
    goBack: () => navigate(flow.goBack),
    setThemeMode: (mode) => run(theme.setMode(mode)),
    setThemeVariables: (variables) => run(theme.setVariables(variables)),
    notify: (presentation) => run(notifications.show(presentation)),
    dismissNotice: (id) => run(notifications.dismiss(id)),
    chooseWallet: (choice) => navigate(flow.chooseWallet(choice)),
    connect: (connectorId) => connectWith(connectorId).then((r) => r._tag === "Success"),
    connectWith,
    cancelConnect: () => run(flow.cancelConnect),
    request: (request, options) => attempt(rpc.request(request, options)),
    disconnect: (namespace) => run(flow.disconnect(namespace)),
    switchNetwork: (caipNetworkId, options) => attempt(flow.switchNetwork(caipNetworkId, options)),
    chooseNetwork: (caipNetworkId) => run(flow.chooseNetwork(caipNetworkId)),
    nativeBalance: (network, address) => attempt(balances.nativeBalance(network, address)),
    accountData: makeAccountDataPort(runtime, services.accountData)
  }
}
