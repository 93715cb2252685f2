import { createRoot, type Root } from "react-dom/client"
import type { ModalController } from "../bridge/controller"
import { ModalApp } from "./ModalApp"
import { loadModalStyles } from "./modalStyles"
import { addStylesTo, StyleSheetsContext } from "./styleSheets"

export const ELEMENT_NAME = "airlock-modal"

export interface MountedModal {
  readonly element: HTMLElement
  readonly unmount: () => void
}

const defineElement = () => {
  if (customElements.get(ELEMENT_NAME) !== undefined) return
  // The element only hosts the shadow root; React owns what is inside.
  customElements.define(ELEMENT_NAME, class AirlockModalElement extends HTMLElement {})
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
  const styles = loadModalStyles(addStyles)
  const container = document.createElement("div")
  shadow.append(container)
  const root: Root = createRoot(container)
  root.render(
    <StyleSheetsContext.Provider value={addStyles}>
      <ModalApp controller={controller} host={element} styles={styles} />
    </StyleSheetsContext.Provider>
  )
  const { disableAppend, enableEmbedded } = controller.config
  if (!disableAppend && !enableEmbedded) document.body.append(element)
  return {
    element,
    unmount: () => {
      root.unmount()
      element.remove()
    }
  }
}
