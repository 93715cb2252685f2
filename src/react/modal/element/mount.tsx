import { useEffect, useSyncExternalStore } from "react"
import { createRoot, type Root } from "react-dom/client"
import type { ModalController } from "../bridge/controller"
import { whenIdle } from "./frames"
import { useHostElement } from "./hostElement"
import { type ModalStage, makeModalStage } from "./modalStage"
import { addStylesTo, StyleSheetsContext } from "./styleSheets"
import { useStore } from "./useStore"

/** The page is given this long to go idle before the modal's interface is fetched anyway. */
const IDLE_TIMEOUT_MS = 2000

export interface MountedModal {
  /** Fetches the modal's interface now (a visitor is about to open it); once, whoever asks. */
  readonly prepare: () => void
  readonly unmount: () => void
}

interface ModalShellProps {
  readonly controller: ModalController
  readonly host: HTMLElement
  readonly stage: ModalStage
}

/**
 * The modal before its interface's chunk is here: the host element's theme and language, nothing visible. An open
 * modal, a notice to show or an embedded card cannot wait for the page to go idle: they fetch it at once
 * (again, after a failed fetch).
 */
const ModalShell = ({ controller, host, stage }: ModalShellProps) => {
  const status = useSyncExternalStore(stage.subscribe, stage.status)
  const open = useStore(controller.router).open
  const noticed = useStore(controller.notices).length > 0
  const needed = open || noticed || controller.config.enableEmbedded
  useHostElement(host, controller)
  useEffect(() => {
    if (needed) stage.load()
  }, [needed, stage])
  if (status._tag !== "Ready") return null
  const { ModalApp } = status.stage
  return <ModalApp controller={controller} />
}

/**
 * Renders the modal into `element`'s shadow root (`modalElement.ts`); the interface
 * itself is fetched when the page is idle, or sooner when asked (`prepare`, an open).
 */
export const mountModalElement = (controller: ModalController, element: HTMLElement): MountedModal => {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" })
  const addStyles = addStylesTo(shadow)
  const stage = makeModalStage(addStyles)
  const container = document.createElement("div")
  shadow.append(container)
  const root: Root = createRoot(container)
  root.render(
    <StyleSheetsContext.Provider value={addStyles}>
      <ModalShell controller={controller} host={element} stage={stage} />
    </StyleSheetsContext.Provider>
  )
  const cancelIdleFetch = whenIdle(stage.load, IDLE_TIMEOUT_MS)
  return {
    prepare: stage.load,
    unmount: () => {
      cancelIdleFetch()
      root.unmount()
      element.remove()
    }
  }
}
