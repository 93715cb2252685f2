import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { WalletConnectSession } from "../internal/sessionAccounts"
import type { ChainNamespace } from "../schemas/Primitives"
import type { ConnectionStatus } from "../schemas/StorageKeys"
import type { ConnectionState, NamespaceConnection } from "../services/Connection"
import type { ConnectorsShape, WalletConnector } from "../services/Connectors"
import type { WalletConnectError, WalletConnectShape } from "../services/WalletConnect"
import type { Commit } from "./walletAsk"

const connecting: NamespaceConnection = { status: "connecting" }

/** What the restore needs of the connection that owns it. */
export interface RestoreDeps {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  readonly epoch: Ref.Ref<number>
  /** The connector a stored key names (`Connectors.awaitKey`, and the auth connector by its key). */
  readonly awaitKey: ConnectorsShape["awaitKey"]
  readonly walletConnect: WalletConnectShape
  readonly stored: (ns: ChainNamespace) => Effect.Effect<{
    readonly status: Option.Option<ConnectionStatus>
    readonly key: Option.Option<string>
  }>
  readonly storedWalletConnect: Effect.Effect<ReadonlyArray<ChainNamespace>>
  readonly setNamespace: (ns: ChainNamespace, connection: NamespaceConnection) => Effect.Effect<void>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly stillCurrent: (since: Ref.Ref<number>) => Effect.Effect<boolean>
  readonly commit: Commit
  readonly commitSession: (
    session: WalletConnectSession,
    since: Ref.Ref<number>
  ) => Effect.Effect<boolean, WalletConnectError>
  /** What a stored wallet answers without asking: its accounts and their chain; none when it cannot say. */
  readonly askQuietly: (
    connector: WalletConnector
  ) => Effect.Effect<{ readonly accounts: ReadonlyArray<string>; readonly chain: unknown } | undefined>
  /** The key the embedded wallet is stored by: its Solana side comes back with its EVM side. */
  readonly authKey: string
}

/** What storage says was connected, and so what the restore waits for. */
export interface RestorePlan {
  /** Namespaces stored as connected through WalletConnect: they come back with the SDK's session. */
  readonly walletConnect: ReadonlyArray<ChainNamespace>
  /** Browser wallets (or the embedded one) by the key they were stored under. */
  readonly wallets: ReadonlyArray<{ readonly ns: "eip155" | "solana"; readonly key: string }>
}

/**
 * The connection's start from storage (SPEC.md §3, THREATS.md T5): what was stored only suggests a
 * reconnect, which the wallet itself must confirm. The stored namespaces show connecting at once; the wait
 * for their wallets (`deferred/restoreWaits`) loads only when storage names one, so a first visit never
 * downloads it.
 */
export const makeRestore = (deps: RestoreDeps) => {
  const { epoch, stored, storedWalletConnect, setNamespace, dropConnection, stillCurrent } = deps

  /** The namespace's stored wallet key when it was connected; a stale status is cleared. */
  const storedWallet = (ns: "eip155" | "solana") =>
    Effect.gen(function* () {
      const { status, key } = yield* stored(ns)
      if (Option.contains(status, "connected") && Option.isSome(key)) return key.value
      if (Option.isSome(status) && status.value !== "disconnected") yield* dropConnection(ns)
      return undefined
    })

  /** Shows the stored namespaces connecting; answers the rest, which waits for the wallets. */
  const restore: Effect.Effect<Effect.Effect<void>> = Effect.gen(function* () {
    const since = yield* Ref.make(yield* Ref.get(epoch))
    const walletConnect = yield* storedWalletConnect
    const wallets: Array<RestorePlan["wallets"][number]> = []
    for (const ns of ["eip155", "solana"] as const) {
      if (walletConnect.includes(ns)) continue
      const key = yield* storedWallet(ns)
      // The embedded wallet's Solana side comes back with its EVM side.
      if (key !== undefined && !(ns === "solana" && key === deps.authKey)) wallets.push({ ns, key })
    }
    const waiting = [...walletConnect, ...wallets.map((w) => w.ns)]
    for (const ns of waiting) yield* setNamespace(ns, connecting)
    if (waiting.length === 0) return Effect.void
    return Effect.tryPromise(() => import("./deferred/restoreWaits")).pipe(
      Effect.flatMap((module) => module.awaitStored(deps, { walletConnect, wallets }, since)),
      // Code that would not load restores nothing: the namespaces it would have waited for go.
      Effect.catch(() =>
        Effect.gen(function* () {
          if (!(yield* stillCurrent(since))) return
          for (const ns of waiting) yield* dropConnection(ns)
        })
      )
    )
  })

  return restore
}
