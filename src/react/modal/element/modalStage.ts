import type { AddStyles } from "./styleSheets"

type ConnectStage = typeof import("./connectStage")

export type ModalStageStatus =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Ready"; readonly stage: ConnectStage }
  | { readonly _tag: "Failed" }

/**
 * The modal's interface (`connectStage.ts`) as the first paint waits for it: one fetch, whoever asks first
 * (the page gone idle, a visitor's approach to a connect button, an open), its stylesheet adopted before it
 * is ready, so the modal never shows unstyled. A failed fetch is asked again by the next `load`.
 */
export interface ModalStage {
  readonly status: () => ModalStageStatus
  readonly subscribe: (listener: () => void) => () => void
  /** Fetches the stage unless it is here or on its way. */
  readonly load: () => void
}

const IDLE: ModalStageStatus = { _tag: "Idle" }

/** The interface, with the layer code its Connect view asks for (the wallet catalog's). */
const fetchConnectStage = () =>
  import("./connectStage").then((stage) => {
    // Named, so that the bundler keeps the layer code a static import of the stage's chunk.
    void stage.layerStage
    return stage
  })

export const makeModalStage = (
  addStyles: AddStyles,
  fetchStage: () => Promise<ConnectStage> = fetchConnectStage
): ModalStage => {
  let status: ModalStageStatus = IDLE
  const listeners = new Set<() => void>()
  const settle = (next: ModalStageStatus) => {
    status = next
    for (const listener of [...listeners]) listener()
  }
  return {
    status: () => status,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    load: () => {
      if (status._tag === "Loading" || status._tag === "Ready") return
      settle({ _tag: "Loading" })
      // Through the executor, a loader that throws instead of rejecting is a failed fetch too.
      new Promise<ConnectStage>((resolve) => resolve(fetchStage())).then(
        (stage) => {
          addStyles(stage.modalCss)
          settle({ _tag: "Ready", stage })
        },
        () => settle({ _tag: "Failed" })
      )
    }
  }
}
