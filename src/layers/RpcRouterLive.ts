import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  ConnectorNotConnectedError,
  RequestAbortedError,
  SignatureDeclinedError,
  UserRejectedRequestError
} from "../errors"
import { activeId } from "../internal/activeNetwork"
import { sentTransaction } from "../internal/submissions"
import type { ChainNamespace } from "../schemas/Primitives"
import { Connection } from "../services/Connection"
import { Networks } from "../services/Networks"
import {
  type PendingApproval,
  type RequestError,
  type RpcEvent,
  RpcRouter,
  type RpcRouterShape
} from "../services/RpcRouter"
import { TransactionWatcher } from "../services/TransactionWatcher"
import { WalletConnect } from "../services/WalletConnect"
import { cachedImport } from "./cachedImport"
import { makeNetworkSwitch } from "./networkSwitch"
import { walletRead, walletRequest } from "./walletIo"

/** Requests whose refusal reads 'Signature declined' (SPEC.md §8). */
const SIGN_METHODS: ReadonlySet<string> = new Set([
  "personal_sign",
  "eth_signTypedData_v4",
  "solana_signMessage"
])

/** Events a slow listener has not read yet; older ones are dropped beyond this. */
const EVENT_BACKLOG = 64

const rejectedInModal = () =>
  new UserRejectedRequestError({ code: 4001, message: "The visitor rejected the request", cause: undefined })

/** Fails with 'Request was aborted' once `signal` aborts; never otherwise. */
export const abortedBy = (signal: AbortSignal | undefined): Effect.Effect<never, RequestAbortedError> =>
  signal === undefined
    ? Effect.never
    : Effect.callback<never, RequestAbortedError>((resume) => {
        const abort = () => resume(Effect.fail(new RequestAbortedError({ source: "rpc" })))
        if (signal.aborted) return abort()
        signal.addEventListener("abort", abort, { once: true })
        return Effect.sync(() => signal.removeEventListener("abort", abort))
      })

/** How an unsafe request ended, in the transaction stack's words. */
const outcomeOf = (exit: Exit.Exit<unknown, RequestError>): "success" | "error" | "cancel" => {
  if (Exit.isSuccess(exit)) return "success"
  const error = Exit.findErrorOption(exit)
  return Exit.hasInterrupts(exit) ||
    Option.exists(error, (e) => e._tag === "UserRejectedRequestError" || e._tag === "RequestAbortedError")
    ? "cancel"
    : "error"
}

