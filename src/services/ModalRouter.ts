import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../schemas/View"

/** What a view was opened with (a wallet id, a connector id...), kept opaque to the router. */
export type RouteData = Readonly<Record<string, string>>

/** How an unsafe request left the ApproveTransaction flow. */
export type TransactionOutcome = "success" | "error" | "cancel"

/** One pending unsafe request waiting in ApproveTransaction (SPEC.md §4). */
export interface TransactionStackEntry {
  readonly view: View
  readonly onSettled?: (outcome: TransactionOutcome) => void
  /** Set by the router: the modal was closed when the request came, so it closes again when settled. */
  readonly closeOnPop: boolean
}

export interface RouterState {
  readonly open: boolean
  readonly view: View
  /** Views visited since the modal opened; the last one is `view`. */
  readonly history: ReadonlyArray<View>
  readonly data: RouteData | undefined
  readonly transactionStack: ReadonlyArray<TransactionStackEntry>
}

/** A view change a listener cares about (closing rejects pending unsafe requests, SPEC.md §4). */
export type RouterEvent =
  | { readonly _tag: "Opened"; readonly view: View }
  | { readonly _tag: "Closed"; readonly pendingTransactions: number }

export interface ModalRouterShape {
  readonly state: SubscriptionRef.SubscriptionRef<RouterState>
  /** Opens on `view`, else on Account when an address is connected, else on Connect. */
  readonly open: (view?: View, data?: RouteData) => Effect.Effect<void>
  /**
   * Closes the modal unless ApproveTransaction is showing and `force` is not set.
   * Returns whether it closed.
   */
  readonly close: (options?: { readonly force?: boolean }) => Effect.Effect<boolean>
  readonly push: (view: View, data?: RouteData) => Effect.Effect<void>
  readonly replace: (view: View, data?: RouteData) => Effect.Effect<void>
  /** Goes one view back; with nothing to go back to, closes the modal. */
  readonly goBack: Effect.Effect<void>
  /** Shows an unsafe request's approval view, opening the modal when it is closed. */
  readonly pushTransaction: (entry: Omit<TransactionStackEntry, "closeOnPop">) => Effect.Effect<void>
  /** Settles the newest pending transaction: goes back, or closes when it was the last. */
  readonly popTransaction: (outcome: TransactionOutcome) => Effect.Effect<void>
  /** Router events from now on, for as long as the scope lasts. */
  readonly subscribe: Effect.Effect<PubSub.Subscription<RouterEvent>, never, Scope.Scope>
}

/**
 * The modal's navigation: views, history, the transaction stack and the open/close rules.
 *
 * @since 0.1.0
 * @category tags
 */
export class ModalRouter extends Context.Service<ModalRouter, ModalRouterShape>()("@airlock/ModalRouter") {}

/**
 * Whether an address is connected, asked when the modal opens without a view. The default answers "no";
 * the connection layer provides the real answer.
 *
 * @since 0.1.0
 * @category tags
 */
export const ConnectedAccount = Context.Reference<{ readonly isConnected: Effect.Effect<boolean> }>(
  "@airlock/ConnectedAccount",
  { defaultValue: () => ({ isConnected: Effect.succeed(false) }) }
)
