import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type AirlockError, type Presentation, present } from "../errors"
import type { AirlockServices } from "../layers/AirlockLive"
import type { TokenBalance } from "../schemas/Balance"
import type { ModalOptions } from "../schemas/ModalOptions"
import type { CaipNetwork } from "../schemas/Network"
import type { CaipNetworkId, ChainNamespace, ThemeMode } from "../schemas/Primitives"
import { type DeepLinkChoice, StorageKeys } from "../schemas/StorageKeys"
import type { ThemeVariables } from "../schemas/Theme"
import type { View } from "../schemas/View"
import type { RecentWallet } from "../schemas/Wallet"
import { Analytics } from "../services/Analytics"
import { BalanceService, type NativeBalance } from "../services/BalanceService"
import type { Identity } from "../services/BlockchainApi"
import {
  Connection,
  type ConnectionState,
  WALLET_CONNECT_ID,
  type WalletRequest
} from "../services/Connection"
import { Connectors, type WalletConnector } from "../services/Connectors"
import { type HistoryPage, HistoryService } from "../services/HistoryService"
import { IdentityService } from "../services/IdentityService"
import { ModalConfig } from "../services/ModalConfig"
import { ModalRouter, type RouteData, type RouterState } from "../services/ModalRouter"
import { Networks, type NetworksState } from "../services/Networks"
import { type Notice, Notifications } from "../services/Notifications"
import { OriginGuard } from "../services/OriginGuard"
import { Storage } from "../services/Storage"
import { Theme, type ThemeState } from "../services/Theme"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../services/WalletCatalog"
import { type PairingState, WalletConnect } from "../services/WalletConnect"
import { type Store, storeFromRef, valueStore } from "./store"

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
  /** Resolves to whether the wallet connected; a failure is in `connection`'s attempt. */
  readonly connect: (connectorId: string) => Promise<boolean>
  /** `connect`, settling with the failure itself (for the public handle). */
  readonly connectWith: (connectorId: string) => Promise<Result<void>>
  readonly cancelConnect: () => Promise<void>
  /**
   * A dapp's request to the connected wallet. A refused method opens the modal on its error, a declined
   * signature shows its toast (SPEC.md §8); either way the failure is in the result.
   */
  readonly request: (request: WalletRequest, namespace?: ChainNamespace) => Promise<Result<unknown>>
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
  /** Resolves to whether it switched; a failure is shown as a toast. */
  readonly switchNetwork: (caipNetworkId: CaipNetworkId) => Promise<Result<void>>
  readonly nativeBalance: (network: CaipNetwork, address: string) => Promise<Result<NativeBalance>>
  /** The connected account's tokens; a failure also shows 'Token Balance Unavailable'. */
  readonly tokenBalances: (
    network: CaipNetwork,
    address: string
  ) => Promise<Result<ReadonlyArray<TokenBalance>>>
  /** A page of activity; a failure also shows 'Failed to fetch transactions'. */
  readonly history: (network: CaipNetwork, address: string, cursor?: string) => Promise<Result<HistoryPage>>
  readonly identity: (address: string) => Promise<Identity | undefined>
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

/** The views that wait for a wallet's answer to a connection request. */
const CONNECTING_VIEWS: ReadonlySet<View> = new Set([
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic"
])

/** What a promise of the controller settles with when the view must show a failure itself. */
export type Result<A> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: Presentation; readonly cause: unknown }

/** What happened in the modal, for hosts (`useAirlockEvents`) and the provider's analytics. */
export interface ModalEvent {
  readonly timestamp: number
  readonly data: {
    readonly type: "track"
    readonly event: string
    readonly properties?: Readonly<Record<string, string | number | boolean>>
  }
}

