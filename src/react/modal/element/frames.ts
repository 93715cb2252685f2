/** When the page's own work comes first: the idle page, the frame after the next paint. */

/**
 * Runs `task` once the page is idle after its first paint, and within `timeout` ms at the latest;
 * returns the cancel.
 */
export const whenIdle = (task: () => void, timeout: number): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, Math.min(timeout, 200))
  return () => clearTimeout(timer)
}

/**
 * Runs `task` in a task of its own right after the next frame is painted (what that frame shows is not
 * held up by it); returns the cancel.
 */
export const afterNextPaint = (task: () => void): (() => void) => {
  // A page without frames (a test DOM without requestAnimationFrame): the next task.
  if (typeof requestAnimationFrame !== "function") {
    const next = setTimeout(task, 0)
    return () => clearTimeout(next)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}
