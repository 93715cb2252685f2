import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as FiberHandle from "effect/FiberHandle"
import * as FiberMap from "effect/FiberMap"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { HistoryFetchError } from "../../errors"
import type {
  AccountDataShape,
  AccountDatum,
  Loadable,
  Paged,
  RetryableDatum
} from "../../services/AccountData"
import { Connection } from "../../services/Connection"
import type { HistoryPage } from "../../services/HistoryService"
import { ModalConfig } from "../../services/ModalConfig"
import { Networks } from "../../services/Networks"
import { TransactionWatcher } from "../../services/TransactionWatcher"
import type { Demand } from "./accountDemand"
import { type AccountDataState, makeDatumLoads, NO_CURSORS, type OnKnownNetwork } from "./datumLoads"
import { type FollowedAccount, followedAccount, sameAccount, sameAddress } from "./followedAccount"
import { unlistedSends } from "./sentActivity"

/**
 * How long account and network changes must stay quiet before the new account's data loads. A wallet
 * reports an account switch and its network apart (accountsChanged, then chainChanged, a few to a few
 * tens of milliseconds later through an extension's message port), and a visitor clicking through
 * accounts leaves a burst behind; 50 ms gathers those into one load yet adds little to the round trip
 * that load takes anyway.
 */
export const SETTLE_WINDOW = "50 millis"

/**
 * How long a load nobody shows any more runs on before it stops. A tab switched away and back, the modal
 * closed and opened again or React's development remount come back within it and find their load still
 * on its way (one request, not one per mount); a walk nobody waits for (the NFTs' ten pages) stops.
 */
export const RELEASE_LINGER = "2 seconds"

const IDLE = { _tag: "Idle" } as const
const LOADING = { _tag: "Loading" } as const
type Pending = typeof IDLE | typeof LOADING
const sameItems = <A>(a: ReadonlyArray<A>, b: ReadonlyArray<A>) =>
  a.length === b.length && a.every((item, index) => item === b[index])

/** In the order they start: the name first, the shared first page of history last. */
const ALL: ReadonlyArray<AccountDatum> = ["identity", "nativeBalance", "tokens", "activity", "nfts"]
const ON_NETWORK: ReadonlyArray<AccountDatum> = ["nativeBalance", "tokens", "activity", "nfts"]

/** What the rules do to one datum's ref, whatever its value's type. */
const slotOf = <A, E>(ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>, stopMore: (value: A) => A) => ({
  /** Shows what stands for a datum with no state of the current account's. */
  pending: (to: Pending) =>
    SubscriptionRef.update(ref, (now): Loadable<A, E> => (now._tag === to._tag ? now : to)),
  /** While a load runs again: a value on screen stays until the new one replaces it. */
  reloading: SubscriptionRef.update(ref, (now): Loadable<A, E> => (now._tag === "Ready" ? now : LOADING)),
  /** After its load was stopped: whether the datum still holds the account's state (loaded or failed). */
  stopped: SubscriptionRef.modify(ref, (now): readonly [boolean, Loadable<A, E>] =>
    now._tag === "Loading"
      ? [false, IDLE]
      : [true, now._tag === "Ready" ? { ...now, value: stopMore(now.value) } : now]
  )
})
const paged = <A>(page: Paged<A>): Paged<A> => (page.loadingMore ? { ...page, loadingMore: false } : page)

/** AccountData's commands, loaded with the first demanded datum of a connected account. */
export type AccountLoads = Pick<AccountDataShape, "loadMoreActivity" | "loadMoreNfts" | "retry" | "refresh">

/**
 * Follows the connected account from the current one on, filling the demanded data of `state`. A change
 * of account or network stops the loads of the previous one at once and loads the new one's data after
 * {@link SETTLE_WINDOW} of quiet; a datum loads once per account while `demand` counts it, and stops when
 * nobody shows it any more. With `features.history` off, the history is never asked for: activity and
 * NFTs stay idle.
 */
