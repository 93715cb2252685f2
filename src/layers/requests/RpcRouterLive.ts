import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { RequestAbortedError } from "../../errors"
import type { Connection } from "../../services/Connection"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { ModalConfig } from "../../services/ModalConfig"
import type { Networks } from "../../services/Networks"
import { type PendingApproval, type RpcEvent, RpcRouter } from "../../services/RpcRouter"
import type { TransactionWatcher } from "../../services/TransactionWatcher"
import type { WalletConnect } from "../../services/WalletConnect"
import { eventsOf, listen } from "../platform/listen"
import { lazyImplementation, lazyPart } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"
import type { RouterState } from "./RpcRouter.lazy"

/** The request path and network switching (`RpcRouter.lazy.ts`), loaded with the first request. */
export const RpcRouterLazy = lazyPart("@airlock/RpcRouter.lazy", () =>
  accountStage().then((stage) => stage.rpcRouter())
)

/** Fails with 'Request was aborted' once `signal` aborts; never otherwise. */
export const abortedBy = (signal: AbortSignal | undefined): Effect.Effect<never, RequestAbortedError> =>
  signal === undefined
    ? Effect.never
    : Effect.scoped(
        Effect.gen(function* () {
          const aborted = yield* Deferred.make<void>()
          yield* listen(eventsOf<"abort", Event>(signal, "abort"), () => Deferred.succeed(aborted, undefined))
          if (!signal.aborted) yield* Deferred.await(aborted)
          return yield* Effect.fail(new RequestAbortedError({ source: "rpc" }))
        })
      )

export const makeRpcRouter: Effect.Effect<
  RpcRouter["Service"],
  never,
  Connection | Networks | WalletConnect | TransactionWatcher | FallbackTransport | ModalConfig | Scope.Scope
> = Effect.gen(function* () {
  const events = yield* PubSub.unbounded<RpcEvent>()
  const approvals = yield* SubscriptionRef.make<ReadonlyArray<PendingApproval>>([])
  const decisions = yield* Ref.make<ReadonlyMap<number, Deferred.Deferred<boolean>>>(new Map())
  // Unsafe requests race the current generation's deferred: closing the modal fails it, aborting every
  // request started before, and a fresh one serves the requests that come after.
  const closing = yield* Ref.make(yield* Deferred.make<never, RequestAbortedError>())

  const abortable = <A, E>(effect: Effect.Effect<A, E>, signal: AbortSignal | undefined) =>
    Effect.flatMap(Ref.get(closing), (generation) =>
      Effect.raceFirst(effect, Effect.raceFirst(abortedBy(signal), Deferred.await(generation)))
    )
  const router: RouterState = {
    publish: (event) => Effect.asVoid(PubSub.publish(events, event)),
    approvals,
    decisions,
    abortable
  }

  // The request path loads with the first request, not with the page. Waiting for it is abortable like
  // the request itself; a failed load is tried again by the next request.
  const requests = yield* lazyImplementation(RpcRouterLazy, (module) => module.makeRpcRequests(router))
  const loaded = (signal: AbortSignal | undefined) =>
    abortable(
      Effect.mapError(requests, (error) => new RequestAbortedError({ source: "other", cause: error.cause })),
      signal
    )

  return RpcRouter.of({
    request: (args, options) => Effect.flatMap(loaded(options?.signal), (r) => r.request(args, options)),
    switchNetwork: (caipNetworkId, options) =>
      Effect.flatMap(loaded(options?.signal), (r) => r.switchNetwork(caipNetworkId, options)),
    readChain: (args) => Effect.flatMap(loaded(undefined), (r) => r.readChain(args)),
    approvals,
    decide: (id, approved) =>
      Effect.flatMap(Ref.get(decisions), (m) => {
        const decision = m.get(id)
        return decision === undefined ? Effect.void : Effect.asVoid(Deferred.succeed(decision, approved))
      }),
    abortPending: Effect.gen(function* () {
      const fresh = yield* Deferred.make<never, RequestAbortedError>()
      const previous = yield* Ref.getAndSet(closing, fresh)
      yield* Deferred.fail(previous, new RequestAbortedError({ source: "rpc" }))
    }),
    events: PubSub.subscribe(events)
  })
})

/**
 * Needs `Connection`, `Networks`, `WalletConnect`, `TransactionWatcher`, `FallbackTransport` and
 * `ModalConfig`.
 *
 * @since 0.2.0
 * @category layers
 */
export const RpcRouterLive = Layer.effect(RpcRouter, makeRpcRouter)
