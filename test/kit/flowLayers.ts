/**
 * The owners that act on the connection (ModalEvents, RpcRouter, ModalFlow), for tests of behaviour that
 * moved out of `Connection`: routing after a connect or a chain change, closing the modal cancelling a
 * connect, disconnecting closing the modal, switching networks and requests. What those owners need and no
 * such test exercises is faked: a transaction watcher that tracks nothing, account data that loads nothing,
 * an origin check that passes, chains that answer no read.
 */

import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ChainNotConfiguredError } from "../../src/errors"
import { ModalFlowLive } from "../../src/layers/flow/ModalFlowLive"
import { LocaleLive } from "../../src/layers/locale/LocaleLive"
import { ModalEventsLive } from "../../src/layers/modal/ModalEventsLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NotificationsLive } from "../../src/layers/modal/NotificationsLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { RpcRouterLive } from "../../src/layers/requests/RpcRouterLive"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { AccountData, type AccountDataShape } from "../../src/services/AccountData"
import {
  Connection,
  type ConnectionShape,
  type ConnectionState,
  type NamespaceConnection
} from "../../src/services/Connection"
import type { WalletConnector } from "../../src/services/Connectors"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Names, type NamesState } from "../../src/services/Names"
import { Onramp, type OnrampState } from "../../src/services/Onramp"
import { OriginGuard } from "../../src/services/OriginGuard"
import { Pay, type PayState } from "../../src/services/Pay"
import { Send, type SendState } from "../../src/services/Send"
import { SignIn, type SignInState } from "../../src/services/SignIn"
import { Swap, type SwapState } from "../../src/services/Swap"
import { type TrackedTransaction, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../../src/services/WalletCatalog"
import { EMPTY_CATALOG } from "../../src/testing/catalogStates"

/** Notifications in the language of the options (`locale`, English by default), with that Locale. */
export const localeNotifications = NotificationsLive.pipe(Layer.provideMerge(LocaleLive))

/**
 * What RpcRouter and ModalFlow run on besides chains and wallet: storage, router, events, notifications and
 * the language they speak.
 */
export const modalCore = (config: ModalConfig["Service"]) =>
  Layer.mergeAll(StorageLive, ModalRouterLive, ModalEventsLive, localeNotifications).pipe(
    Layer.provideMerge(Layer.merge(Layer.succeed(ModalConfig, config), KeyValueStore.layerMemory))
  )

/** A watcher with no transactions that never settles one; a fresh one for each build. */
export const idleTransactionWatcher: Layer.Layer<TransactionWatcher> = Layer.effect(
  TransactionWatcher,
  Effect.gen(function* () {
    const settled = yield* PubSub.unbounded<TrackedTransaction>()
    return TransactionWatcher.of({
      transactions: yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([]),
      track: () => Effect.void,
      waitForReceipt: () => Effect.die("waitForReceipt is not faked"),
      settled: PubSub.subscribe(settled)
    })
  })
)

/** What one of AccountData's refs holds. */
type Held<K extends keyof AccountDataShape> =
  AccountDataShape[K] extends SubscriptionRef.SubscriptionRef<infer A> ? A : never

const idle = <K extends keyof AccountDataShape>() =>
  SubscriptionRef.make<Held<K>>({ _tag: "Idle" } as Held<K>)

/** Account data that never loads: every datum stays Idle and refreshing does nothing. */
export const idleAccountData: Layer.Layer<AccountData> = Layer.effect(
  AccountData,
  Effect.gen(function* () {
    return AccountData.of({
      nativeBalance: yield* idle<"nativeBalance">(),
      tokens: yield* idle<"tokens">(),
      nfts: yield* idle<"nfts">(),
      activity: yield* idle<"activity">(),
      identity: yield* idle<"identity">(),
      sent: yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([]),
      loadMoreActivity: Effect.void,
      loadMoreNfts: Effect.void,
      retry: () => Effect.void,
      refresh: Effect.void,
      demand: () => Effect.void
    })
  })
)

/** A wallet listing that never loads anything (its `load` does nothing). */
export const idleCatalog: Layer.Layer<WalletCatalog> = Layer.effect(
  WalletCatalog,
  Effect.gen(function* () {
    const state = yield* SubscriptionRef.make<CatalogState>(EMPTY_CATALOG)
    const search = yield* SubscriptionRef.make<CatalogSearchState>({
      query: "",
      results: [],
      status: { _tag: "Idle" }
    })
    return WalletCatalog.of({
      state,
      search,
      load: Effect.void,
      loadNextPage: Effect.void,
      setQuery: () => Effect.void
    })
  })
)

/** No name is being registered. */
export const idleNames: Layer.Layer<Names> = Layer.effect(
  Names,
  Effect.map(SubscriptionRef.make<NamesState>({ _tag: "Idle" }), (state) =>
    Names.of({ state, start: Effect.void, edit: () => Effect.void, register: Effect.void })
  )
)

/** No payment is asked for: ModalFlow reads its state, which these tests never move. */
export const idlePay: Layer.Layer<Pay> = Layer.unwrap(
  Effect.map(SubscriptionRef.make<PayState>({ _tag: "Idle" }), (state) => Layer.mock(Pay)({ state }))
)

/** Send, Swap, Buy and Pay as nobody starts them: ModalFlow opens their views, which these tests never do. */
export const idleFlows: Layer.Layer<Send | Swap | Onramp | Pay> = Layer.mergeAll(
  idlePay,
  Layer.unwrap(
    Effect.map(SubscriptionRef.make<SendState>({ _tag: "Idle" }), (state) =>
      Layer.mock(Send)({ state, start: Effect.void })
    )
  ),
  Layer.unwrap(
    Effect.map(SubscriptionRef.make<SwapState>({ _tag: "Idle" }), (state) =>
      Layer.mock(Swap)({ state, start: Effect.void })
    )
  ),
  Layer.unwrap(
    Effect.map(SubscriptionRef.make<OnrampState>({ _tag: "Idle" }), (state) =>
      Layer.mock(Onramp)({ state, start: Effect.void })
    )
  )
)

/** Sign-in off: it stays Idle and its commands do nothing. */
export const idleSignIn: Layer.Layer<SignIn> = Layer.effect(
  SignIn,
  Effect.map(SubscriptionRef.make<SignInState>({ _tag: "Idle" }), (state) =>
    SignIn.of({ state, sign: Effect.void, cancel: Effect.void, pairingSignIn: Effect.succeed(undefined) })
  )
)

/** No chain answers a read: a preview's simulation reads "not simulated". */
export const unansweredChains: Layer.Layer<FallbackTransport> = Layer.succeed(
  FallbackTransport,
  FallbackTransport.of({
    request: () => Effect.fail(new ChainNotConfiguredError({})),
    ranking: () => Effect.die("unused")
  })
)

/** The page's origin is allowed: no request to the provider. */
export const allowedOrigin: Layer.Layer<OriginGuard> = Layer.succeed(
  OriginGuard,
  OriginGuard.of({ check: Effect.void })
)

/**
 * ModalEventsLive, NotificationsLive, RpcRouterLive and ModalFlowLive, with the fakes above, over `below`,
 * which must hold ModalConfig, ModalRouter, Connection, Networks, WalletConnect and EmailLogin; the result
 * keeps what `below` holds. `flows`: the form flows (by default, nobody starts them).
 */
export const withFlow = <A, E, R>(
  below: Layer.Layer<A, E, R>,
  flows: Layer.Layer<Send | Swap | Onramp | Names> = Layer.merge(idleFlows, idleNames)
) => {
  const support = Layer.mergeAll(
    ModalEventsLive,
    localeNotifications,
    idleTransactionWatcher,
    idleAccountData,
    idleSignIn,
    flows,
    idlePay,
    idleCatalog,
    allowedOrigin,
    unansweredChains
  )
  // Notifications' Locale reads the options `below` holds.
  const requests = RpcRouterLive.pipe(Layer.provideMerge(support.pipe(Layer.provideMerge(below))))
  return ModalFlowLive.pipe(Layer.provideMerge(requests))
}

/** Connection over `state`, which only the test moves: connecting and cancelling do nothing. */
export const connectionOver = (
  state: SubscriptionRef.SubscriptionRef<ConnectionState>,
  disconnect: ConnectionShape["disconnect"],
  connected: ConnectionShape["connected"]
) =>
  Effect.map(SubscriptionRef.make<ReadonlyArray<RecentWallet>>([]), (recentWallets) =>
    Connection.of({
      state,
      recentWallets,
      connect: () => Effect.void,
      cancel: Effect.void,
      disconnect,
      connected
    })
  )

/**
 * A connection that stays as built: `connector` connected on eip155 as `address`, or nothing connected.
 * Connecting, cancelling and disconnecting do nothing.
 */
export const fixedConnection = (
  wallet?:
    | {
        readonly connector: WalletConnector
        readonly address: string
        readonly accountType?: "eoa" | "smartAccount"
      }
    | undefined
): Layer.Layer<Connection> =>
  Layer.effect(
    Connection,
    Effect.gen(function* () {
      const connected: Extract<NamespaceConnection, { status: "connected" }> | undefined =
        wallet === undefined
          ? undefined
          : {
              status: "connected",
              connector: wallet.connector,
              address: wallet.address,
              allAccounts: [wallet.address],
              accountType: wallet.accountType ?? "eoa"
            }
      const state = yield* SubscriptionRef.make<ConnectionState>({
        namespaces: connected === undefined ? {} : { eip155: connected },
        attempt: undefined
      })
      return yield* connectionOver(
        state,
        () => Effect.void,
        (ns) =>
          Effect.succeed(ns === "eip155" && connected !== undefined ? Option.some(connected) : Option.none())
      )
    })
  )
