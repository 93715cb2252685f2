import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../schemas/View"

/** What a view was opened with (a wallet id, a connector id...), kept opaque to the router. */
export type RouteData = Readonly<Record<string, string>>

/** A view, the views visited before it since the modal opened, and what it was opened with. */
export interface Route {
  readonly view: View
  /** The last one is `view`. */
  readonly history: ReadonlyArray<View>
  readonly data: RouteData | undefined
}

/** One unsafe request waiting in ApproveTransaction (SPEC.md §4), by its request's id (`PendingApproval.id`). */
export interface TransactionStackEntry {
  readonly id: number
}

/** The route shown, and the requests waiting in front of everything else. */
export interface RouterState extends Route {
  readonly open: boolean
  /**
   * The unsafe requests waiting for an answer (in the modal, the embedded wallet's frame, or the wallet
   * beside its preview), oldest first: a set of pending requests, not a view history. While any waits, the
   * modal is open on ApproveTransaction, which shows the oldest.
   */
  readonly transactionStack: ReadonlyArray<TransactionStackEntry>
  /**
   * While requests wait: the route the modal returns to once the last one settles, which every open and
   * move changes meanwhile; `undefined` there means the modal closes then (it was closed when the first
   * came). `undefined` while no request waits.
   */
  readonly behindStack: Route | undefined
}

/**
 * The visitor or the host closed the modal (a forced close with `pendingTransactions` waiting): whatever
 * waited on the modal is rejected (SPEC.md §4). The modal's own return to closed once the requests it
 * opened for have settled is not a close, nor a flow's `closeWhenSettled`: nothing is rejected by them.
 */
export type RouterEvent = { readonly _tag: "Closed"; readonly pendingTransactions: number }

export interface ModalRouterShape {
  readonly state: SubscriptionRef.SubscriptionRef<RouterState>
  /**
   * Opens on `view` (ApproveTransaction only through `pushTransaction`: Connect instead). While requests
   * wait, the open waits behind them: ApproveTransaction stays in front, and `view` is where the modal goes
   * once the last one settles (opening ApproveTransaction then changes nothing).
   */
  readonly open: (view: View, data?: RouteData) => Effect.Effect<void>
  /**
   * Closes the modal, unless a request waits in ApproveTransaction and `force` is not set. A forced close
   * publishes `Closed` with the requests that waited, whose listener rejects them. Answers whether it closed.
   */
  readonly close: (options?: { readonly force?: boolean }) => Effect.Effect<boolean>
  /**
   * The modal's own flows leaving their view: closes now when no request waits, else once the last one
   * settles (instead of returning to that view). Publishes no `Closed`: it rejects nothing.
   */
  readonly closeWhenSettled: Effect.Effect<void>
  /** Shows `view` next (behind the requests while any waits); ApproveTransaction is never a place to go. */
  readonly push: (view: View, data?: RouteData) => Effect.Effect<void>
  readonly replace: (view: View, data?: RouteData) => Effect.Effect<void>
  /**
   * Goes one view back; with nothing to go back to, closes the modal. While requests wait, the route behind
   * them goes back, and stays at its first view.
   */
  readonly goBack: Effect.Effect<void>
  /** A request now waits in ApproveTransaction: the modal opens there, in front of the route it showed. */
  readonly pushTransaction: (entry: TransactionStackEntry) => Effect.Effect<void>
  /**
   * Takes the request `id` off the stack, however it ended (other requests stay); with none left, the modal
   * returns to the route behind them, or closes when it opened for them.
   */
  readonly removeTransaction: (id: number) => Effect.Effect<void>
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
