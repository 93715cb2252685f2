import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { HistoryFetchError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import type { Transaction } from "../../schemas/Transaction"
import type { AccountDataShape, Loadable, Nft, Paged } from "../../services/AccountData"
import { BalanceService } from "../../services/BalanceService"
import { type HistoryPage, HistoryService } from "../../services/HistoryService"
import { IdentityService } from "../../services/IdentityService"
import { Notifications } from "../../services/Notifications"
import type { FollowedAccount } from "./followedAccount"

/** Pages of activity one NFT load reads at most: collectibles can sit on any page. */
export const NFT_PAGES = 10

export type OnKnownNetwork = FollowedAccount & { readonly network: CaipNetwork }

/** The data `AccountDataLive` shows; the loads fill it. */
export type AccountDataState = Pick<
  AccountDataShape,
  "nativeBalance" | "tokens" | "nfts" | "activity" | "identity" | "sent"
>

/** Where the next page of activity, and of the NFT walk, starts; undefined after the last one. */
export interface Cursors {
  readonly activity: string | undefined
  readonly nfts: string | undefined
}
export const NO_CURSORS: Cursors = { activity: undefined, nfts: undefined }

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

const ready = <A>(value: A) => ({ _tag: "Ready", value }) as const
const failed = <E>(error: E) => ({ _tag: "Failed", error }) as const
const pageOf = <A>(items: ReadonlyArray<A>, cursor: string | undefined): Paged<A> => ({
  items,
  hasMore: cursor !== undefined,
  loadingMore: false
})

/**
 * One load per datum, each settling its ref with the value or the typed error: what the account data's
 * rules start, stop and restart.
 */
export const makeDatumLoads = (state: AccountDataState, cursors: Ref.Ref<Cursors>) =>
  Effect.gen(function* () {
    const balances = yield* BalanceService
    const histories = yield* HistoryService
    const identities = yield* IdentityService
    const notifications = yield* Notifications
    const { nativeBalance, tokens, nfts, activity, identity } = state

    const settle = <A, E>(
      ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>,
      effect: Effect.Effect<A, E>,
      onFailure: (error: E) => Effect.Effect<void>
    ) =>
      Effect.matchEffect(effect, {
        onSuccess: (value) => SubscriptionRef.set(ref, ready(value)),
        onFailure: (error) => Effect.andThen(onFailure(error), SubscriptionRef.set(ref, failed(error)))
      })

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

    return {
      // SPEC.md §8: the native balance says its failure in place; the tokens' failure is also a toast.
      native: (account: OnKnownNetwork) =>
        settle(nativeBalance, balances.nativeBalance(account.network, account.address), () => Effect.void),
      tokens: (account: OnKnownNetwork) =>
        settle(
          tokens,
          balances.tokenBalances(account.network, account.address, account.wallet),
          notifications.showError
        ),
      identity: (account: FollowedAccount) =>
        Effect.flatMap(identities.identity(account.address), (found) =>
          SubscriptionRef.set(identity, ready(Option.getOrUndefined(found)))
        ),
      /** The account's first page of activity, or the page at `cursor`. */
      page: (account: OnKnownNetwork, cursor?: string) =>
        histories.page(account.network, account.address, cursor),
      activity: (before: ReadonlyArray<Transaction>, page: Effect.Effect<HistoryPage, HistoryFetchError>) =>
        Effect.matchEffect(page, {
          onSuccess: (read) => showPage(activity, "activity", [...before, ...read.transactions], read.next),
          onFailure: historyFailed(activity)
        }),
      nfts: (
        account: OnKnownNetwork,
        before: ReadonlyArray<Nft>,
        page: Effect.Effect<HistoryPage, HistoryFetchError>
      ) =>
        Effect.matchEffect(walkNfts(account, before, page, NFT_PAGES), {
          onSuccess: (walked) => showPage(nfts, "nfts", walked.found, walked.cursor),
          onFailure: historyFailed(nfts)
        }),
      /** Forgets the account's cached balances, so that the next balance loads read the chain again. */
      forgetBalances: (account: OnKnownNetwork) => balances.refresh(account.network, account.address)
    }
  })
