import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../../schemas/View"
import {
  ModalRouter,
  type Route,
  type RouteData,
  type RouterEvent,
  type RouterState
} from "../../services/ModalRouter"

export const initialRouterState: RouterState = {
  open: false,
  view: "Connect",
  history: ["Connect"],
  data: undefined,
  transactionStack: [],
  behindStack: undefined
}

/** ApproveTransaction shows the pending requests: it is never a place to navigate to. */
const navigable = (view: View): boolean => view !== "ApproveTransaction"

const stacked = (state: RouterState): boolean => state.transactionStack.length > 0

export const opened = (view: View, data: RouteData | undefined): Route => ({ view, history: [view], data })

/** Closing is refused while any request waits in ApproveTransaction, unless forced (SPEC.md §2). */
export const canClose = (state: RouterState, force: boolean): boolean => force || !stacked(state)

export const pushed = (route: Route, view: View, data: RouteData | undefined): Route =>
  route.view === view ? { ...route, data } : { view, data, history: [...route.history, view] }

export const replaced = (route: Route, view: View, data: RouteData | undefined): Route => ({
  view,
  data,
  history: [...route.history.slice(0, -1), view]
})

/** One view back, or `undefined` when there is nothing to go back to (the modal should close). */
export const wentBack = (route: Route): Route | undefined => {
  if (route.history.length <= 1) return undefined
  const history = route.history.slice(0, -1)
  return { view: history[history.length - 1] ?? "Connect", history, data: undefined }
}

/**
 * The route the visitor navigates: the one shown, or while requests wait, the one behind them (closed when
 * the modal closes once they settle).
 */
export const visitorRoute = (state: RouterState): Route & { readonly open: boolean } =>
  !stacked(state)
    ? state
    : state.behindStack === undefined
      ? { ...state, open: false }
      : { ...state.behindStack, open: true }

/** `move` applied to the visitor's route; nothing to move while the modal waits only to close. */
export const moved = (state: RouterState, move: (route: Route) => Route): RouterState =>
  !stacked(state)
    ? { ...state, ...move(state) }
    : state.behindStack === undefined
      ? state
      : { ...state, behindStack: move(state.behindStack) }

/** `view` opened: shown, or while requests wait, where the modal goes once they settle. */
export const openedOn = (state: RouterState, view: View, data: RouteData | undefined): RouterState =>
  !stacked(state)
    ? { ...initialRouterState, ...opened(navigable(view) ? view : "Connect", data), open: true }
    : navigable(view)
      ? { ...state, behindStack: opened(view, data) }
      : state

const closed = (state: RouterState): RouterState => ({
  ...initialRouterState,
  view: state.view,
  history: state.history
})

/** Request `id` waits: ApproveTransaction shows, in front of the route it covers (none when closed). */
export const withTransaction = (state: RouterState, id: number): RouterState =>
  state.transactionStack.some((entry) => entry.id === id)
    ? state
    : {
        open: true,
        ...opened("ApproveTransaction", undefined),
        transactionStack: [...state.transactionStack, { id }],
        behindStack: stacked(state)
          ? state.behindStack
          : state.open
            ? { view: state.view, history: state.history, data: state.data }
            : undefined
      }

/** Request `id` settled: off the stack; with none left, back to the route behind, or closed. */
export const withoutTransaction = (state: RouterState, id: number): RouterState => {
  const rest = state.transactionStack.filter((entry) => entry.id !== id)
  if (rest.length === state.transactionStack.length) return state
  if (rest.length > 0) return { ...state, transactionStack: rest }
  const behind = state.behindStack
  return behind === undefined ? closed(state) : { ...initialRouterState, ...behind, open: true }
}

export const makeModalRouter = Effect.gen(function* () {
  const state = yield* SubscriptionRef.make(initialRouterState)
  const events = yield* PubSub.unbounded<RouterEvent>()
  const update = (f: (state: RouterState) => RouterState) => SubscriptionRef.update(state, f)

  /** Closes unless `force` is off and requests wait, telling listeners; answers whether it is closed. */
  const close = (options?: { readonly force?: boolean }) =>
    Effect.gen(function* () {
      const force = options?.force === true
      const before = yield* SubscriptionRef.getAndUpdate(state, (s) =>
        s.open && canClose(s, force) ? closed(s) : s
      )
      if (!before.open) return true
      if (!canClose(before, force)) return false
      const event: RouterEvent = { _tag: "Closed", pendingTransactions: before.transactionStack.length }
      yield* PubSub.publish(events, event)
      return true
    })

  const move = (to: typeof pushed) => (view: View, data?: RouteData) =>
    update((s) => (navigable(view) ? moved(s, (route) => to(route, view, data)) : s))

  return ModalRouter.of({
    state,
    open: (view, data) => update((s) => openedOn(s, view, data)),
    close,
    closeWhenSettled: update((s) => (stacked(s) ? { ...s, behindStack: undefined } : closed(s))),
    push: move(pushed),
    replace: move(replaced),
    // At the first view, Back closes; behind waiting requests it stays there.
    goBack: Effect.flatMap(
      SubscriptionRef.modify(state, (s): readonly [boolean, RouterState] => {
        const previous = wentBack(s)
        if (stacked(s)) return [false, moved(s, (route) => wentBack(route) ?? route)]
        return previous === undefined ? [true, s] : [false, { ...s, ...previous }]
      }),
      (atFirstView) => (atFirstView ? Effect.asVoid(close()) : Effect.void)
    ),
    pushTransaction: (entry) => update((s) => withTransaction(s, entry.id)),
    removeTransaction: (id) => update((s) => withoutTransaction(s, id)),
    subscribe: PubSub.subscribe(events)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ModalRouterLive = Layer.effect(ModalRouter, makeModalRouter)
