import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { BalanceUnavailableError, HistoryFetchError } from "../../../errors"
import { accountActions } from "../../../layers/account/accountActions"
import { visitorTimeZone } from "../../../layers/flows/onramp/buyRegions"
import { activeId } from "../../../layers/networks/activeNetwork"
import type { AccountAction } from "../../../Modal"
import type { TokenBalance } from "../../../schemas/Balance"
import type { Identity } from "../../../schemas/Identity"
import type { ModalOptions } from "../../../schemas/ModalOptions"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import type { Transaction } from "../../../schemas/Transaction"
import type {
  AccountDataShape,
  AccountDatum,
  Loadable,
  Nft,
  Paged,
  RetryableDatum
} from "../../../services/AccountData"
import type { NativeBalance } from "../../../services/BalanceService"
import type { ConnectionState } from "../../../services/Connection"
import type { NetworksState } from "../../../services/Networks"
import type { TrackedTransaction } from "../../../services/TransactionWatcher"
import { arrayEqual, combineStores, mapStore, type Store, storeFromRef } from "./store"

/**
 * The connected account's data as stores (a failure as the service's typed error), and its commands as
 * promises. A datum's store shows the datum while anyone listens to it (a mounted view, a host's
 * subscription): the service loads only what is shown.
 */
export interface AccountDataPort {
  readonly nativeBalance: Store<Loadable<NativeBalance, BalanceUnavailableError>>
  readonly tokens: Store<Loadable<ReadonlyArray<TokenBalance>, BalanceUnavailableError>>
  readonly nfts: Store<Loadable<Paged<Nft>, HistoryFetchError>>
  readonly activity: Store<Loadable<Paged<Transaction>, HistoryFetchError>>
  readonly identity: Store<Loadable<Identity | undefined>>
  /** Sends through Airlock the activity does not list yet, newest first. */
  readonly sent: Store<ReadonlyArray<TrackedTransaction>>
  readonly loadMoreActivity: () => Promise<void>
  readonly loadMoreNfts: () => Promise<void>
  readonly retry: (datum: RetryableDatum) => Promise<void>
  readonly refresh: () => Promise<void>
  /**
   * Stores of nothing that show a datum while listened to: for a view that shows the datum through
   * another service (the Send form's tokens, through its flow).
   */
  readonly shown: Readonly<Record<AccountDatum, Store<void>>>
}

/** Runs what the port needs on the modal's runtime. */
export type PortRunner = Pick<
  ManagedRuntime.ManagedRuntime<never, never>,
  "runSync" | "runFork" | "runPromise"
>

const nothing: Store<void> = { get: () => undefined, subscribe: () => () => {} }

/** `store`, holding `demand` from its first listener's subscription to its last one's unsubscription. */
export const holding = <A>(
  runtime: PortRunner,
  store: Store<A>,
  demand: Effect.Effect<void, never, Scope.Scope>
): Store<A> => {
  let listeners = 0
  let held: Fiber.Fiber<never> | undefined
  return {
    get: store.get,
    subscribe: (listener) => {
      const stop = store.subscribe(listener)
      listeners += 1
      held ??= runtime.runFork(Effect.scoped(Effect.andThen(demand, Effect.never)))
      let subscribed = true
      return () => {
        if (!subscribed) return
        subscribed = false
        stop()
        listeners -= 1
        if (listeners > 0 || held === undefined) return
        runtime.runFork(Fiber.interrupt(held))
        held = undefined
      }
    }
  }
}

export const makeAccountDataPort = (runtime: PortRunner, service: AccountDataShape): AccountDataPort => {
  const run = (effect: Effect.Effect<void>) => runtime.runPromise(effect)
  const same = <A>(a: A) => a
  const shows = <A>(datum: AccountDatum, ref: SubscriptionRef.SubscriptionRef<A>) =>
    holding(runtime, storeFromRef(runtime, ref, same), service.demand(datum))
  const shownAlone = (datum: AccountDatum) => holding(runtime, nothing, service.demand(datum))
  return {
    nativeBalance: shows("nativeBalance", service.nativeBalance),
    tokens: shows("tokens", service.tokens),
    nfts: shows("nfts", service.nfts),
    activity: shows("activity", service.activity),
    identity: shows("identity", service.identity),
    sent: storeFromRef(runtime, service.sent, same),
    shown: {
      identity: shownAlone("identity"),
      nativeBalance: shownAlone("nativeBalance"),
      tokens: shownAlone("tokens"),
      activity: shownAlone("activity"),
      nfts: shownAlone("nfts")
    },
    loadMoreActivity: () => run(service.loadMoreActivity),
    loadMoreNfts: () => run(service.loadMoreNfts),
    retry: (datum) => run(service.retry(datum)),
    refresh: () => run(service.refresh)
  }
}

/**
 * What the Account view offers the active namespace's account, in order: what it renders and hosts read.
 * `smartAccountNetworks`: where the embedded wallet's frame offers its smart account; `embeddedEmail`:
 * whether its login has an email to update.
 */
export const makeAccountActions = (
  config: ModalOptions,
  connection: Store<ConnectionState>,
  networks: Store<NetworksState>,
  identity: Store<Loadable<Identity | undefined>>,
  smartAccountNetworks: Store<ReadonlyArray<CaipNetworkId>>,
  embeddedEmail: Store<boolean>
): Store<ReadonlyArray<AccountAction>> =>
  mapStore(
    combineStores(
      combineStores(combineStores(combineStores(connection, networks), identity), smartAccountNetworks),
      embeddedEmail
    ),
    ([[[[{ namespaces }, { activeNamespace, active }], id], smartAccountIds], hasEmail]) => {
      const account = namespaces[activeNamespace]
      const network = active[activeNamespace]
      return accountActions({
        features: config.features,
        connected: account?.status === "connected" ? activeNamespace : undefined,
        timeZone: visitorTimeZone(),
        named: id._tag === "Ready" ? id.value?.name !== undefined : undefined,
        embedded: account?.status === "connected" && account.connector.type === "AUTH",
        embeddedEmail: hasEmail,
        networkSwitch: config.enableNetworkSwitch,
        smartAccountHere: network !== undefined && smartAccountIds.includes(activeId(network))
      })
    },
    arrayEqual(Object.is)
  )
