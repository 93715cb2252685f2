import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type ChainNamespace, ChainNamespaces } from "../../schemas/Primitives"
import { type ConnectionStatuses, connectedConnectorIdKey, StorageKeys } from "../../schemas/StorageKeys"
import { type ConnectionState, type NamespaceConnection, WALLET_CONNECT_ID } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import type { StorageShape } from "../../services/Storage"
import type { WalletConnectShape } from "../../services/WalletConnect"

/** New connections of some namespaces. */
export type Connections = Partial<Record<ChainNamespace, NamespaceConnection>>

export const disconnected: NamespaceConnection = { status: "disconnected" }

/**
 * The state with each connected wallet flagged as the connectors list flags it now: a wallet another
 * announcement claims after the connection began shows the impersonation tag too (THREATS.md T5).
 * None when no flag changes.
 */
export const withImpersonationFlags = (
  state: ConnectionState,
  connectors: ReadonlyArray<WalletConnector>
): Option.Option<ConnectionState> => {
  const flagged = new Set(connectors.filter((c) => c.suspicious).map((c) => c.id))
  let changed = false
  const namespaces: Connections = {}
  for (const ns of ChainNamespaces) {
    const connection = state.namespaces[ns]
    if (connection === undefined) continue
    if (
      connection.status === "connected" &&
      flagged.has(connection.connector.id) &&
      !connection.connector.suspicious
    ) {
      changed = true
      namespaces[ns] = { ...connection, connector: { ...connection.connector, suspicious: true } }
    } else namespaces[ns] = connection
  }
  return changed ? Option.some({ ...state, namespaces }) : Option.none()
}

/** WalletConnect on one namespace, named after the session's wallet (or just "WalletConnect" before one). */
export const walletConnectConnector =
  (walletConnect: Pick<WalletConnectShape, "provider">) =>
  (
    ns: ChainNamespace,
    peer: { readonly name: string; readonly icon: string | undefined }
  ): WalletConnector => ({
    id: WALLET_CONNECT_ID,
    key: WALLET_CONNECT_ID,
    type: "WALLET_CONNECT",
    chain: ns,
    name: peer.name,
    icon: peer.icon,
    rdns: undefined,
    provider: walletConnect.provider(ns),
    suspicious: false,
    uuid: undefined
  })

/** What storage remembers of the connections (SPEC.md §3): status, connector key and namespaces. */
export const makeConnectionStore = (storage: StorageShape) => {
  const statuses = Effect.map(storage.get(StorageKeys.connectionStatus), (s) =>
    Option.getOrElse(s, (): ConnectionStatuses => ({}))
  )

  const persistStatus = (ns: ChainNamespace, connection: NamespaceConnection) =>
    Effect.gen(function* () {
      yield* storage.set(StorageKeys.connectionStatus, { ...(yield* statuses), [ns]: connection.status })
      const namespaces = Option.getOrElse(yield* storage.get(StorageKeys.connectedNamespaces), () => [])
      const others = namespaces.filter((n) => n !== ns)
      if (connection.status === "connected") {
        yield* storage.set(connectedConnectorIdKey(ns), connection.connector.key)
        yield* storage.set(StorageKeys.connectedNamespaces, [...others, ns])
      } else {
        yield* storage.remove(connectedConnectorIdKey(ns))
        yield* storage.set(StorageKeys.connectedNamespaces, others)
      }
    })

  const persistStatuses = (connections: Connections) =>
    Effect.forEach(
      ChainNamespaces.flatMap((ns) => {
        const connection = connections[ns]
        return connection === undefined ? [] : [[ns, connection] as const]
      }),
      ([ns, connection]) => persistStatus(ns, connection),
      { discard: true }
    )

  /** Marks a namespace disconnected, writing only when storage says otherwise. */
  const forgetStored = (ns: ChainNamespace) =>
    Effect.gen(function* () {
      const stored = (yield* statuses)[ns]
      if (stored !== undefined && stored !== "disconnected") yield* persistStatus(ns, disconnected)
    })

  /** The namespaces storage says were connected through WalletConnect. */
  const storedWalletConnect = Effect.gen(function* () {
    const stored = yield* statuses
    const found: Array<ChainNamespace> = []
    for (const ns of ChainNamespaces) {
      if (stored[ns] !== "connected") continue
      if (Option.contains(yield* storage.get(connectedConnectorIdKey(ns)), WALLET_CONNECT_ID)) found.push(ns)
    }
    return found
  })

  /** The stored status of a namespace and the key of the wallet it was connected to. */
  const stored = (ns: ChainNamespace) =>
    Effect.gen(function* () {
      const status = Option.fromNullishOr((yield* statuses)[ns])
      const key = yield* storage.get(connectedConnectorIdKey(ns))
      return { status, key }
    })

  return { persistStatus, persistStatuses, forgetStored, storedWalletConnect, stored }
}
