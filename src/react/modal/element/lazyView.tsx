import { type ComponentType, type ReactNode, useEffect, useSyncExternalStore } from "react"
import { ViewLoading } from "./ViewBoundary"

/** Where a lazy view's code stands. */
type LazyViewState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Loaded"; readonly view: ComponentType }
  | { readonly _tag: "Failed"; readonly error: unknown }

/**
 * A view whose code is imported the first time it is shown (or prefetched); render it with `LazyViewBody`.
 * It stands in for `React.lazy`, which keeps a failed import for good (a chunk that failed to load once
 * could never show) and suspends, and React holds a Suspense fallback on screen for at least 300 ms.
 */
export interface LazyView {
  /** The import in flight or done: the same promise on every call, until a failure is forgotten. */
  readonly loading: () => Promise<ComponentType>
  readonly state: () => LazyViewState
  readonly subscribe: (listener: () => void) => () => void
  /** Forgets a failed import, so the next render imports the chunk again. A loaded view is kept. */
  readonly forgetFailedLoad: () => void
}

const IDLE: LazyViewState = { _tag: "Idle" }

/**
 * A lazy view over `load` (typically `() => import("../views/X").then((m) => m.XView)`). The view's error
 * boundary forgets a failed import once the failure is on screen; Try again, or coming back to the view,
 * then imports the chunk again.
 */
export const lazyView = (load: () => Promise<ComponentType>): LazyView => {
  let state: LazyViewState = IDLE
  let current: Promise<ComponentType> | undefined
  const listeners = new Set<() => void>()
  const settle = (next: LazyViewState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }
  return {
    loading: () => {
      if (current !== undefined) return current
      // Through the executor, a loader that throws instead of returning a promise is a failed import too.
      const attempt = new Promise<ComponentType>((resolve) => resolve(load()))
      current = attempt
      settle({ _tag: "Loading" })
      attempt.then(
        (view) => settle({ _tag: "Loaded", view }),
        (error: unknown) => settle({ _tag: "Failed", error })
      )
      return attempt
    },
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    forgetFailedLoad: () => {
      if (state._tag !== "Failed") return
      current = undefined
      state = IDLE
    }
  }
}

interface LazyViewBodyProps {
  readonly view: LazyView
  /** What stands in its place until its code is in: "Loading…" unless given. */
  readonly fallback?: ReactNode
}

/**
 * The view at once when its code is in; `fallback` until it is (never a suspension, so the view shows the
 * moment it arrives); a failed import throws to the view's boundary.
 */
export const LazyViewBody = ({ view, fallback = <ViewLoading /> }: LazyViewBodyProps) => {
  const state = useSyncExternalStore(view.subscribe, view.state)
  useEffect(() => {
    if (view.state()._tag === "Idle") view.loading().catch(() => {})
  }, [view])
  if (state._tag === "Failed") throw state.error
  if (state._tag !== "Loaded") return fallback
  const Loaded = state.view
  return <Loaded />
}
