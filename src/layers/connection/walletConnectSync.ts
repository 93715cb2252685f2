import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type ChainNamespace, ChainNamespaces, caipNetworkIdParts } from "../../schemas/Primitives"
import { type ConnectionState, type NamespaceConnection, WALLET_CONNECT_ID } from "../../services/Connection"
import type { NetworksShape } from "../../services/Networks"
import type {
  WalletConnectEvent,
  WalletConnectSession,
  WalletConnectShape
} from "../../services/WalletConnect"
import { activeId } from "../networks/activeNetwork"
import { addressesOf, namespacesOf, requestChainOf } from "../walletconnect/sessionAccounts"
import { type Connections, disconnected, walletConnectConnector } from "./connectionStore"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

/** What the session sync needs of the connection that owns it. */
export interface SessionSyncDeps {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  readonly networks: NetworksShape
  readonly walletConnect: WalletConnectShape
  /** The scope the event listener's fiber lives in. */
  readonly scope: Scope.Scope
  readonly namespacesWith: (key: string) => Effect.Effect<ReadonlyArray<ChainNamespace>>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly followChain: (chainId: unknown) => Effect.Effect<void>
  readonly persistStatuses: (connections: Connections) => Effect.Effect<void>
  readonly show: (connections: Connections, attempt: "keep" | "clear") => Effect.Effect<void>
}

/**
 * A WalletConnect session as connections: one per namespace it grants, kept in step with the session's
 * events (deleted, updated, chain changed). Loaded by `ConnectionLive` with the first session.
 */
export const makeSessionSync = (deps: SessionSyncDeps) => {
  const { state, networks, walletConnect, scope } = deps
  const connectorOf = walletConnectConnector(walletConnect)
  const { namespacesWith, dropConnection, followChain, persistStatuses, show } = deps

  const activeIdOf = (ns: ChainNamespace) =>
    Effect.map(SubscriptionRef.get(networks.state), (n) => {
      const active = n.active[ns]
      return active === undefined ? undefined : activeId(active)
    })

  /**
   * Makes a session's accounts the connection of every namespace it covers; namespaces it no longer covers
   * are dropped. The active network follows the session when the session does not cover it. Answers the
   * namespaces' connections, stored so; the caller shows them.
   */
  const applySession = (session: WalletConnectSession) =>
    Effect.gen(function* () {
      const shown = (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const covered = namespacesOf(session)
      const previous = yield* namespacesWith(WALLET_CONNECT_ID)
      const connections: Connections = {}
      for (const ns of previous) if (!covered.includes(ns)) connections[ns] = disconnected
      for (const ns of covered) {
        const active = yield* activeIdOf(ns)
        const addresses = addressesOf(session, ns, active)
        const [address] = addresses
        if (address === undefined) continue
        const connection: Connected = {
          status: "connected",
          connector: connectorOf(ns, session.peer),
          address,
          allAccounts: addresses,
          // A session's Bitcoin account is its payment address (CAIP-10 names one address per chain).
          accountType: ns === "bip122" ? "payment" : "eoa"
        }
        connections[ns] = connection
        const chain = requestChainOf(session, ns, active)
        if (chain === undefined || chain === active) continue
        if (ns === "eip155") yield* followChain(caipNetworkIdParts(chain).reference)
        else if (Option.isSome(networks.find(chain))) yield* networks.setActive(chain)
      }
      // Following chains must not move the visitor to another namespace: the one shown stays, unless the
      // session does not cover it.
      const keep = covered.includes(shown) ? shown : covered[0]
      const now = (yield* SubscriptionRef.get(networks.state)).activeNamespace
      if (keep !== undefined && keep !== now) yield* networks.setActiveNamespace(keep)
      yield* persistStatuses(connections)
      return connections
    })

  const onWalletConnectEvent = (event: WalletConnectEvent) =>
    Effect.gen(function* () {
      switch (event._tag) {
        case "SessionDeleted": {
          const connected = yield* SubscriptionRef.get(state)
          const ns = ChainNamespaces.find((n) => {
            const c = connected.namespaces[n]
            return c?.status === "connected" && c.connector.type === "WALLET_CONNECT"
          })
          if (ns !== undefined) yield* dropConnection(ns)
          return
        }
        case "SessionChanged":
          return yield* show(yield* applySession(event.session), "keep")
        case "ChainChanged":
          return yield* followChain(caipNetworkIdParts(event.caipNetworkId).reference)
      }
    })

  /**
   * Follows the session's events until the scope closes; subscribed before it returns, so none is missed.
   * An event is handled whole: a deletion closes this very scope while it drops the session, so closing
   * does not wait for the handling to end.
   */
  const listenWalletConnect: Effect.Effect<void, never, Scope.Scope> = Effect.gen(function* () {
    const events = yield* walletConnect.events
    const fiber = yield* Effect.forkIn(
      Effect.forever(
        Effect.flatMap(PubSub.take(events), (event) => Effect.uninterruptible(onWalletConnectEvent(event)))
      ),
      scope
    )
    yield* Effect.addFinalizer(() =>
      Effect.asVoid(Effect.forkDetach(Fiber.interrupt(fiber), { startImmediately: true }))
    )
  })

  return { applySession, listenWalletConnect }
}
