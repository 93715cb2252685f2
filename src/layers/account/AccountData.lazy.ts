import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as FiberMap from "effect/FiberMap"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { HistoryFetchError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import type { Transaction } from "../../schemas/Transaction"
import type { AccountDataShape, Loadable, Nft, Paged, RetryableDatum } from "../../services/AccountData"
import { BalanceService } from "../../services/BalanceService"
import { Connection } from "../../services/Connection"
import { type HistoryPage, HistoryService } from "../../services/HistoryService"
import { IdentityService } from "../../services/IdentityService"
import { ModalConfig } from "../../services/ModalConfig"
import { Networks } from "../../services/Networks"
import { Notifications } from "../../services/Notifications"
import { TransactionWatcher } from "../../services/TransactionWatcher"
import { type FollowedAccount, followedAccount, sameAccount, sameAddress } from "./followedAccount"
import { unlistedSends } from "./sentActivity"

/** Pages of activity one NFT load reads at most: collectibles can sit on any page. */
export const NFT_PAGES = 10

type OnKnownNetwork = FollowedAccount & { readonly network: CaipNetwork }

const nftKey = (nft: Nft) => `${nft.name}|${nft.preview ?? ""}`

/** `found` and the collectibles `transactions` brought in (not sent away), each name and preview once. */
export const withNftsOf = (
  found: ReadonlyArray<Nft>,
  transactions: ReadonlyArray<Transaction>
): ReadonlyArray<Nft> => {
  const byKey = new Map(found.map((nft) => [nftKey(nft), nft]))
  for (const transaction of transactions) {
    for (const transfer of transaction.transfers) {
      if (transfer.nft_info === undefined || transfer.direction === "out") continue
      const nft: Nft = {
        name: transfer.nft_info.name ?? "NFT",
        preview: transfer.nft_info.content?.preview?.url
      }
      if (!byKey.has(nftKey(nft))) byKey.set(nftKey(nft), nft)
    }
  }
  return [...byKey.values()]
}

const IDLE = { _tag: "Idle" } as const
const sameItems = <A>(a: ReadonlyArray<A>, b: ReadonlyArray<A>) =>
  a.length === b.length && a.every((item, index) => item === b[index])
const LOADING = { _tag: "Loading" } as const
const ready = <A>(value: A) => ({ _tag: "Ready", value }) as const
const failed = <E>(error: E) => ({ _tag: "Failed", error }) as const
const pageOf = <A>(items: ReadonlyArray<A>, cursor: string | undefined): Paged<A> => ({
  items,
  hasMore: cursor !== undefined,
  loadingMore: false
})

type Datum = RetryableDatum | "identity"
const ON_NETWORK: ReadonlyArray<Datum> = ["nativeBalance", "tokens", "nfts", "activity"]

/** Where the next page of activity, and of the NFT walk, starts; undefined after the last one. */
interface Cursors {
  readonly activity: string | undefined
  readonly nfts: string | undefined
}
const NO_CURSORS: Cursors = { activity: undefined, nfts: undefined }

/** The data `AccountDataLive` shows; the loads below fill it. */
export type AccountDataState = Pick<
  AccountDataShape,
  "nativeBalance" | "tokens" | "nfts" | "activity" | "identity" | "sent"
>

/** AccountData's commands, loaded with the first connected account. */
export type AccountLoads = Pick<AccountDataShape, "loadMoreActivity" | "loadMoreNfts" | "retry" | "refresh">

/**
 * Follows the connected account from the current one on, filling `state`: loads start when an account
 * appears, and a change of account or network interrupts the loads of the previous one. With
 * `features.history` off, the history is never asked for: activity and NFTs stay idle.
 */
export const makeAccountLoads = (state: AccountDataState) =>
  Effect.gen(function* () {
    const { history } = (yield* ModalConfig).features
    const connection = yield* Connection
    const networks = yield* Networks
    const balances = yield* BalanceService
    const histories = yield* HistoryService
    const identities = yield* IdentityService
    const notifications = yield* Notifications
    const watcher = yield* TransactionWatcher

    const { nativeBalance, tokens, nfts, activity, identity } = state
    const cursors = yield* Ref.make(NO_CURSORS)
    const current = yield* Ref.make<FollowedAccount | undefined>(undefined)
    // One load per datum; the map's scope is the layer's, so closing the modal stops them all.
    const loads = yield* FiberMap.make<Datum>()
    // Account changes and commands take turns: a command never starts a load for an account just left.
    const turn = yield* Semaphore.make(1)
    const inTurn = turn.withPermits(1)

    /**
     * Stops the datum's load (waiting until it has), shows `meanwhile`, then starts `load`. A state that is
     * Ready (and not loading more) or Failed has no load running, which is what the commands rely on.
     */
    const restart = (datum: Datum, meanwhile: Effect.Effect<void>, load: Effect.Effect<void>) =>
      FiberMap.remove(loads, datum).pipe(
        Effect.andThen(meanwhile),
        Effect.andThen(FiberMap.run(loads, datum, load))
      )

    const settle = <A, E>(
      ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>,
      effect: Effect.Effect<A, E>,
      onFailure: (error: E) => Effect.Effect<void>
    ) =>
      Effect.matchEffect(effect, {
        onSuccess: (value) => SubscriptionRef.set(ref, ready(value)),
        onFailure: (error) => Effect.andThen(onFailure(error), SubscriptionRef.set(ref, failed(error)))
      })

    // SPEC.md §8: the native balance says its failure in place; the tokens' failure is also a toast.
    const loadNative = (account: OnKnownNetwork) =>
      settle(nativeBalance, balances.nativeBalance(account.network, account.address), () => Effect.void)
    const loadTokens = (account: OnKnownNetwork) =>
      settle(
        tokens,
        balances.tokenBalances(account.network, account.address, account.wallet),
        notifications.showError
      )
    const loadIdentity = (account: FollowedAccount) =>
      Effect.flatMap(identities.identity(account.address), (found) =>
        SubscriptionRef.set(identity, ready(Option.getOrUndefined(found)))
      )

    const firstPage = (account: OnKnownNetwork) => histories.page(account.network, account.address)
    const historyFailed =
      <A>(ref: SubscriptionRef.SubscriptionRef<Loadable<Paged<A>, HistoryFetchError>>) =>
      (error: HistoryFetchError) =>
        Effect.andThen(notifications.showError(error), SubscriptionRef.set(ref, failed(error)))

    /** A page's state and the cursor after it change together. */
    const showPage = <A>(
      ref: SubscriptionRef.SubscriptionRef<Loadable<Paged<A>, HistoryFetchError>>,
      which: keyof Cursors,
      items: ReadonlyArray<A>,
      cursor: string | undefined
    ) =>
      Effect.uninterruptible(
        Effect.andThen(
          Ref.update(cursors, (all) => ({ ...all, [which]: cursor })),
          SubscriptionRef.set(ref, ready(pageOf(items, cursor)))
        )
      )

    const loadActivity = (
      before: ReadonlyArray<Transaction>,
      page: Effect.Effect<HistoryPage, HistoryFetchError>
    ) =>
      Effect.matchEffect(page, {
        onSuccess: (read) => showPage(activity, "activity", [...before, ...read.transactions], read.next),
        onFailure: historyFailed(activity)
      })

    /** Reads from `page` on, at most `pagesLeft` pages, collecting the collectibles received. */
    const walkNfts = (
      account: OnKnownNetwork,
      found: ReadonlyArray<Nft>,
      page: Effect.Effect<HistoryPage, HistoryFetchError>,
      pagesLeft: number
    ): Effect.Effect<
      { readonly found: ReadonlyArray<Nft>; readonly cursor: string | undefined },
      HistoryFetchError
    > =>
      Effect.flatMap(page, (read) => {
        const all = withNftsOf(found, read.transactions)
        return read.next === undefined || pagesLeft <= 1
          ? Effect.succeed({ found: all, cursor: read.next })
          : walkNfts(account, all, histories.page(account.network, account.address, read.next), pagesLeft - 1)
      })

    const loadNfts = (
      account: OnKnownNetwork,
      before: ReadonlyArray<Nft>,
      page: Effect.Effect<HistoryPage, HistoryFetchError>
    ) =>
      Effect.matchEffect(walkNfts(account, before, page, NFT_PAGES), {
        onSuccess: (walked) => showPage(nfts, "nfts", walked.found, walked.cursor),
        onFailure: historyFailed(nfts)
      })

    const follow = (next: FollowedAccount | undefined) =>
      inTurn(
        Effect.gen(function* () {
          const previous = yield* Ref.getAndSet(current, next)
          // Only the network changed: the name stays.
          const keepIdentity = previous !== undefined && next !== undefined && sameAddress(previous, next)
          const leaving = keepIdentity ? ON_NETWORK : [...ON_NETWORK, "identity" as const]
          yield* Effect.forEach(leaving, (datum) => FiberMap.remove(loads, datum), { discard: true })
          yield* Ref.set(cursors, NO_CURSORS)
          if (!keepIdentity) {
            if (next === undefined) yield* SubscriptionRef.set(identity, IDLE)
            else yield* restart("identity", SubscriptionRef.set(identity, LOADING), loadIdentity(next))
          }
          const network = next?.network
          if (next === undefined || network === undefined) {
            yield* Effect.all(
              [
                SubscriptionRef.set(nativeBalance, IDLE),
                SubscriptionRef.set(tokens, IDLE),
                SubscriptionRef.set(nfts, IDLE),
                SubscriptionRef.set(activity, IDLE)
              ],
              { discard: true }
            )
            return
          }
          const account: OnKnownNetwork = { ...next, network }
          // Activity and the NFT walk start from the same first page: one request, shared.
          const first = yield* Effect.cached(firstPage(account))
          yield* restart("nativeBalance", SubscriptionRef.set(nativeBalance, LOADING), loadNative(account))
          yield* restart("tokens", SubscriptionRef.set(tokens, LOADING), loadTokens(account))
          if (!history) return
          yield* restart("activity", SubscriptionRef.set(activity, LOADING), loadActivity([], first))
          yield* restart("nfts", SubscriptionRef.set(nfts, LOADING), loadNfts(account, [], first))
        })
      )

    /** Runs `begin` in turn for the account on its known network, then waits for the loads it started. */
    const command = (begin: (account: OnKnownNetwork) => Effect.Effect<ReadonlyArray<Fiber.Fiber<void>>>) =>
      inTurn(
        Effect.flatMap(Ref.get(current), (account) => {
          const network = account?.network
          return account === undefined || network === undefined
            ? Effect.succeed([])
            : begin({ ...account, network })
        })
      ).pipe(Effect.flatMap(Fiber.awaitAll), Effect.asVoid)

    const retryIfFailed = <A, E>(
      datum: RetryableDatum,
      ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>,
      load: Effect.Effect<void>
    ) =>
      Effect.flatMap(SubscriptionRef.get(ref), (state) =>
        state._tag === "Failed"
          ? Effect.map(restart(datum, SubscriptionRef.set(ref, LOADING), load), (fiber) => [fiber])
          : Effect.succeed([])
      )

    /** Reloads the datum; a value on screen stays until the new one replaces it. */
    const reload = <A, E>(
      datum: RetryableDatum,
      ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>,
      load: Effect.Effect<void>
    ) =>
      restart(
        datum,
        SubscriptionRef.update(ref, (state) => (state._tag === "Ready" ? state : LOADING)),
        load
      )

    /** Marks the paged datum as loading more and starts `load`, when it is ready with more to read. */
    const loadMore = <A>(
      datum: "activity" | "nfts",
      ref: SubscriptionRef.SubscriptionRef<Loadable<Paged<A>, HistoryFetchError>>,
      load: (before: ReadonlyArray<A>, cursor: string) => Effect.Effect<void>
    ) =>
      Effect.gen(function* () {
        const state = yield* SubscriptionRef.get(ref)
        const cursor = (yield* Ref.get(cursors))[datum]
        if (state._tag !== "Ready" || state.value.loadingMore || cursor === undefined) return []
        const marked = SubscriptionRef.set(ref, ready({ ...state.value, loadingMore: true }))
        return [yield* restart(datum, marked, load(state.value.items, cursor))]
      })

    const accounts = Stream.zipLatest(
      SubscriptionRef.changes(connection.state),
      SubscriptionRef.changes(networks.state)
    ).pipe(
      Stream.map(([connections, active]) => followedAccount(connections, active)),
      Stream.changesWith(sameAccount)
    )
    yield* accounts.pipe(Stream.runForEach(follow), Effect.forkScoped)

    // Sends show in Activity at once, from the watcher, until the history lists them.
    yield* Stream.zipLatest(
      Stream.zipLatest(accounts, SubscriptionRef.changes(watcher.transactions)),
      SubscriptionRef.changes(activity)
    ).pipe(
      Stream.map(([[account, tracked], listed]) =>
        unlistedSends(tracked, account, listed._tag === "Ready" ? listed.value.items : [])
      ),
      Stream.changesWith(sameItems),
      Stream.runForEach((list) => SubscriptionRef.set(state.sent, list)),
      Effect.forkScoped
    )

    return {
      loadMoreActivity: command((account) =>
        loadMore("activity", activity, (before, cursor) =>
          loadActivity(before, histories.page(account.network, account.address, cursor))
        )
      ),
      loadMoreNfts: command((account) =>
        loadMore("nfts", nfts, (before, cursor) =>
          loadNfts(account, before, histories.page(account.network, account.address, cursor))
        )
      ),
      retry: (datum) =>
        command((account) => {
          switch (datum) {
            case "nativeBalance":
              return retryIfFailed(datum, nativeBalance, loadNative(account))
            case "tokens":
              return retryIfFailed(datum, tokens, loadTokens(account))
            case "activity":
              return retryIfFailed(datum, activity, loadActivity([], firstPage(account)))
            case "nfts":
              return retryIfFailed(datum, nfts, loadNfts(account, [], firstPage(account)))
          }
        }),
      refresh: command((account) =>
        Effect.gen(function* () {
          yield* balances.refresh(account.network, account.address)
          return [
            yield* reload("nativeBalance", nativeBalance, loadNative(account)),
            yield* reload("tokens", tokens, loadTokens(account)),
            // Through the identity cache: a name registered here was forgotten there.
            yield* restart(
              "identity",
              SubscriptionRef.update(identity, (state) => (state._tag === "Ready" ? state : LOADING)),
              loadIdentity(account)
            ),
            // Older pages would sit under a stale first page: activity starts again from the top.
            ...(history
              ? [
                  yield* restart(
                    "activity",
                    SubscriptionRef.set(activity, LOADING),
                    loadActivity([], firstPage(account))
                  )
                ]
              : [])
          ]
        })
      )
    } satisfies AccountLoads
  })