export const makeController = (
  runtime: ManagedRuntime.ManagedRuntime<AirlockServices, never>
): ModalController => {
  const services = runtime.runSync(
    Effect.all({
      config: ModalConfig,
      router: ModalRouter,
      theme: Theme,
      notifications: Notifications,
      connection: Connection,
      networks: Networks,
      connectors: Connectors,
      balances: BalanceService,
      histories: HistoryService,
      identities: IdentityService,
      walletCatalog: WalletCatalog,
      analytics: Analytics,
      originGuard: OriginGuard,
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
    router,
    theme,
    notifications,
    connection,
    networks,
    connectors,
    balances,
    histories,
    identities,
    walletCatalog,
    analytics,
    originGuard,
    walletConnect,
    storage
  } = services
  const events = valueStore<ModalEvent | undefined>(undefined)
  const emit = (event: string, properties?: Readonly<Record<string, string | number | boolean>>) => {
    const data =
      properties === undefined
        ? { type: "track" as const, event }
        : { type: "track" as const, event, properties }
    events.set({ timestamp: Date.now(), data })
    runtime.runFork(analytics.track(data))
  }
  const isConnected = () => {
    const { namespaces } = runtime.runSync(SubscriptionRef.get(connection.state))
    return Object.values(namespaces).some((n) => n?.status === "connected")
  }
  // The allowed-origins check runs once, when the modal is first opened, in the background.
  let originChecked = false
  const checkOrigin = () => {
    if (originChecked) return
    originChecked = true
    runtime.runFork(Effect.catch(originGuard.check, notifications.showError))
  }

  /** Runs, and shows a failure the way the catalogue says. */
  const attemptShown = <A, E extends AirlockError>(effect: Effect.Effect<A, E>) =>
    attempt(Effect.tapError(effect, notifications.showError))
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

  const connectWith = (connectorId: string): Promise<Result<void>> =>
    attempt(
      connection.connect(connectorId).pipe(
        // Connected from a Connecting view: show the account (or UnsupportedChain, already routed).
        Effect.andThen(
          Effect.flatMap(SubscriptionRef.get(router.state), (s) =>
            s.open && CONNECTING_VIEWS.has(s.view) ? router.open("Account") : Effect.void
          )
        )
      )
    ).then((r) => {
      if (r._tag === "Success")
        emit("CONNECT_SUCCESS", { method: connectorId === WALLET_CONNECT_ID ? "qrcode" : "browser" })
      else
        emit(Predicate.isTagged(r.cause, "UserRejectedRequestError") ? "USER_REJECTED" : "CONNECT_ERROR", {
          message: r.error.message
        })
      return r
    })

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
    events,
    open: (view, data) => {
      checkOrigin()
      const opened = navigate(router.open(view, data))
      emit("MODAL_OPEN", { connected: isConnected() })
      return opened
    },
    close: (options) =>
      navigate(router.close(options)).then((closed) => {
        if (closed) emit("MODAL_CLOSE", { connected: isConnected() })
        return closed
      }),
    push: (view, data) => navigate(router.push(view, data)),
    replace: (view, data) => navigate(router.replace(view, data)),
    goBack: () => navigate(router.goBack),
    setThemeMode: (mode) => run(theme.setMode(mode)),
    setThemeVariables: (variables) => run(theme.setVariables(variables)),
    notify: (presentation) => run(notifications.show(presentation)),
    dismissNotice: (id) => run(notifications.dismiss(id)),
    connect: (connectorId) => connectWith(connectorId).then((r) => r._tag === "Success"),
    connectWith,
    cancelConnect: () => run(connection.cancel),
    request: (request, namespace) =>
      attempt(
        connection
          .request(request, namespace)
          .pipe(
            Effect.tapError((error) =>
              error._tag === "MethodNotAllowedError"
                ? Effect.andThen(router.open(), notifications.showError(error))
                : error._tag === "SignatureDeclinedError"
                  ? notifications.showError(error)
                  : Effect.void
            )
          )
      ),
    disconnect: (namespace) =>
      run(connection.disconnect(namespace)).then(() =>
        emit("DISCONNECT_SUCCESS", namespace === undefined ? {} : { namespace })
      ),
    switchNetwork: (caipNetworkId) =>
      attempt(connection.switchNetwork(caipNetworkId)).then(async (r) => {
        if (r._tag === "Failure") await run(notifications.show(r.error))
        else emit("SWITCH_NETWORK", { network: caipNetworkId })
        return r
      }),
    nativeBalance: (network, address) => attempt(balances.nativeBalance(network, address)),
    tokenBalances: (network, address) =>
      attemptShown(
        Effect.flatMap(connection.connected(network.chainNamespace), (wallet) =>
          balances.tokenBalances(
            network,
            address,
            Option.getOrUndefined(Option.map(wallet, (w) => w.connector.provider))
          )
        )
      ),
    history: (network, address, cursor) => attemptShown(histories.page(network, address, cursor)),
    identity: (address) => run(Effect.map(identities.identity(address), Option.getOrUndefined))
  }
}
