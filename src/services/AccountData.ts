import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { BalanceUnavailableError, HistoryFetchError } from "../errors"
import type { TokenBalance } from "../schemas/Balance"
import type { Identity } from "../schemas/Identity"
import type { Transaction } from "../schemas/Transaction"
import type { NativeBalance } from "./BalanceService"
import type { TrackedTransaction } from "./TransactionWatcher"

/** A datum that arrives later: nothing to load, on its way, here, or failed with its typed error. */
export type Loadable<A, E = never> =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Ready"; readonly value: A }
  | { readonly _tag: "Failed"; readonly error: E }

/** A list read a page at a time. */
export interface Paged<A> {
  readonly items: ReadonlyArray<A>
  /** The source has more after `items`. */
  readonly hasMore: boolean
  /** The next pages are on their way. */
  readonly loadingMore: boolean
}

/** A collectible the account received; both fields were made safe when the activity was decoded. */
export interface Nft {
  /** "NFT" when the collectible has no readable name. */
  readonly name: string
  readonly preview: string | undefined
}

/** The data a visitor can ask to load again after a failure. */
export type RetryableDatum = "nativeBalance" | "tokens" | "nfts" | "activity"

/** A datum a view shows or a host asks for; each loads only while someone does. */
export type AccountDatum = RetryableDatum | "identity"

export interface AccountDataShape {
  /** Idle while no account is connected or its network is not configured. */
  readonly nativeBalance: SubscriptionRef.SubscriptionRef<Loadable<NativeBalance, BalanceUnavailableError>>
  /** A failure also shows 'Token Balance Unavailable' (SPEC.md §8). */
  readonly tokens: SubscriptionRef.SubscriptionRef<
    Loadable<ReadonlyArray<TokenBalance>, BalanceUnavailableError>
  >
  /**
   * Collectibles received, read from the activity up to 10 pages at a time and shown once those pages are
   * in. A failure empties the list and shows 'Failed to fetch transactions'.
   */
  readonly nfts: SubscriptionRef.SubscriptionRef<Loadable<Paged<Nft>, HistoryFetchError>>
  /** Newest first. A failure of any page empties the list and shows 'Failed to fetch transactions'. */
  readonly activity: SubscriptionRef.SubscriptionRef<Loadable<Paged<Transaction>, HistoryFetchError>>
  /**
   * The account's sends through Airlock on the active network that `activity` does not list yet, newest
   * first: shown pending at once, then confirmed or failed, until the history has them.
   */
  readonly sent: SubscriptionRef.SubscriptionRef<ReadonlyArray<TrackedTransaction>>
  /** Name and avatar; `undefined` when the address has none (names are EVM only). Never fails. */
  readonly identity: SubscriptionRef.SubscriptionRef<Loadable<Identity | undefined>>
  /**
   * Declares `datum` shown (a view that shows it is mounted) or asked for (a host listens to what it
   * decides), for the life of the scope. Only demanded data loads, once per account: with nothing
   * demanded an account change starts no request; a datum demanded later loads then (a value already
   * loaded for the account stays), and a load no longer demanded stops after a short linger (a view
   * mounted again within it finds it still on its way).
   */
  readonly demand: (datum: AccountDatum) => Effect.Effect<void, never, Scope.Scope>
  /** Appends the next page of activity; does nothing unless `activity` is ready with more to read. */
  readonly loadMoreActivity: Effect.Effect<void>
  /** Reads the next pages (10 at most) for collectibles; does nothing unless `nfts` is ready with more. */
  readonly loadMoreNfts: Effect.Effect<void>
  /**
   * Loads a failed datum again; does nothing unless it failed. Balances go through the balance cache,
   * which keeps a failure for 30 s (SPEC.md §8: retry only after 30 s).
   */
  readonly retry: (datum: RetryableDatum) => Effect.Effect<void>
  /**
   * Reloads the native balance, the tokens (past the balance cache), the identity (through its cache) and
   * the first page of activity, e.g. once a transaction is confirmed. The balances on screen stay until the new ones arrive; activity
   * restarts at its first page. Only demanded data reloads now; the rest reloads when next demanded.
   */
  readonly refresh: Effect.Effect<void>
}

/**
 * The connected account's balance, tokens, NFTs, activity and identity, for the active namespace and
 * network, each loaded while demanded. A change of account or network interrupts the loads of the
 * previous one at once, so its late answers never show, and the new one's loads start once the changes
 * settle: a burst of changes (accounts switched in a row, an account and its network) loads once.
 *
 * @since 0.1.0
 * @category tags
 */
export class AccountData extends Context.Service<AccountData, AccountDataShape>()("@airlock/AccountData") {}
