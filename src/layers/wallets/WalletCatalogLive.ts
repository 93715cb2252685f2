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
import { Connectors } from "../../services/Connectors"
import { ModalConfig } from "../../services/ModalConfig"
import { ProviderApi, type ProviderApiError, type WalletQuery } from "../../services/ProviderApi"
import {
  type CatalogSearchState,
  type CatalogState,
  type CatalogStatus,
  WalletCatalog
} from "../../services/WalletCatalog"
import { lazyPart, loadPart } from "../runtime/lazy"
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
  type SafeWalletList,
  SEARCH_DEBOUNCE,
  SEARCH_LIMIT,
  searchState,
  withPage
} from "./walletCatalogState"

/** The link and icon rules that make listings safe to show (`catalogListings.ts`), loaded with the first load. */
export const CatalogListingsLazy = lazyPart("@airlock/catalogListings", () =>
  import("../runtime/connectStage").then((stage) => stage.catalogListings)
)

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
    catalogState(EMPTY_FETCHED, { options, connectors: [] })
  )
  const search = yield* SubscriptionRef.make<CatalogSearchState>({ query: "", results: [], status: IDLE })
  // Only the newest text matters: a query not yet read is replaced by the next one.
  const queries = yield* Queue.sliding<string>(1)

  // Publishing reads everything it derives from and writes both refs as one step, so two publishers
  // cannot leave an older view last.
  const publishLock = yield* Semaphore.make(1)
  const publish = publishLock.withPermits(1)(
    Effect.gen(function* () {
      const input: CatalogInput = { options, connectors: yield* SubscriptionRef.get(connectors) }
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

  // A chunk that did not load reads as the listing being unavailable; Try again asks for it again.
  const listings = Effect.mapError(
    loadPart(CatalogListingsLazy),
    (error) => new ServiceUnavailableError({ cause: error.cause })
  )
  const getWallets = (q: WalletQuery) =>
    Effect.zipWith(
      listings,
      api.getWallets(q),
      (rules, list) => rules.safeWalletList(list, api.walletImageUrl),
      {
        concurrent: true
      }
    )
  const none: SafeWalletList = { count: 0, data: [], dropped: 0 }
  // The host's wallets show whether or not the listing loads.
  const makeCustomSafe = Effect.flatMap(listings, (rules) =>
    update((f) => ({ ...f, custom: rules.safeCustomWallets(options.customWallets) }))
  )

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

  const fetchFirst = Effect.gen(function* () {
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
  })
  const firstLoad = tracked(
    // Neither waits for the other, and a failing listing does not stop the host's wallets.
    Effect.map(
      Effect.all([Effect.exit(makeCustomSafe), fetchFirst], { concurrency: 2 }),
      ([, lists]) => lists
    ),
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
  // The host's own wallets are listed from the start, headless too, not only once a view loads the listing:
  // their link rules load now (a host without custom wallets does not fetch them before the first load).
  if (options.customWallets.length > 0) yield* Effect.forkScoped(Effect.ignore(makeCustomSafe))

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
