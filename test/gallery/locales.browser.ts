/**
 * The gallery in other languages (issue 31): every scenario in the pseudo-locale (every message accented,
 * 40 % longer and bracketed) at 360 px, failing on text that no catalog gave and on any overflow; and every
 * scenario in Arabic, right to left, at 360 px (where space is scarcest; gallery.browser.ts walks the other
 * widths), failing on overflow and on serious or critical axe findings. Findings are named by scenario, locale and width, and all reported at once.
 */
import { expect, inject } from "vitest"
import { listScenarios, openScenario, resize, VIEWPORTS } from "../../sandbox/gallery/walk.mjs"
import { readCatalogs } from "../../scripts/messages.mjs"
import { axeViolations, test } from "../e2e/browser"
import { layoutFindings, uncataloguedText } from "./findings"

const galleryUrl = inject("galleryUrl")
const [phone] = VIEWPORTS

/** The English catalog's whole messages without arguments, of a few letters at least. */
const english = Object.values(
  (readCatalogs() as Record<string, Record<string, Record<string, string>>>).en ?? {}
)
  .flatMap((messages) => Object.values(messages))
  .filter((text) => !text.includes("{") && /[A-Za-z]{4,}/.test(text))

test.scoped({ contextOptions: { bypassCSP: true, reducedMotion: "reduce" } })

test("in the pseudo-locale, every scenario's text comes from a catalog and fits at 360 px", async ({
  page
}) => {
  const scenarios = await listScenarios(page, galleryUrl)
  const findings: Array<string> = []
  for (const scenario of scenarios) {
    await openScenario(page, galleryUrl, scenario, "dark", "en-XA")
    await resize(page, phone)
    const where = `${scenario.view}/${scenario.state} en-XA 360px`
    for (const finding of [...(await layoutFindings(page)), ...(await uncataloguedText(page, english))])
      findings.push(`${where}: ${finding}`)
  }
  expect(findings).toEqual([])
}, 600_000)

test("in Arabic, every scenario is right to left, fits at 360 px and passes axe", async ({ page }) => {
  const scenarios = await listScenarios(page, galleryUrl)
  const findings: Array<string> = []
  for (const scenario of scenarios) {
    await openScenario(page, galleryUrl, scenario, "light", "ar")
    const dir = await page.evaluate(() => document.querySelector("airlock-modal")?.getAttribute("dir"))
    if (dir !== "rtl")
      findings.push(`${scenario.view}/${scenario.state} ar: the modal is not dir="rtl" (${dir})`)
    await resize(page, phone)
    const where = `${scenario.view}/${scenario.state} ar 360px`
    for (const finding of await layoutFindings(page)) findings.push(`${where}: ${finding}`)
    for (const violation of await axeViolations(page, "airlock-modal"))
      for (const target of violation.targets)
        findings.push(`${where}: axe ${violation.impact} ${violation.id} (${violation.help}): ${target}`)
  }
  expect(findings).toEqual([])
}, 600_000)
