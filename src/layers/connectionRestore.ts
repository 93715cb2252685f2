import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { WalletConnectSession } from "../internal/sessionAccounts"
import type { ChainNamespace } from "../schemas/Primitives"
import type { ConnectionStatus } from "../schemas/StorageKeys"
import type { ConnectionState, NamespaceConnection } from "../services/Connection"
import type { ConnectorsShape, Eip1193Provider, WalletConnector } from "../services/Connectors"
import type { WalletConnectError, WalletConnectShape } from "../services/WalletConnect"
import { eip155NetworkId } from "./NetworksLive"
import { decodeAccounts, walletRead } from "./walletIo"

/** How long a stored wallet may take to announce itself after a reload. */
export const RESTORE_DISCOVERY_TIMEOUT = Duration.seconds(3)

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
  readonly commit: (
    connector: WalletConnector,
    accounts: ReadonlyArray<string>,
    chainId: unknown,
    since: Ref.Ref<number>
  ) => Effect.Effect<boolean>
  readonly commitSession: (
    session: WalletConnectSession,
    since: Ref.Ref<number>
  ) => Effect.Effect<boolean, WalletConnectError>
  readonly readChain: (provider: Eip1193Provider) => Effect.Effect<unknown, unknown>
}

/**
 * The connection's start from storage (SPEC.md §3, THREATS.md T5): what was stored only suggests a
 * reconnect, which the wallet itself must confirm.
 */
export const makeRestore = (deps: RestoreDeps) => {
  const { state, epoch, awaitKey, walletConnect, stored, storedWalletConnect } = deps
  const { setNamespace, dropConnection, stillCurrent, commit, commitSession, readChain } = deps

  /** A stored WalletConnect connection comes back only when the SDK still holds a session that decodes. */
  const restoreWalletConnect = (namespaces: ReadonlyArray<ChainNamespace>, since: Ref.Ref<number>) =>
    Effect.gen(function* () {
      const session = yield* walletConnect.restore
      // Code that would not load counts as no session: the stored connection goes, the SDK's stays.
      const restored =
        Option.isSome(session) &&
        (yield* Effect.orElseSucceed(commitSession(session.value, since), () => false))
      if (restored || !(yield* stillCurrent(since))) return
      for (const ns of namespaces) {
        if ((yield* SubscriptionRef.get(state)).namespaces[ns]?.status === "connecting")
          yield* dropConnection(ns)
      }
    })

  /**
   * On start, a stored connection only suggests a reconnect: the wallet must still be here and say so.
   * Shows the stored namespaces connecting; answers the rest, which waits for the wallet.
   */
  const restore: Effect.Effect<Effect.Effect<void>> = Effect.gen(function* () {
    const since = yield* Ref.make(yield* Ref.get(epoch))
    const viaWalletConnect = yield* storedWalletConnect
    if (viaWalletConnect.length > 0) {
      for (const ns of viaWalletConnect) yield* setNamespace(ns, connecting)
      return restoreWalletConnect(viaWalletConnect, since)
    }
    const { status, key } = yield* stored("eip155")
    if (!Option.contains(status, "connected") || Option.isNone(key)) {
      if (Option.isSome(status) && status.value !== "disconnected") yield* dropConnection("eip155")
      return Effect.void
    }
    yield* setNamespace("eip155", connecting)
    return Effect.gen(function* () {
      const connector = yield* awaitKey(key.value, Duration.toMillis(RESTORE_DISCOVERY_TIMEOUT))
      const restored = yield* Option.match(connector, {
        onNone: () => Effect.succeed(false),
        onSome: (c) =>
          Effect.gen(function* () {
            const accounts = decodeAccounts(yield* walletRead(c.provider, "eth_accounts"))
            const chainId = yield* readChain(c.provider)
            // No chain the wallet can name: no reconnect on a guessed one.
            if (Option.isNone(eip155NetworkId(chainId))) return false
            return yield* commit(c, accounts, chainId, since)
          }).pipe(Effect.orElseSucceed(() => false))
      })
      if (!restored && (yield* stillCurrent(since))) yield* dropConnection("eip155")
    })
  })

  return restore
}
