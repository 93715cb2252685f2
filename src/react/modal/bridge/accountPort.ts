import type * as Effect from "effect/Effect"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { BalanceUnavailableError, HistoryFetchError } from "../../../errors"
import type { TokenBalance } from "../../../schemas/Balance"
import type { Identity } from "../../../schemas/Identity"
import type { Transaction } from "../../../schemas/Transaction"
import type { AccountDataShape, Loadable, Nft, Paged, RetryableDatum } from "../../../services/AccountData"
import type { NativeBalance } from "../../../services/BalanceService"
import type { TrackedTransaction } from "../../../services/TransactionWatcher"
import { type Store, storeFromRef } from "./store"

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
