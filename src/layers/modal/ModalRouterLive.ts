import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../../schemas/View"
import {
  ModalRouter,
  type ModalRouterShape,
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

export const opened = (view: View, data: RouteData | undefined): Route => ({ view, history: [view], data })

/** Closing is refused while any request waits in ApproveTransaction, unless forced (SPEC.md §2). */
export const canClose = (state: RouterState, force: boolean): boolean =>
  force || state.transactionStack.length === 0

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
export const visitorRoute = (state: RouterState): Route & { readonly open: boolean } => {
  if (state.transactionStack.length === 0) return state
  return state.behindStack === undefined ? { ...state, open: false } : { ...state.behindStack, open: true }
}

/** `move` applied to the visitor's route; nothing to move while the modal waits only to close. */
export const moved = (state: RouterState, move: (route: Route) => Route): RouterState => {
  if (state.transactionStack.length === 0) return { ...state, ...move(state) }
  return state.behindStack === undefined ? state : { ...state, behindStack: move(state.behindStack) }
}

const closed = (state: RouterState): RouterState => ({
  ...initialRouterState,
  view: state.view,
  history: state.history
})

/** Request `id` waits: ApproveTransaction shows, in front of the route it covers (none when closed). */
export const withTransaction = (state: RouterState, id: number): RouterState => {
  const stack = state.transactionStack
  if (stack.some((entry) => entry.id === id)) return state
  const { view, history, data } = state
  return {
    open: true,
    ...opened("ApproveTransaction", undefined),
    transactionStack: [...stack, { id }],
    behindStack: stack.length > 0 ? state.behindStack : state.open ? { view, history, data } : undefined
  }
}

/** Request `id` settled: off the stack; with none left, back to the route behind, or closed. */
export const withoutTransaction = (state: RouterState, id: number): RouterState => {
  const rest = state.transactionStack.filter((entry) => entry.id !== id)
  if (rest.length === state.transactionStack.length) return state
  if (rest.length > 0) return { ...state, transactionStack: rest }
  const behind = state.behindStack
  return behind === undefined
    ? closed(state)
    : { ...behind, open: true, transactionStack: [], behindStack: undefined }
}

/** `view` opened: shown, or while requests wait, where the modal goes once they settle. */
export const openedOn = (state: RouterState, view: View, data: RouteData | undefined): RouterState => {
  if (state.transactionStack.length > 0)
    return navigable(view) ? { ...state, behindStack: opened(view, data) } : state
  return { ...initialRouterState, ...opened(navigable(view) ? view : "Connect", data), open: true }
}

export const makeModalRouter = Effect.gen(function* () {
  const state = yield* SubscriptionRef.make(initialRouterState)
  const events = yield* PubSub.unbounded<RouterEvent>()

  /** Closes when `allowed` lets it, telling listeners; answers whether the modal is closed. */
  const closeIf = (allowed: (state: RouterState) => boolean) =>
    Effect.gen(function* () {
      const before = yield* SubscriptionRef.modify(state, (s): readonly [RouterState, RouterState] => [
        s,
        s.open && allowed(s) ? closed(s) : s
      ])
      if (!before.open) return true
      if (!allowed(before)) return false
      yield* PubSub.publish(events, { _tag: "Closed", pendingTransactions: before.transactionStack.length })
      return true
    })
  const close: ModalRouterShape["close"] = (options) => closeIf((s) => canClose(s, options?.force === true))

  const goBack = Effect.flatMap(
    SubscriptionRef.modify(state, (s): readonly [boolean, RouterState] => {
      if (s.transactionStack.length > 0) return [false, moved(s, (route) => wentBack(route) ?? route)]
      const previous = wentBack(s)
      return previous === undefined ? [true, s] : [false, { ...s, ...previous }]
    }),
    (atFirstView) => (atFirstView ? close() : Effect.void)
  )

  const move = (to: typeof pushed) => (view: View, data?: RouteData) =>
    SubscriptionRef.update(state, (s) => (navigable(view) ? moved(s, (route) => to(route, view, data)) : s))

  return ModalRouter.of({
    state,
    open: (view, data) =>
      Effect.andThen(
        SubscriptionRef.update(state, (s) => openedOn(s, view, data)),
        PubSub.publish(events, { _tag: "Opened", view: navigable(view) ? view : "Connect" })
      ),
    close,
    closeWhenSettled: SubscriptionRef.update(state, (s) =>
      s.transactionStack.length > 0 ? { ...s, behindStack: undefined } : closed(s)
    ),
    push: move(pushed),
    replace: move(replaced),
    goBack: Effect.asVoid(goBack),
    pushTransaction: (entry) => SubscriptionRef.update(state, (s) => withTransaction(s, entry.id)),
    removeTransaction: (id) => SubscriptionRef.update(state, (s) => withoutTransaction(s, id)),
    subscribe: PubSub.subscribe(events)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ModalRouterLive = Layer.effect(ModalRouter, makeModalRouter)
