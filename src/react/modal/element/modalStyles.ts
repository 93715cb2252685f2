import type { AddStyles } from "./styleSheets"

/**
 * The modal's stylesheet (`styles.ts`) travels in a chunk of its own, fetched as the modal mounts, so it is
 * not part of the page's first paint; the modal shows nothing until it is adopted, so it never shows
 * unstyled. A failed fetch is asked again when the modal opens; if it fails again, the modal shows
 * unstyled rather than not at all.
 */
export interface ModalStyles {
  /** `loading`, then `ready`, or `failed` until a retry succeeds. */
  readonly status: () => "loading" | "ready" | "failed"
  readonly subscribe: (listener: () => void) => () => void
  /** Fetches the sheet again after a failure; does nothing otherwise. */
  readonly retry: () => void
}

export const loadModalStyles = (addStyles: AddStyles): ModalStyles => {
  let status: "loading" | "ready" | "failed" = "loading"
  const listeners = new Set<() => void>()
  const settle = (next: typeof status) => {
    status = next
    for (const listener of [...listeners]) listener()
  }
  const load = () =>
    void import("./styles").then(
      ({ modalCss }) => {
        addStyles(modalCss)
        settle("ready")
      },
      () => settle("failed")
    )
  load()
  return {
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    retry: () => {
      if (status !== "failed") return
      status = "loading"
      load()
    }
  }
}
