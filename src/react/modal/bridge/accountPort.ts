import type * as Effect from "effect/Effect"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { AirlockError } from "../../../errors"
import { type Presentation, present } from "../../../presentation"
import type { TokenBalance } from "../../../schemas/Balance"
import type { Identity } from "../../../schemas/Identity"
import type { Transaction } from "../../../schemas/Transaction"
import type { AccountDataShape, Loadable, Nft, Paged, RetryableDatum } from "../../../services/AccountData"
import type { NativeBalance } from "../../../services/BalanceService"
import type { TrackedTransaction } from "../../../services/TransactionWatcher"
import { type Store, storeFromRef } from "./store"

/** A datum as views read it: a failure comes as the catalogue presents it, never as an Effect error. */
export type Shown<A> = Loadable<A, Presentation>

/** The connected account's data as stores, and its commands as promises. */
export interface AccountDataPort {
  readonly nativeBalance: Store<Shown<NativeBalance>>
  readonly tokens: Store<Shown<ReadonlyArray<TokenBalance>>>
  readonly nfts: Store<Shown<Paged<Nft>>>
  readonly activity: Store<Shown<Paged<Transaction>>>
  readonly identity: Store<Shown<Identity | undefined>>
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

/**
 * A failure presented once per failed state, so a snapshot keeps its identity while its source does
 * (`useSyncExternalStore` asks for the same object until something changed).
 */
const presented = <A, E extends AirlockError>() => {
  let last: { readonly from: Loadable<A, E>; readonly shown: Shown<A> } | undefined
  return (state: Loadable<A, E>): Shown<A> => {
    if (state._tag !== "Failed") return state
    if (last?.from !== state) last = { from: state, shown: { _tag: "Failed", error: present(state.error) } }
    return last.shown
  }
}

export const makeAccountDataPort = (runtime: PortRunner, service: AccountDataShape): AccountDataPort => {
  const run = (effect: Effect.Effect<void>) => runtime.runPromise(effect)
  return {
    nativeBalance: storeFromRef(runtime, service.nativeBalance, presented()),
    tokens: storeFromRef(runtime, service.tokens, presented()),
    nfts: storeFromRef(runtime, service.nfts, presented()),
    activity: storeFromRef(runtime, service.activity, presented()),
    identity: storeFromRef(runtime, service.identity, presented()),
    sent: storeFromRef(runtime, service.sent, (list) => list),
    loadMoreActivity: () => run(service.loadMoreActivity),
    loadMoreNfts: () => run(service.loadMoreNfts),
    retry: (datum) => run(service.retry(datum)),
    refresh: () => run(service.refresh)
  }
}
