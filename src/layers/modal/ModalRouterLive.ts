import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { View } from "../../schemas/View"
import {
  ModalRouter,
  type ModalRouterShape,
  type RouteData,
  type RouterEvent,
  type RouterState,
  type TransactionStackEntry
} from "../../services/ModalRouter"

export const initialRouterState: RouterState = {
  open: false,
  view: "Connect",
  history: ["Connect"],
  data: undefined,
  transactionStack: []
}

/** ApproveTransaction shows a pending request: it is never a place to navigate to. */
const navigable = (view: View): boolean => view !== "ApproveTransaction"

export const opened = (view: View, data: RouteData | undefined): RouterState => ({
  open: true,
  view,
  history: [view],
  data,
  transactionStack: []
})

/**
 * Closing is refused in ApproveTransaction unless forced (SPEC.md §2), while a request there waits for the
 * visitor's answer; a preview of what a wallet asks closes (and closing aborts the request).
 */
export const canClose = (state: RouterState, force: boolean): boolean =>
  force || state.view !== "ApproveTransaction" || !state.transactionStack.some((entry) => entry.blocksClose)

export const pushed = (state: RouterState, view: View, data: RouteData | undefined): RouterState =>
  state.view === view ? { ...state, data } : { ...state, view, data, history: [...state.history, view] }

export const replaced = (state: RouterState, view: View, data: RouteData | undefined): RouterState => ({
  ...state,
  view,
  data,
  history: [...state.history.slice(0, -1), view]
})

/** One view back, or `undefined` when there is nothing to go back to (the modal should close). */
export const wentBack = (state: RouterState): RouterState | undefined => {
  if (state.history.length <= 1) return undefined
  const history = state.history.slice(0, -1)
  const view = history[history.length - 1] ?? "Connect"
  return { ...state, view, history, data: undefined }
}

export const withTransaction = (
  state: RouterState,
  entry: Omit<TransactionStackEntry, "closeOnPop">
): RouterState => {
  const base = state.open ? pushed(state, entry.view, undefined) : opened(entry.view, undefined)
  return { ...base, transactionStack: [...state.transactionStack, { ...entry, closeOnPop: !state.open }] }
}

export const makeModalRouter = Effect.gen(function* () {
  const state = yield* SubscriptionRef.make(initialRouterState)
  const events = yield* PubSub.unbounded<RouterEvent>()

  const closeNow = Effect.gen(function* () {
    const before = yield* SubscriptionRef.getAndUpdate(state, (s) => ({
      ...initialRouterState,
      view: s.view,
      history: s.history
    }))
    if (!before.open) return
    yield* PubSub.publish(events, { _tag: "Closed", pendingTransactions: before.transactionStack.length })
  })

  const close: ModalRouterShape["close"] = (options) =>
    Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      if (!current.open) return true
      if (!canClose(current, options?.force === true)) return false
      yield* closeNow
      return true
    })

  const open: ModalRouterShape["open"] = (view, data) =>
    Effect.gen(function* () {
      const target = navigable(view) ? view : "Connect"
      yield* SubscriptionRef.set(state, opened(target, data))
      yield* PubSub.publish(events, { _tag: "Opened", view: target })
    })

  const goBack: ModalRouterShape["goBack"] = Effect.gen(function* () {
    const current = yield* SubscriptionRef.get(state)
    const previous = wentBack(current)
    if (previous === undefined) yield* closeNow
    else yield* SubscriptionRef.set(state, previous)
  })

  const popTransaction: ModalRouterShape["popTransaction"] = Effect.gen(function* () {
    const current = yield* SubscriptionRef.get(state)
    const entry = current.transactionStack[current.transactionStack.length - 1]
    if (entry === undefined) return
    const rest = current.transactionStack.slice(0, -1)
    yield* SubscriptionRef.set(state, { ...current, transactionStack: rest })
    if (rest.length === 0 && entry.closeOnPop) yield* closeNow
    else yield* goBack
  })

  return ModalRouter.of({
    state,
    open,
    close,
    push: (view, data) => SubscriptionRef.update(state, (s) => (navigable(view) ? pushed(s, view, data) : s)),
    replace: (view, data) =>
      SubscriptionRef.update(state, (s) => (navigable(view) ? replaced(s, view, data) : s)),
    goBack,
    pushTransaction: (entry) => SubscriptionRef.update(state, (s) => withTransaction(s, entry)),
    popTransaction,
    subscribe: PubSub.subscribe(events)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ModalRouterLive = Layer.effect(ModalRouter, makeModalRouter)
