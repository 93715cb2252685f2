import { createContext, useContext, useLayoutEffect } from "react"

/** Adds a stylesheet to the modal's shadow root; a sheet already there is not added twice. */
export type AddStyles = (css: string) => void

export const StyleSheetsContext = createContext<AddStyles>(() => {})

const sheets = new Map<string, CSSStyleSheet>()

const constructable = (root: ShadowRoot) =>
  typeof CSSStyleSheet === "function" &&
  "adoptedStyleSheets" in root &&
  "replaceSync" in CSSStyleSheet.prototype

/**
 * Adopts `css` as a constructable stylesheet (one per text, shared by every modal), so no inline `<style>`
 * is needed under a strict CSP; a `<style>` element where constructable sheets are missing.
 */
export const addStylesTo =
  (root: ShadowRoot): AddStyles =>
  (css) => {
    if (constructable(root)) {
      let sheet = sheets.get(css)
      if (sheet === undefined) {
        sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        sheets.set(css, sheet)
      }
      if (!root.adoptedStyleSheets.includes(sheet))
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
      return
    }
    const present = [...root.querySelectorAll("style")].some((style) => style.textContent === css)
    if (present) return
    const style = document.createElement("style")
    style.textContent = css
    root.append(style)
  }

/**
 * A lazy view's own styles travel in its chunk and join the modal's stylesheet before its first paint
 * (a layout effect), so the view never shows unstyled.
 */
export const useViewStyles = (css: string): void => {
  const addStyles = useContext(StyleSheetsContext)
  useLayoutEffect(() => addStyles(css), [addStyles, css])
}
