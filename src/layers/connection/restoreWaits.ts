/**
 * The restore's wait for the wallets storage named (`connectionRestore`): the WalletConnect SDK's session,
 * and each browser wallet's announcement, alone in claiming its key through the restore's window, and its
 * own answer. Loaded only when storage names one.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { ConnectionStatus } from "../../schemas/StorageKeys"
import type { ConnectionState, NamespaceConnection } from "../../services/Connection"
import type { ConnectorsShape, WalletConnector } from "../../services/Connectors"
import type {
  WalletConnectError,
  WalletConnectSession,
  WalletConnectShape
} from "../../services/WalletConnect"
import { type ClaimGuardDeps, makeClaimGuard, rivalsOf } from "./claimGuard"
import type { Commit } from "./walletAsk"

/** What the restore needs of the connection that owns it. */
export interface RestoreDeps {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  readonly epoch: Ref.Ref<number>
  /**
   * The connector a stored key names, decided when the window given closes (`Connectors.awaitKey`); the
   * auth connector by its key, at once.
   */
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
  /** The page's wallets: a restored one stands only while no other claims its key (`claimGuard`). */
  readonly connectors: ClaimGuardDeps["connectors"]
  readonly current: ClaimGuardDeps["current"]
  /** The connection layer's context, for its notices. */
  readonly context: ClaimGuardDeps["context"]
}

/** What storage says was connected, and so what the restore waits for. */
export interface RestorePlan {
  /** Namespaces stored as connected through WalletConnect: they come back with the SDK's session. */
  readonly walletConnect: ReadonlyArray<ChainNamespace>
  /** Browser wallets (or the embedded one) by the key they were stored under. */
  readonly wallets: ReadonlyArray<{ readonly ns: "eip155" | "solana" | "bip122"; readonly key: string }>
  /** When the restore began (`Clock` millis): the browser wallets' window runs from then. */
  readonly startedAt: number
}

/**
 * The restore's one window for stored browser wallets (THREATS.md T5, R2), from the restore's start: the
 * stored wallet must announce itself within it, and its namespace stays connecting until it has closed with
 * that wallet alone in claiming the key (so an impostor announcing first is never connected, not even
 * for a moment); only then is the wallet asked what it answers unasked and connected. A second claim within
 * the window restores nothing; one after it ends the restored connection (`claimGuard`). WalletConnect
 * and the embedded wallet, which no announcement names, do not wait for it.
 */
export const RESTORE_WINDOW = Duration.seconds(2)

export const awaitStored = (deps: RestoreDeps, plan: RestorePlan, since: Ref.Ref<number>) => {
  const { state, walletConnect, awaitKey, askQuietly, commit, commitSession, dropConnection, stillCurrent } =
    deps
  const { guard, explainUnrestored } = makeClaimGuard(deps)

  /** A stored WalletConnect connection comes back only when the SDK still holds a session that decodes. */
  const restoreWalletConnect = (namespaces: ReadonlyArray<ChainNamespace>) =>
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
   * A stored browser wallet comes back once the window has closed with it on the page again, alone in
   * claiming its key, and it names its accounts unasked; it stays only while no other wallet claims the key.
   */
  const restoreWallet = (ns: "eip155" | "solana" | "bip122", key: string) =>
    Effect.gen(function* () {
      const elapsed = (yield* Clock.currentTimeMillis) - plan.startedAt
      const connector = yield* awaitKey(key, Math.max(0, Duration.toMillis(RESTORE_WINDOW) - elapsed))
      const answer = Option.isSome(connector) ? yield* askQuietly(connector.value) : undefined
      // A rival that claimed the key while the wallet answered is still in time to stop the restore.
      const alone =
        Option.isSome(connector) &&
        rivalsOf(yield* SubscriptionRef.get(deps.connectors), connector.value).length === 0
      const restored =
        alone &&
        answer !== undefined &&
        (yield* commit(
          connector.value,
          answer.accounts,
          answer.chain,
          since,
          ns === "eip155",
          guard(connector.value)
        ))
      if (restored || !(yield* stillCurrent(since))) return
      yield* dropConnection(ns)
      yield* explainUnrestored(key)
    })

  return Effect.all(
    [
      ...(plan.walletConnect.length > 0 ? [restoreWalletConnect(plan.walletConnect)] : []),
      ...plan.wallets.map(({ ns, key }) => restoreWallet(ns, key))
    ],
    { concurrency: "unbounded", discard: true }
  )
}
