/**
 * `Connection`'s connect attempts: one per wallet at a time (choosing it again joins the open prompt and
 * makes it the newest intent, THREATS.md R6), each settled from outside so that an interrupted attempt
 * still settles; `cancel` interrupts them all, which settles each as rejected.
 */
import * as Cause from "effect/Cause"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  ConnectorNotFoundError,
  normalizeWalletError,
  UserRejectedRequestError,
  WalletConnectConnectorNotFoundError
} from "../../errors"
import type { ChainNamespace } from "../../schemas/Primitives"
import {
  type ConnectError,
  type ConnectionShape,
  type ConnectionState,
  type NamespaceConnection,
  WALLET_CONNECT_ID
} from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import type { PairingSignIn } from "../../services/WalletConnect"
import { disconnected } from "./connectionStore"

const connecting: NamespaceConnection = { status: "connecting" }

/** A wallet that answered no account. */
export const noAccount = () => normalizeWalletError({ message: "The wallet returned no account" })

export interface ConnectAttemptsDeps {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  /** Bumped by every user intent; work started under an older epoch changes nothing. */
  readonly epoch: Ref.Ref<number>
  readonly scope: Scope.Scope
  readonly stillCurrent: (since: Ref.Ref<number>) => Effect.Effect<boolean>
  readonly forgetStored: (ns: ChainNamespace) => Effect.Effect<void>
  /** The connector an id names: WalletConnect's pairing, the auth connector, a discovered wallet. */
  readonly find: (connectorId: string) => Effect.Effect<Option.Option<WalletConnector>>
  /** Asks the wallet and commits its answer, unless an intent newer than `since` came first. */
  readonly handshake: (
    connector: WalletConnector,
    since: Ref.Ref<number>,
    signIn: PairingSignIn | undefined
  ) => Effect.Effect<void, ConnectError>
}

export const makeConnectAttempts = (deps: ConnectAttemptsDeps) => {
  const { state, epoch, scope, stillCurrent, forgetStored, find, handshake } = deps
  interface InFlight {
    readonly done: Deferred.Deferred<void, ConnectError>
    /** Set once the attempt is forked; the slot is claimed before. */
    fiber: Fiber.Fiber<void, ConnectError> | undefined
    /** The epoch of the newest intent this attempt answers; choosing the wallet again moves it. */
    readonly since: Ref.Ref<number>
  }
  const inflight = new Map<string, InFlight>()

  const connect: ConnectionShape["connect"] = (connectorId, options) =>
    Effect.gen(function* () {
      const now = yield* Ref.updateAndGet(epoch, (n) => n + 1)
      const waiting = { _tag: "Waiting" as const, connectorId }
      const running = inflight.get(connectorId)
      if (running !== undefined) {
        // Choosing the same wallet again is the newest intent: its open prompt becomes current (R6).
        yield* Ref.set(running.since, now)
        yield* SubscriptionRef.update(state, (s) => ({ ...s, attempt: waiting }))
        return yield* Deferred.await(running.done)
      }
      // Claim the slot before anything that can yield (SubscriptionRef.update below does), so that a
      // connect started meanwhile finds this one in flight instead of prompting the wallet again.
      const since = yield* Ref.make(now)
      const done = yield* Deferred.make<void, ConnectError>()
      const entry: InFlight = { done, fiber: undefined, since }
      inflight.set(connectorId, entry)
      const found = yield* find(connectorId)
      if (Option.isNone(found)) {
        inflight.delete(connectorId)
        const error =
          connectorId === WALLET_CONNECT_ID
            ? new WalletConnectConnectorNotFoundError({})
            : new ConnectorNotFoundError({ connectorId })
        yield* Deferred.fail(done, error)
        return yield* Effect.fail(error)
      }
      const connector = found.value
      yield* SubscriptionRef.update(state, (s) => ({
        namespaces: {
          ...s.namespaces,
          [connector.chain]:
            s.namespaces[connector.chain]?.status === "connected" ? s.namespaces[connector.chain] : connecting
        },
        attempt: waiting
      }))
      const settle = (exit: Exit.Exit<void, ConnectError>) =>
        Effect.gen(function* () {
          inflight.delete(connectorId)
          if (Exit.isSuccess(exit)) return yield* Deferred.succeed(done, undefined)
          const error: ConnectError = Exit.hasInterrupts(exit)
            ? new UserRejectedRequestError({
                code: 4001,
                message: "Connection request cancelled",
                cause: undefined
              })
            : Option.getOrElse(Cause.findErrorOption(exit.cause), () => noAccount())
          // A newer intent owns the state now; only the callers hear about this attempt. Otherwise the
          // placeholder goes, and whatever happened meanwhile (an event, a restore) stays.
          if (yield* stillCurrent(since)) {
            const placeholder =
              (yield* SubscriptionRef.get(state)).namespaces[connector.chain]?.status === "connecting"
            // A stored connection this attempt displaced (a restore in progress) must not come back on reload.
            if (placeholder) yield* forgetStored(connector.chain)
            yield* SubscriptionRef.update(state, (s) => ({
              namespaces: placeholder ? { ...s.namespaces, [connector.chain]: disconnected } : s.namespaces,
              attempt: Exit.hasInterrupts(exit) ? undefined : { _tag: "Failed" as const, connectorId, error }
            }))
          }
          yield* Deferred.fail(done, error)
        })
      const fiber = yield* Effect.forkIn(handshake(connector, since, options?.signIn), scope)
      entry.fiber = fiber
      // Settled from outside the attempt: an attempt interrupted before it started runs no finalizer of its own.
      yield* Effect.forkIn(Effect.flatMap(Fiber.await(fiber), settle), scope)
      return yield* Deferred.await(done)
    })

  const cancel = Effect.gen(function* () {
    if (inflight.size === 0) return
    const fibers = [...inflight.values()].flatMap((r) => (r.fiber === undefined ? [] : [r.fiber]))
    // Interrupt first, so each attempt settles as rejected under the epoch it started with.
    yield* Fiber.interruptAll(fibers)
    yield* Ref.update(epoch, (n) => n + 1)
  })

  return { connect, cancel }
}