export const makeRpcRouter = Effect.gen(function* () {
  const connection = yield* Connection
  const networks = yield* Networks
  const walletConnect = yield* WalletConnect
  const watcher = yield* TransactionWatcher
  const scope = yield* Effect.scope

  const events = yield* PubSub.sliding<RpcEvent>(EVENT_BACKLOG)
  const publish = (event: RpcEvent) => Effect.asVoid(PubSub.publish(events, event))
  const approvals = yield* SubscriptionRef.make<ReadonlyArray<PendingApproval>>([])
  const decisions = yield* Ref.make<ReadonlyMap<number, Deferred.Deferred<boolean>>>(new Map())
  const nextId = yield* Ref.make(0)
  // Unsafe requests race the current generation's deferred: closing the modal fails it, aborting every
  // request started before, and a fresh one serves the requests that come after.
  const closing = yield* Ref.make(yield* Deferred.make<never, RequestAbortedError>())

  /** `effect`, settled as aborted by the caller's signal or by the modal closing. */
  const abortable = <A, E>(effect: Effect.Effect<A, E>, signal: AbortSignal | undefined) =>
    Effect.flatMap(Ref.get(closing), (generation) =>
      Effect.raceFirst(effect, Effect.raceFirst(abortedBy(signal), Deferred.await(generation)))
    )

  // The method lists and their schemas load with the first request, not with the page; a failed load is
  // tried again by the next request.
  const rules = yield* cachedImport(
    () => import("../internal/rpcMethods"),
    (cause) => new RequestAbortedError({ source: "other", cause })
  )

  const activeNetworkOf = (ns: ChainNamespace) =>
    Effect.map(SubscriptionRef.get(networks.state), (s) => {
      const active = s.active[ns]
      return active === undefined ? undefined : activeId(active)
    })

  /** Waits for the visitor's answer in ApproveTransaction; a rejection is 4001. */
  const approveInModal = (approval: PendingApproval) =>
    Effect.gen(function* () {
      const decision = yield* Deferred.make<boolean>()
      yield* Ref.update(decisions, (m) => new Map(m).set(approval.id, decision))
      yield* SubscriptionRef.update(approvals, (list) => [...list, approval])
      yield* publish({ _tag: "ApprovalRequested", approval })
      const approved = yield* Deferred.await(decision)
      if (!approved) return yield* Effect.fail(rejectedInModal())
    })

  const forgetApproval = (id: number) =>
    Effect.andThen(
      Ref.update(decisions, (m) => {
        const rest = new Map(m)
        rest.delete(id)
        return rest
      }),
      SubscriptionRef.update(approvals, (list) => list.filter((a) => a.id !== id))
    )

  const request: RpcRouterShape["request"] = (args, options) =>
    Effect.gen(function* () {
      const ns = options?.namespace ?? (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const { validateRequest, decodeResult } = yield* rules
      const rule = yield* Effect.fromResult(validateRequest(ns, args.method, args.params)).pipe(
        Effect.tapError((error) =>
          error._tag === "MethodNotAllowedError" ? publish({ _tag: "Disallowed", error }) : Effect.void
        )
      )
      const wallet = yield* connection.connected(ns)
      if (Option.isNone(wallet)) return yield* Effect.fail(new ConnectorNotConnectedError({}))
      const { connector, address } = wallet.value
      // A read must answer in time (THREATS.md R2), and a caller may still give up sooner.
      if (rule.kind === "safe") {
        const raw = yield* abortable(
          walletRead(connector.provider, rule.method, rule.params),
          options?.signal
        )
        return yield* Effect.fromResult(decodeResult(rule.method, raw))
      }
      const network = yield* activeNetworkOf(ns)
      const approval: PendingApproval | undefined =
        connector.approval === "modal"
          ? {
              id: yield* Ref.getAndUpdate(nextId, (n) => n + 1),
              method: rule.method,
              params: rule.params,
              namespace: ns,
              network,
              from: address
            }
          : undefined
      const send = Effect.gen(function* () {
        if (approval !== undefined) yield* approveInModal(approval)
        // A phone wallet paired by a link shows the request once the visitor is back in it.
        if (connector.type === "WALLET_CONNECT") yield* Effect.forkIn(walletConnect.openWallet, scope)
        const raw = yield* walletRequest(connector.provider, rule.method, rule.params)
        const result = yield* Effect.fromResult(decodeResult(rule.method, raw))
        const sent = sentTransaction(rule.method, rule.params, result)
        if (sent !== undefined && network !== undefined) {
          yield* watcher.track(
            sent.kind === "transaction"
              ? { ...sent, network, from: address }
              : {
                  kind: "calls",
                  id: sent.id,
                  network,
                  from: address,
                  callsStatus: walletRead(connector.provider, "wallet_getCallsStatus", [sent.id])
                }
          )
        }
        return result
      })
      return yield* abortable(send, options?.signal).pipe(
        Effect.onExit((exit) =>
          Effect.andThen(
            approval === undefined ? Effect.void : forgetApproval(approval.id),
            publish({ _tag: "UnsafeSettled", method: rule.method, outcome: outcomeOf(exit), approval })
          )
        )
      )
    }).pipe(
      Effect.catch((error): Effect.Effect<never, RequestError> => {
        if (error._tag !== "UserRejectedRequestError" || !SIGN_METHODS.has(args.method))
          return Effect.fail(error)
        const declined = new SignatureDeclinedError({ cause: error })
        return Effect.andThen(publish({ _tag: "SignatureDeclined", error: declined }), Effect.fail(declined))
      })
    )

  const switchNetwork = makeNetworkSwitch({ connection, networks, scope, abortable })

  return RpcRouter.of({
    request,
    switchNetwork,
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
 * @since 0.2.0
 * @category layers
 */
export const RpcRouterLive = Layer.effect(RpcRouter, makeRpcRouter)
