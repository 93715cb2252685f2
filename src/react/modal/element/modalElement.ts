/**
 * `<airlock-modal>` itself, made by `createModal` at once (the host may place it right away), before the
 * modal's code is here: its shadow root empty until `mount.tsx` renders the interface into it.
 */

export const ELEMENT_NAME = "airlock-modal"

/** The element's placement, as the host's options ask it (read before they are decoded). */
export interface ElementPlacement {
  readonly headless: boolean
  /** The host places the element itself (`disableAppend`, `enableEmbedded`). */
  readonly placedByHost: boolean
}

const defineElement = () => {
  if (customElements.get(ELEMENT_NAME) !== undefined) return
  // The element only hosts the shadow root; React owns what is inside.
  customElements.define(ELEMENT_NAME, class AirlockModalElement extends HTMLElement {})
}

/** The element with an open shadow root, appended to the body unless the host places it; none when headless. */
export const createModalElement = ({ headless, placedByHost }: ElementPlacement): HTMLElement | undefined => {
  if (headless) return undefined
  defineElement()
  const element = document.createElement(ELEMENT_NAME)
  // Open from the start, so that a host or a test finds the root the interface will render into.
  element.attachShadow({ mode: "open" })
  if (!placedByHost) document.body.append(element)
  return element
}
