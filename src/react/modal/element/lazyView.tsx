import { type ComponentType, use } from "react"

/**
 * A view whose code is imported the first time it is shown; render it with `LazyViewBody`. It stands in for
 * `React.lazy`, which keeps a failed import for good, so a chunk that failed to load once could never show.
 */
export interface LazyView {
  /** The import in flight or done: the same promise on every call, as React requires, until forgotten. */
  readonly loading: () => Promise<ComponentType>
  /** Forgets a failed import, so the next render imports the chunk again. A loaded view is kept. */
  readonly forgetFailedLoad: () => void
}

interface Attempt {
  readonly loading: Promise<ComponentType>
  readonly failed: () => boolean
}

const attempt = (load: () => Promise<ComponentType>): Attempt => {
  const outcome = { failed: false }
  // Through the executor, a loader that throws instead of returning a promise becomes a failed import too.
  const loading = new Promise<ComponentType>((resolve) => resolve(load()))
  loading.catch(() => {
    outcome.failed = true
  })
  return { loading, failed: () => outcome.failed }
}

/**
 * A lazy view over `load` (typically `() => import("../views/X").then((m) => m.XView)`). The view's error
 * boundary forgets a failed import once the failure is on screen; Try again, or coming back to the view,
 * then imports the chunk again.
 */
export const lazyView = (load: () => Promise<ComponentType>): LazyView => {
  let current: Attempt | undefined
  return {
    loading: () => {
      current ??= attempt(load)
      return current.loading
    },
    forgetFailedLoad: () => {
      if (current?.failed() === true) current = undefined
    }
  }
}

/** Suspends until the view's code is in, then renders it; a failed import throws to the boundary. */
export const LazyViewBody = ({ view }: { readonly view: LazyView }) => {
  const Loaded = use(view.loading())
  return <Loaded />
}
