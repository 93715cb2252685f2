import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Queue from "effect/Queue"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ServiceUnavailableError } from "../../errors"
import type { DecodedWalletList } from "../../schemas/WalletListing"
import { Connectors } from "../../services/Connectors"
import { ModalConfig } from "../../services/ModalConfig"
import { ProviderApi, type ProviderApiError, type WalletQuery } from "../../services/ProviderApi"
import {
  type CatalogSearchState,
  type CatalogState,
  type CatalogStatus,
  WalletCatalog
} from "../../services/WalletCatalog"
import {
  type CatalogInput,
  catalogState,
  EMPTY_FETCHED,
  EMPTY_SEARCH,
  type Fetched,
  type FetchedSearch,
  featuredIdsOf,
  IDLE,
  LOADING,
  PAGE_SIZE,
  RECOMMENDED_COUNT,
  SEARCH_DEBOUNCE,
  SEARCH_LIMIT,
  searchState,
  withPage
} from "./walletCatalogState"

const failed = (error: ProviderApiError): CatalogStatus => ({ _tag: "Failed", error })

/** A failure as a status; a defect (a bug in the API layer) still reads as the listing being unavailable. */
const statusOfFailure = (cause: Cause.Cause<ProviderApiError>): CatalogStatus =>
  Option.match(Cause.findErrorOption(cause), {
    onSome: failed,
    onNone: () => failed(new ServiceUnavailableError({ cause: Cause.squash(cause) }))
  })

