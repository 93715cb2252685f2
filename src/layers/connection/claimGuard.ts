/**
 * A restored connection rests on a stored key (the wallet's rdns, else its name) that any wallet on the
 * page may announce, so it is trusted only while one wallet claims it (THREATS.md T5, R2). The restore
 * itself connects no wallet when two claim the key within its window (`RESTORE_WINDOW`,
 * `Connectors.awaitKey`): the namespace goes from connecting to disconnected. A claim after the window,
 * while the restored connection stands, ends it. Either way the visitor is told why, and the Connect view
 * shows both claimants tagged (the connectors list flags them). Loaded with the restore
 * (`restoreWaits.ts`): a page that restores nothing never needs it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ContestedWalletError } from "../../errors"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { NamespaceConnection } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import { Notifications } from "../../services/Notifications"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export interface ClaimGuardDeps {
  readonly connectors: SubscriptionRef.SubscriptionRef<ReadonlyArray<WalletConnector>>
  readonly current: (ns: ChainNamespace) => Effect.Effect<Option.Option<Connected>>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  /** The connection layer's context: its notices, where the visitor is told why (a host may have none). */
  readonly context: Context.Context<never>
}

/** The other wallets on the page that claim `connector`'s key: another provider object, the same key. */
export const rivalsOf = (all: ReadonlyArray<WalletConnector>, connector: WalletConnector) =>
  all.filter((c) => c.key === connector.key && c.provider !== connector.provider)

export const makeClaimGuard = (deps: ClaimGuardDeps) => {
  const { connectors, current, dropConnection } = deps
  const notifications = Context.getOption(deps.context, Notifications)
  const notify = (error: ContestedWalletError) =>
    Option.match(notifications, { onNone: () => Effect.void, onSome: (n) => n.showError(error) })

  /** Ends `connector`'s connection, if it still stands, and says why. */
  const endContested = (connector: WalletConnector) =>
    Effect.gen(function* () {
      const ns = connector.chain
      const now = yield* current(ns)
      if (!Option.exists(now, (c) => c.connector.provider === connector.provider)) return
      yield* dropConnection(ns)
      yield* notify(new ContestedWalletError({ walletName: connector.name, during: "connection" }))
    })

  /**
   * Watches the page's wallets for as long as the scope lasts (the restored connection's listeners): the
   * first rival claim of the key ends the connection. Dropping it closes this very scope, so the ending
   * runs to its end whatever happens to the watcher.
   */
  const guard = (connector: WalletConnector): Effect.Effect<void, never, Scope.Scope> =>
    Effect.asVoid(
      Effect.forkScoped(
        SubscriptionRef.changes(connectors).pipe(
          Stream.filter((all) => rivalsOf(all, connector).length > 0),
          Stream.runHead,
          Effect.flatMap((rivalry) =>
            Option.isSome(rivalry) ? Effect.uninterruptible(endContested(connector)) : Effect.void
          )
        )
      )
    )

  /** After a restore of `key` that did not happen: tells the visitor when several wallets claim it. */
  const explainUnrestored = (key: string) =>
    Effect.gen(function* () {
      const claimants = (yield* SubscriptionRef.get(connectors)).filter((c) => c.key === key)
      const [first] = claimants
      if (first !== undefined && claimants.length > 1)
        yield* notify(new ContestedWalletError({ walletName: first.name, during: "restore" }))
    })

  return { guard, explainUnrestored }
}
