/**
 * What the gallery's browser tests find wrong in a scenario's dialog, computed in the page: boxes whose
 * content overflows, a dialog outside the viewport, figures with more digits than the formatting rules
 * allow (gallery.browser.ts), and text that no catalog gave (locales.browser.ts).
 */
import type { Page } from "playwright-core"
import { MAX_SIGNIFICANT_DIGITS, TOKEN_DECIMALS_SHOWN } from "../../src/layers/format/format"

/**
 * The formatting module's digits (src/layers/format/format.ts, SPEC.md §9): a figure shows at most
 * TOKEN_DECIMALS_SHOWN (4) fraction digits (token amounts; numbers and fiat 2, activity 3), unless it is
 * a rate or a fee, which keep at most MAX_SIGNIFICANT_DIGITS (6) significant digits however small they are.
 */
const DIGITS = { fraction: TOKEN_DECIMALS_SHOWN, significant: MAX_SIGNIFICANT_DIGITS }

/** What the page finds wrong in the dialog at the current width: `rule: element` lines. */
export const layoutFindings = (page: Page) =>
  page.evaluate((digits) => {
    const host = document.querySelector("airlock-modal")
    const dialog = host?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]')
    if (dialog === null || dialog === undefined) return ["dialog: no dialog in the modal's shadow root"]
    const findings: Array<string> = []
    const { describe } = window.__e2e
    // A box that truncates its text with an ellipsis shows it cut on purpose: not an overflow.
    const truncates = (style: CSSStyleDeclaration) =>
      style.textOverflow === "ellipsis" && (style.overflowX === "hidden" || style.overflowX === "clip")
    // Inline boxes have no width of their own; visually hidden text (a 1 px clipped box) is not shown.
    for (const element of [dialog, ...dialog.querySelectorAll<HTMLElement>("*")]) {
      // A text field scrolls its own value (a pasted address longer than the field): not an overflow.
      if (
        !(element instanceof HTMLElement) ||
        element.clientWidth <= 1 ||
        element instanceof HTMLInputElement
      )
        continue
      const style = getComputedStyle(element)
      if (style.overflowX === "auto" || style.overflowX === "scroll" || truncates(style)) continue
      if (element.scrollWidth > element.clientWidth + 1)
        findings.push(
          `overflow (content ${element.scrollWidth}px in a box of ${element.clientWidth}px): ${describe(element)}`
        )
    }
    const box = dialog.getBoundingClientRect()
    const outside = [
      box.left < -1 ? `left ${Math.round(box.left)}px` : undefined,
      box.top < -1 ? `top ${Math.round(box.top)}px` : undefined,
      box.right > innerWidth + 1 ? `right ${Math.round(box.right)}px > ${innerWidth}px` : undefined,
      box.bottom > innerHeight + 1 ? `bottom ${Math.round(box.bottom)}px > ${innerHeight}px` : undefined
    ].filter((side) => side !== undefined)
    if (outside.length > 0) findings.push(`outside the viewport (${outside.join(", ")}): the dialog`)
    const texts = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
    for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
      for (const match of node.textContent?.matchAll(/(\d[\d,]*)\.(\d+)/g) ?? []) {
        const [shown, whole = "", fraction = ""] = match
        const significant = `${whole.replace(/,/g, "")}${fraction}`.replace(/^0+/, "").length
        if (fraction.length > digits.fraction && significant > digits.significant)
          findings.push(
            `more digits than the formatting module shows ("${shown}": over ${digits.fraction} fraction digits and ${digits.significant} significant ones): ${describe(node.parentElement)}`
          )
      }
    }
    return findings
  }, DIGITS)

/**
 * Text in the pseudo-locale's dialog that did not come from a catalog: every catalog message there is
 * bracketed and accented, so plain text outside brackets is English written in a view, when it is one of the
 * English catalog's messages (`english`, whole words) or reads as prose (three lowercase words). Data is not
 * words: an element marked `translate="no"` (names, symbols) or `dir="ltr"` (addresses, amounts) is skipped.
 */
export const uncataloguedText = (page: Page, english: ReadonlyArray<string>) =>
  page.evaluate((english) => {
    const dialog = document
      .querySelector("airlock-modal")
      ?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]')
    if (dialog === null || dialog === undefined) return ["dialog: no dialog in the modal's shadow root"]
    const { describe } = window.__e2e
    const findings: Array<string> = []
    const escaped = english.map(
      (text) => new RegExp(`(^|[^A-Za-z])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`)
    )
    const texts = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
    for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
      const element = node.parentElement
      if (
        element === null ||
        element.closest('[translate="no"], [dir="ltr"], [aria-hidden="true"], svg') !== null
      )
        continue
      const style = getComputedStyle(element)
      if (style.display === "none" || style.visibility === "hidden") continue
      const outside = (node.textContent ?? "").replace(/⟦[^⟧]*⟧/g, "").trim()
      if (outside === "") continue
      const prose = (outside.match(/\b[a-z]{2,}\b/g) ?? []).length >= 3
      const message = escaped.some((pattern) => pattern.test(outside))
      if (prose || message)
        findings.push(`text not in a catalog ("${outside.slice(0, 60)}"): ${describe(element)}`)
    }
    return findings
  }, english)
