import { useEffect, useSyncExternalStore } from "react"
import { createRoot, type Root } from "react-dom/client"
import type { ModalController } from "../bridge/controller"
import { whenIdle } from "./frames"
import { useHostElement } from "./hostElement"
import { type ModalStage, makeModalStage } from "./modalStage"
import { addStylesTo, StyleSheetsContext } from "./styleSheets"
import { useStore } from "./useStore"

export const ELEMENT_NAME = "airlock-modal"

/** The page is given this long to go idle before the modal's interface is fetched anyway. */
const IDLE_TIMEOUT_MS = 2000

export interface MountedModal {
  readonly element: HTMLElement
  /** Fetches the modal's interface now (a visitor is about to open it); once, whoever asks. */
  readonly prepare: () => void
  readonly unmount: () => void
}

const defineElement = () => {
  if (customElements.get(ELEMENT_NAME) !== undefined) return
  // The element only hosts the shadow root; React owns what is inside.
  customElements.define(ELEMENT_NAME, class AirlockModalElement extends HTMLElement {})
}

interface ModalShellProps {
  readonly controller: ModalController
  readonly host: HTMLElement
  readonly stage: ModalStage
}

/**
 * What the first paint holds of the modal: the host element's theme and language, nothing visible, until
 * the interface's chunk is here. An open
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
 * Creates `<airlock-modal>` with an open shadow root and renders the modal into it. Appends it to the
 * body unless the host places it (`disableAppend`, `enableEmbedded`). A headless host draws its own UI.
 */
export const mountModalElement = (controller: ModalController): MountedModal | undefined => {
  if (controller.config.features.headless) return undefined
  defineElement()
  const element = document.createElement(ELEMENT_NAME)
  const shadow = element.attachShadow({ mode: "open" })
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
  const { disableAppend, enableEmbedded } = controller.config
  if (!disableAppend && !enableEmbedded) document.body.append(element)
  const cancelIdleFetch = whenIdle(stage.load, IDLE_TIMEOUT_MS)
  return {
    element,
    prepare: stage.load,
    unmount: () => {
      cancelIdleFetch()
      root.unmount()
      element.remove()
    }
  }
}
