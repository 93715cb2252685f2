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
import { axeViolations, test } from "../e2e/browser"
import { layoutFindings } from "./findings"

/** Where the gallery is served for this run (gallerySetup.ts). */
const galleryUrl = inject("galleryUrl")

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
