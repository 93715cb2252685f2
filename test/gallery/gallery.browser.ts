/**
 * The gallery walked (issue 30's first acceptance point): every scenario of sandbox/gallery in both themes
 * at 360, 768 and 1280 px, failing on content that overflows its box inside the dialog, a dialog reaching
 * outside the viewport, a number shown with more fraction digits than the formatting rules allow, and any
 * serious or critical axe-core finding (colour contrast included). One page goes from scenario to
 * scenario; the widths are viewport changes of the page as loaded. Every finding is named by scenario,
 * theme, width, element and rule, and all of them are reported at once.
 */
import type { Page } from "playwright-core"
import { expect, inject } from "vitest"
import {
  listScenarios,
  openScenario,
  resize,
  type ScenarioName,
  THEMES,
  type Theme,
  VIEWPORTS
} from "../../sandbox/gallery/walk.mjs"
import { MAX_SIGNIFICANT_DIGITS, TOKEN_DECIMALS_SHOWN } from "../../src/layers/format/format"
import { axeViolations, test } from "../e2e/browser"

/**
 * The formatting module's digits (src/layers/format/format.ts, SPEC.md §9): a figure shows at most
 * TOKEN_DECIMALS_SHOWN (4) fraction digits (token amounts; numbers and fiat 2, activity 3), unless it is
 * a rate or a fee, which keep at most MAX_SIGNIFICANT_DIGITS (6) significant digits however small they are.
 */
const DIGITS = { fraction: TOKEN_DECIMALS_SHOWN, significant: MAX_SIGNIFICANT_DIGITS }

/** Where the gallery is served for this run (gallerySetup.ts). */
const galleryUrl = inject("galleryUrl")

/** What the page finds wrong in the dialog at the current width: `rule: element` lines. */
const layoutFindings = (page: Page) =>
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

/** Every finding of `scenario` in `theme` at each width, as `scenario theme width: rule: element`. */
const findingsOf = async (page: Page, scenario: ScenarioName, theme: Theme) => {
  const found: Array<string> = []
  await openScenario(page, galleryUrl, scenario, theme)
  for (const viewport of VIEWPORTS) {
    await resize(page, viewport)
    const where = `${scenario.view}/${scenario.state} ${theme} ${viewport.width}px`
    for (const finding of await layoutFindings(page)) found.push(`${where}: ${finding}`)
    for (const violation of await axeViolations(page, "airlock-modal"))
      for (const target of violation.targets)
        found.push(`${where}: axe ${violation.impact} ${violation.id} (${violation.help}): ${target}`)
  }
  return found
}

// Reduced motion: the layout is the same, and each scenario and width settles without waiting out the
// entry and height animations.
test.scoped({ contextOptions: { bypassCSP: true, reducedMotion: "reduce" } })

test("every gallery scenario fits its dialog, shows numbers as the rules allow and passes axe, at every width in both themes", async ({
  page
}) => {
  const scenarios = await listScenarios(page, galleryUrl)
  expect(scenarios.length).toBeGreaterThan(0)
  const findings: Array<string> = []
  for (const scenario of scenarios)
    for (const theme of THEMES) findings.push(...(await findingsOf(page, scenario, theme)))
  expect(findings).toEqual([])
}, 600_000)
