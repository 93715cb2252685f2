import type * as Effect from "effect/Effect"
import type * as ManagedRuntime from "effect/ManagedRuntime"
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
import type { AccountDataShape, Loadable, Nft, Paged, RetryableDatum } from "../../../services/AccountData"
import type { NativeBalance } from "../../../services/BalanceService"
import type { ConnectionState } from "../../../services/Connection"
import type { NetworksState } from "../../../services/Networks"
import type { TrackedTransaction } from "../../../services/TransactionWatcher"
import { arrayEqual, combineStores, mapStore, type Store, storeFromRef } from "./store"

/** The connected account's data as stores (a failure as the service's typed error), and its commands as promises. */
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
}

/** Runs what the port needs on the modal's runtime. */
export type PortRunner = Pick<
  ManagedRuntime.ManagedRuntime<never, never>,
  "runSync" | "runFork" | "runPromise"
>

export const makeAccountDataPort = (runtime: PortRunner, service: AccountDataShape): AccountDataPort => {
  const run = (effect: Effect.Effect<void>) => runtime.runPromise(effect)
  const same = <A>(a: A) => a
  return {
    nativeBalance: storeFromRef(runtime, service.nativeBalance, same),
    tokens: storeFromRef(runtime, service.tokens, same),
    nfts: storeFromRef(runtime, service.nfts, same),
    activity: storeFromRef(runtime, service.activity, same),
    identity: storeFromRef(runtime, service.identity, same),
    sent: storeFromRef(runtime, service.sent, same),
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
