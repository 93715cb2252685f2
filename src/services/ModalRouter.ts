import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../schemas/View"

/** What a view was opened with (a wallet id, a connector id...), kept opaque to the router. */
export type RouteData = Readonly<Record<string, string>>

/** One pending unsafe request waiting in ApproveTransaction (SPEC.md §4). */
export interface TransactionStackEntry {
  readonly view: View
  /** Set by the router: the modal was closed when the request came, so it closes again when settled. */
  readonly closeOnPop: boolean
  /** The visitor must answer here (in-modal approval); a preview beside the wallet's prompt can be closed. */
  readonly blocksClose: boolean
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
  /** Opens on `view` (ApproveTransaction only through `pushTransaction`: Connect instead). */
  readonly open: (view: View, data?: RouteData) => Effect.Effect<void>
  /**
   * Closes the modal unless ApproveTransaction is showing a request the visitor must answer there and
   * `force` is not set.
   * Returns whether it closed.
   */
  readonly close: (options?: { readonly force?: boolean }) => Effect.Effect<boolean>
  /** Shows `view` next; ApproveTransaction is shown only through `pushTransaction`. */
  readonly push: (view: View, data?: RouteData) => Effect.Effect<void>
  readonly replace: (view: View, data?: RouteData) => Effect.Effect<void>
  /** Goes one view back; with nothing to go back to, closes the modal. */
  readonly goBack: Effect.Effect<void>
  /** Shows an unsafe request's approval view, opening the modal when it is closed. */
  readonly pushTransaction: (entry: Omit<TransactionStackEntry, "closeOnPop">) => Effect.Effect<void>
  /**
   * Takes the newest pending transaction off the stack, however it ended: goes back, or closes when the
   * modal opened for it.
   */
  readonly popTransaction: Effect.Effect<void>
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