export const makeAccountLoads = (state: AccountDataState, demand: SubscriptionRef.SubscriptionRef<Demand>) =>
  Effect.gen(function* () {
    const { history } = (yield* ModalConfig).features
    const connection = yield* Connection
    const networks = yield* Networks
    const watcher = yield* TransactionWatcher
    const { nativeBalance, tokens, nfts, activity, identity } = state
    const cursors = yield* Ref.make(NO_CURSORS)
    const load = yield* makeDatumLoads(state, cursors)
    const same = <A>(value: A) => value
    const slots = {
      identity: slotOf(identity, same),
      nativeBalance: slotOf(nativeBalance, same),
      tokens: slotOf(tokens, same),
      activity: slotOf(activity, paged),
      nfts: slotOf(nfts, paged)
    }

    const current = yield* Ref.make<FollowedAccount | undefined>(undefined)
    /** The data whose state is the current account's (loading, loaded or failed): they load no more. */
    const filled = yield* Ref.make<ReadonlySet<AccountDatum>>(new Set())
    /** Changes came in less than the settle window ago: the loads wait for the window to end. */
    const settling = yield* Ref.make(false)
    const settle = yield* FiberHandle.make()
    // One load per datum; the map's scope is the layer's, so closing the modal stops them all.
    const loads = yield* FiberMap.make<AccountDatum>()
    /** The loads nobody shows, each stopping once its linger ends. */
    const lingering = yield* FiberMap.make<AccountDatum>()
    // Account changes, demand and commands take turns: a command never starts a load for an account just left.
    const turn = yield* Semaphore.make(1)
    const inTurn = turn.withPermits(1)
    const forget = (data: ReadonlyArray<AccountDatum>) =>
      Ref.update(filled, (all) => new Set([...all].filter((datum) => !data.includes(datum))))

    /**
     * Stops the datum's load (waiting until it has), shows `meanwhile`, then starts `load`. A state that is
     * Ready (and not loading more) or Failed has no load running, which is what the commands rely on.
     */
    const restart = (datum: AccountDatum, meanwhile: Effect.Effect<void>, load: Effect.Effect<void>) =>
      FiberMap.remove(loads, datum).pipe(
        Effect.andThen(meanwhile),
        Effect.andThen(FiberMap.run(loads, datum, load))
      )

    /** Whether `datum` can load for `account`: a name needs no network, the rest a configured one. */
    const loadable = (datum: AccountDatum, account: FollowedAccount | undefined) =>
      account !== undefined &&
      (datum === "identity" ||
        (account.network !== undefined && (history || (datum !== "activity" && datum !== "nfts"))))

    /** The datum's load for `account`; activity and NFTs start from `first` when given (a shared page). */
    const loadOf = (
      datum: AccountDatum,
      account: FollowedAccount,
      first?: Effect.Effect<HistoryPage, HistoryFetchError>
    ): Effect.Effect<void> => {
      if (datum === "identity") return load.identity(account)
      const network = account.network
      // `loadable` keeps the rest away from an account on a network the host did not configure.
      if (network === undefined) return Effect.void
      const on: OnKnownNetwork = { ...account, network }
      switch (datum) {
        case "nativeBalance":
          return load.native(on)
        case "tokens":
          return load.tokens(on)
        case "activity":
          return load.activity([], first ?? load.page(on))
        case "nfts":
          return load.nfts(on, [], first ?? load.page(on))
      }
    }

    /** Starts the demanded data of the current account that hold none of its state yet. */
    const loadDemanded = Effect.gen(function* () {
      const account = yield* Ref.get(current)
      const wanted = yield* SubscriptionRef.get(demand)
      const already = yield* Ref.get(filled)
      const due = ALL.filter((datum) => wanted[datum] > 0 && !already.has(datum) && loadable(datum, account))
      if (account === undefined || due.length === 0) return
      yield* Ref.set(filled, new Set([...already, ...due]))
      const network = account.network
      // Activity and the NFT walk start from the same first page: one request, shared.
      const first =
        network === undefined ? undefined : yield* Effect.cached(load.page({ ...account, network }))
      yield* Effect.forEach(
        due,
        (datum) => restart(datum, slots[datum].reloading, loadOf(datum, account, first)),
        { discard: true }
      )
    })

    /** What the data that hold none of the account's state show: Loading while demanded and loadable. */
    const showPending = (account: FollowedAccount | undefined) =>
      Effect.gen(function* () {
        const wanted = yield* SubscriptionRef.get(demand)
        const already = yield* Ref.get(filled)
        yield* Effect.forEach(
          ALL.filter((datum) => !already.has(datum)),
          (datum) => slots[datum].pending(wanted[datum] > 0 && loadable(datum, account) ? LOADING : IDLE),
          { discard: true }
        )
      })

    /** The previous account's data leave at once; the new one's load now, or once the changes settle. */
    const follow = (next: FollowedAccount | undefined, wait: boolean) =>
      inTurn(
        Effect.gen(function* () {
          const previous = yield* Ref.getAndSet(current, next)
          // Only the network changed: the name stays.
          const keepIdentity = previous !== undefined && next !== undefined && sameAddress(previous, next)
          const leaving = keepIdentity ? ON_NETWORK : ALL
          yield* Effect.forEach(leaving, (datum) => FiberMap.remove(loads, datum), { discard: true })
          yield* forget(leaving)
          yield* Ref.set(cursors, NO_CURSORS)
          yield* showPending(next)
          if (!wait) return yield* loadDemanded
          yield* Ref.set(settling, true)
          yield* FiberHandle.run(
            settle,
            Effect.andThen(
              Effect.sleep(SETTLE_WINDOW),
              inTurn(Effect.andThen(Ref.set(settling, false), loadDemanded))
            )
          )
        })
      )

    /** Stops the datum's load, unless someone shows the datum again. */
    const stopUnshown = (datum: AccountDatum) =>
      inTurn(
        Effect.gen(function* () {
          if ((yield* SubscriptionRef.get(demand))[datum] > 0 || !(yield* FiberMap.has(loads, datum))) return
          yield* FiberMap.remove(loads, datum)
          if (!(yield* slots[datum].stopped)) yield* forget([datum])
        })
      )

    /**
     * A datum nobody shows stops loading after {@link RELEASE_LINGER}; a datum newly shown loads, unless
     * changes are settling.
     */
    const onDemand = (wanted: Demand) =>
      inTurn(
        Effect.gen(function* () {
          for (const datum of ALL) {
            if (wanted[datum] > 0) yield* FiberMap.remove(lingering, datum)
            else if (yield* FiberMap.has(loads, datum))
              yield* FiberMap.run(
                lingering,
                datum,
                Effect.andThen(Effect.sleep(RELEASE_LINGER), stopUnshown(datum)),
                { onlyIfMissing: true }
              )
          }
          yield* showPending(yield* Ref.get(current))
          if (!(yield* Ref.get(settling))) yield* loadDemanded
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
        const marked = SubscriptionRef.set(ref, {
          _tag: "Ready",
          value: { ...state.value, loadingMore: true }
        })
        return [yield* restart(datum, marked, load(state.value.items, cursor))]
      })

    /**
     * Reloads what is demanded of `data`, past the balance cache; the rest loads again when next demanded.
     * Activity starts again from its first page: older pages would sit under a stale first one.
     */
    const reload = (account: OnKnownNetwork, data: ReadonlyArray<AccountDatum>) =>
      Effect.gen(function* () {
        yield* load.forgetBalances(account)
        const wanted = yield* SubscriptionRef.get(demand)
        yield* forget(data.filter((datum) => wanted[datum] === 0))
        return yield* Effect.forEach(
          data.filter((datum) => wanted[datum] > 0),
          (datum) =>
            restart(
              datum,
              datum === "activity" ? SubscriptionRef.set(activity, LOADING) : slots[datum].reloading,
              loadOf(datum, account)
            )
        )
      })

    const accounts = Stream.zipLatest(
      SubscriptionRef.changes(connection.state),
      SubscriptionRef.changes(networks.state)
    ).pipe(
      Stream.map(([connections, active]) => followedAccount(connections, active)),
      Stream.changesWith(sameAccount)
    )
    // The account found when the code arrived loads at once: only the changes after it can come in bursts.
    const followed = yield* Ref.make(false)
    yield* accounts.pipe(
      Stream.runForEach((next) =>
        Effect.flatMap(Ref.getAndSet(followed, true), (wait) => follow(next, wait))
      ),
      Effect.forkScoped
    )
    yield* SubscriptionRef.changes(demand).pipe(Stream.runForEach(onDemand), Effect.forkScoped)

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
        loadMore("activity", activity, (before, cursor) => load.activity(before, load.page(account, cursor)))
      ),
      loadMoreNfts: command((account) =>
        loadMore("nfts", nfts, (before, cursor) => load.nfts(account, before, load.page(account, cursor)))
      ),
      retry: (datum) =>
        command((account) => {
          switch (datum) {
            case "nativeBalance":
              return retryIfFailed(datum, nativeBalance, load.native(account))
            case "tokens":
              return retryIfFailed(datum, tokens, load.tokens(account))
            case "activity":
              return retryIfFailed(datum, activity, load.activity([], load.page(account)))
            case "nfts":
              return retryIfFailed(datum, nfts, load.nfts(account, [], load.page(account)))
          }
        }),
      // The name reloads through the identity cache: a name registered here was forgotten there.
      refresh: command((account) =>
        reload(
          account,
          history
            ? ["nativeBalance", "tokens", "identity", "activity"]
            : ["nativeBalance", "tokens", "identity"]
        )
      )
    } satisfies AccountLoads
  })