export const makeWalletCatalog = Effect.gen(function* () {
  const api = yield* ProviderApi
  const options = yield* ModalConfig
  const { connectors } = yield* Connectors

  const fetched = yield* Ref.make<Fetched>(EMPTY_FETCHED)
  const fetchedSearch = yield* Ref.make<FetchedSearch>(EMPTY_SEARCH)
  const state = yield* SubscriptionRef.make<CatalogState>(
    catalogState(EMPTY_FETCHED, { options, connectors: [], walletImageUrl: api.walletImageUrl })
  )
  const search = yield* SubscriptionRef.make<CatalogSearchState>({ query: "", results: [], status: IDLE })
  // Only the newest text matters: a query not yet read is replaced by the next one.
  const queries = yield* Queue.sliding<string>(1)

  // Publishing reads everything it derives from and writes both refs as one step, so two publishers
  // cannot leave an older view last.
  const publishLock = yield* Semaphore.make(1)
  const publish = publishLock.withPermits(1)(
    Effect.gen(function* () {
      const input: CatalogInput = {
        options,
        connectors: yield* SubscriptionRef.get(connectors),
        walletImageUrl: api.walletImageUrl
      }
      const next = catalogState(yield* Ref.get(fetched), input)
      yield* SubscriptionRef.set(state, next)
      yield* SubscriptionRef.set(search, searchState(yield* Ref.get(fetchedSearch), next, input))
    })
  )
  const update = (f: (current: Fetched) => Fetched) => Effect.andThen(Ref.update(fetched, f), publish)

  const include = options.includeWalletIds.length > 0 ? { include: options.includeWalletIds } : {}
  const featuredIds = featuredIdsOf(options)
  const withExclude = (ids: ReadonlyArray<string>) => {
    const exclude = [...new Set([...options.excludeWalletIds, ...ids])]
    return exclude.length > 0 ? { exclude } : {}
  }

  const getWallets = (q: WalletQuery) => api.getWallets(q)
  const none: DecodedWalletList = { count: 0, data: [], dropped: 0 }

  /** Runs a fetch, recording Loading first and the outcome after; an interruption leaves Idle. */
  const tracked = <A>(fetch: Effect.Effect<A, ProviderApiError>, onSuccess: (a: A, f: Fetched) => Fetched) =>
    Effect.gen(function* () {
      yield* update((f) => ({ ...f, status: LOADING }))
      const exit = yield* Effect.exit(fetch).pipe(
        Effect.onInterrupt(() => update((f) => ({ ...f, status: IDLE })))
      )
      yield* Exit.match(exit, {
        onSuccess: (a) => update((f) => ({ ...onSuccess(a, f), status: IDLE })),
        onFailure: (cause) => update((f) => ({ ...f, status: statusOfFailure(cause) }))
      })
    })

  const firstLoad = tracked(
    Effect.gen(function* () {
      const [featured, recommended] = yield* Effect.all(
        [
          featuredIds.length === 0
            ? Effect.succeed(none)
            : getWallets({ page: 1, entries: featuredIds.length, include: featuredIds }),
          getWallets({
            page: 1,
            entries: RECOMMENDED_COUNT,
            ...include,
            ...withExclude(featuredIds)
          })
        ],
        { concurrency: 2 }
      )
      const recommendedIds = recommended.data.slice(0, RECOMMENDED_COUNT).map((l) => l.id)
      const first = yield* getWallets({
        page: 1,
        entries: PAGE_SIZE,
        ...include,
        ...withExclude([...featuredIds, ...recommendedIds])
      })
      return { featured, recommended, first }
    }),
    ({ featured, recommended, first }, f) =>
      withPage(
        {
          ...f,
          featured: featured.data,
          recommended: recommended.data.slice(0, RECOMMENDED_COUNT),
          pages: [],
          received: 0,
          loaded: true
        },
        first,
        1
      )
  )

  const nextPage = Effect.flatMap(Ref.get(fetched), (f) => {
    const page = f.page + 1
    return tracked(
      getWallets({
        page,
        entries: PAGE_SIZE,
        ...include,
        ...withExclude([...featuredIds, ...f.recommended.map((l) => l.id)])
      }),
      (list, current) => withPage(current, list, page)
    )
  })

  // One load at a time: a call while one runs returns at once instead of fetching the page again.
  const loadLock = yield* Semaphore.make(1)
  const exclusive = (effect: Effect.Effect<void>) =>
    Effect.asVoid(Semaphore.withPermitsIfAvailable(loadLock, 1)(effect))
  const hasMore = (f: Fetched) => !f.exhausted && f.received < f.count

  const load = exclusive(
    Effect.flatMap(Ref.get(fetched), (f) =>
      !f.loaded ? firstLoad : f.status._tag === "Failed" && hasMore(f) ? nextPage : Effect.void
    )
  )
  // Scrolling never retries a failure: only the visitor's Try again (`load`) asks again.
  const loadNextPage = exclusive(
    Effect.flatMap(Ref.get(fetched), (f) =>
      !f.loaded ? firstLoad : f.status._tag !== "Failed" && hasMore(f) ? nextPage : Effect.void
    )
  )

  const setSearch = (next: FetchedSearch) => Effect.andThen(Ref.set(fetchedSearch, next), publish)
  const runSearch = (text: string): Effect.Effect<void> =>
    text === ""
      ? setSearch(EMPTY_SEARCH)
      : Effect.gen(function* () {
          yield* setSearch({ query: text, listings: [], status: LOADING })
          const exit = yield* Effect.exit(
            getWallets({
              page: 1,
              entries: SEARCH_LIMIT,
              search: text,
              ...include,
              ...withExclude([])
            })
          )
          yield* setSearch(
            Exit.isSuccess(exit)
              ? { query: text, listings: exit.value.data.slice(0, SEARCH_LIMIT), status: IDLE }
              : { query: text, listings: [], status: statusOfFailure(exit.cause) }
          )
        })

  // The search runs here, not in React, so TestClock drives it (STYLE.md §2 "Debounced search"). Texts
  // wait in the queue until this stream reads them, so one typed before it starts is not lost.
  yield* Stream.fromQueue(queries).pipe(
    Stream.debounce(SEARCH_DEBOUNCE),
    Stream.map((text) => text.trim()),
    Stream.changes,
    Stream.switchMap((text) => Stream.fromEffect(runSearch(text))),
    Stream.runDrain,
    Effect.forkScoped
  )
  // Wallets announced later (or going away) change what is installed and what is a duplicate.
  yield* SubscriptionRef.changes(connectors).pipe(
    Stream.runForEach(() => publish),
    Effect.forkScoped
  )
  yield* publish

  return WalletCatalog.of({
    state,
    search,
    load,
    loadNextPage,
    setQuery: (text) => Effect.asVoid(Queue.offer(queries, text))
  })
})

/**
 * The wallet catalogue. Requires `ProviderApi`, `ModalConfig` and `Connectors`.
 *
 * @since 0.1.0
 * @category layers
 */
export const WalletCatalogLive = Layer.effect(WalletCatalog, makeWalletCatalog)
