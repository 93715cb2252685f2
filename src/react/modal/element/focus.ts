const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])"
].join(",")

/** The elements Tab visits inside `container`, in order. */
export const focusableIn = (container: Element): ReadonlyArray<HTMLElement> =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getAttribute("aria-hidden") !== "true"
  )

/** The focused element, looking through open shadow roots. */
export const deepActiveElement = (doc: Document): Element | null => {
  let active = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/**
 * Where Tab (or Shift+Tab) should go to stay inside the dialog, or `undefined` to let the browser
 * move focus normally.
 */
export const trapTarget = (
  focusables: ReadonlyArray<HTMLElement>,
  active: Element | null,
  backwards: boolean
): HTMLElement | undefined => {
  const first = focusables[0]
  const last = focusables[focusables.length - 1]
  if (first === undefined || last === undefined) return undefined
  const candidates: ReadonlyArray<Element | null> = focusables
  const index = candidates.indexOf(active)
  if (index === -1) return backwards ? last : first
  if (backwards && index === 0) return last
  if (!backwards && index === focusables.length - 1) return first
  return undefined
}

/** Marks a control open inside the dialog that closes itself on Escape (a token picker): the dialog stays. */
export const OWNS_ESCAPE = "data-owns-escape"
