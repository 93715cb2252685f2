import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { BalanceUnavailableError, HistoryFetchError } from "../../errors"
import { AccountData } from "../../services/AccountData"
import { Connection } from "../../services/Connection"
import { Networks } from "../../services/Networks"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"
import { anyDemanded, type Demand, demandIn, NO_DEMAND } from "./accountDemand"
import type { AccountDataState } from "./datumLoads"
import { followedAccount } from "./followedAccount"

const IDLE = { _tag: "Idle" } as const

/** AccountData's loads (`AccountData.lazy.ts`), loaded when a connected account's data is first demanded. */
export const AccountDataLazy = lazyPart("@airlock/AccountData.lazy", () =>
  accountStage().then((stage) => stage.accountData)
)

/** A chunk that would not load is asked for again this often before the data shows as failed. */
const LOAD_RETRIES = Schedule.max([Schedule.exponential("1 second"), Schedule.recurs(3)])

export const makeAccountData = Effect.gen(function* () {
  const connection = yield* Connection
  const networks = yield* Networks
  const state: AccountDataState = {
    nativeBalance: yield* SubscriptionRef.make<AccountDataState["nativeBalance"]["value"]>(IDLE),
    tokens: yield* SubscriptionRef.make<AccountDataState["tokens"]["value"]>(IDLE),
    nfts: yield* SubscriptionRef.make<AccountDataState["nfts"]["value"]>(IDLE),
    activity: yield* SubscriptionRef.make<AccountDataState["activity"]["value"]>(IDLE),
    identity: yield* SubscriptionRef.make<AccountDataState["identity"]["value"]>(IDLE),
    sent: yield* SubscriptionRef.make<AccountDataState["sent"]["value"]>([])
  }
  const demand = yield* SubscriptionRef.make<Demand>(NO_DEMAND)
  // The loading code arrives when a connected account's data is first shown: a visit that never shows
  // it never needs it.
  const loads = yield* lazyImplementation(AccountDataLazy, (module) => module.makeAccountLoads(state, demand))
  /** The loads, once their code is here; after it failed to load, the data says so in its own words. */
  const loaded = loads.pipe(
    Effect.retry(LOAD_RETRIES),
    Effect.tapError((error) =>
      Effect.all(
        [
          SubscriptionRef.set(state.nativeBalance, {
            _tag: "Failed",
            error: new BalanceUnavailableError({ cause: error.cause })
          }),
          SubscriptionRef.set(state.tokens, {
            _tag: "Failed",
            error: new BalanceUnavailableError({ cause: error.cause })
          }),
          SubscriptionRef.set(state.nfts, {
            _tag: "Failed",
            error: new HistoryFetchError({ cause: error.cause })
          }),
          SubscriptionRef.set(state.activity, {
            _tag: "Failed",
            error: new HistoryFetchError({ cause: error.cause })
          })
        ],
        { discard: true }
      )
    )
  )

  yield* Stream.zipLatest(
    Stream.zipLatest(SubscriptionRef.changes(connection.state), SubscriptionRef.changes(networks.state)),
    SubscriptionRef.changes(demand)
  ).pipe(
    Stream.filter(
      ([[connections, active], wanted]) =>
        anyDemanded(wanted) && followedAccount(connections, active) !== undefined
    ),
    Stream.take(1),
    Stream.runDrain,
    Effect.andThen(Effect.ignore(loaded)),
    Effect.forkScoped
  )

  const nothing = () => Effect.void
  const fallbacks = {
    loadMoreActivity: effect(nothing),
    loadMoreNfts: effect(nothing),
    retry: call(nothing),
    refresh: effect(nothing)
  }
  return AccountData.of({
    ...state,
    ...lazyService(loads, fallbacks),
    demand: demandIn(demand),
    // A retry after the code failed to load asks for it again; once here, it reloads every datum.
    retry: lazyService(loaded, fallbacks).retry
  })
})

/**
 * Needs `Connection`, `Networks`, `TransactionWatcher`, `BalanceService`, `HistoryService`,
 * `IdentityService` and `Notifications`.
 *
 * @since 0.1.0
 * @category layers
 */
export const AccountDataLive = Layer.effect(AccountData, makeAccountData)
