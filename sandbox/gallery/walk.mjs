// What the screenshots script (scripts/gallery-shots.mjs) and the browser test (test/gallery/gallery.browser.ts)
// share: the widths and themes every scenario is looked at in, the scenario list as the index page gives
// it, and opening one scenario until it is ready to look at.

/** @import { Page } from "playwright-core" */
/** @typedef {{ readonly view: string, readonly state: string }} ScenarioName */
/** @typedef {"light" | "dark"} Theme */

/** The viewports: a phone, a tablet and a laptop (the height a common one of each). */
export const VIEWPORTS = /** @type {const} */ ([
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 }
])

/** @type {ReadonlyArray<Theme>} */
export const THEMES = ["light", "dark"]

/**
 * Every scenario the index page at `galleryUrl` lists (its `li[data-view][data-state]`), in its order.
 * @param {Page} page
 * @param {string} galleryUrl the gallery's folder, ending in `/`
 * @returns {Promise<ReadonlyArray<ScenarioName>>}
 */
export async function listScenarios(page, galleryUrl) {
  await page.goto(galleryUrl)
  await page.locator("li[data-view]").first().waitFor()
  return page.evaluate(() =>
    [...document.querySelectorAll("li[data-view][data-state]")].map((item) => ({
      view: item.getAttribute("data-view") ?? "",
      state: item.getAttribute("data-state") ?? ""
    }))
  )
}

/**
 * The page's address of `scenario` in `theme` and `locale`.
 * @param {string} galleryUrl
 * @param {ScenarioName} scenario
 * @param {Theme} theme
 * @param {string} [locale]
 */
export const scenarioUrl = (galleryUrl, scenario, theme, locale = "en") =>
  new URL(
    `gallery.html?${new URLSearchParams({ view: scenario.view, state: scenario.state, theme, locale })}`,
    galleryUrl
  ).href

/**
 * Opens `scenario` in `theme` and `locale` and waits until the page says its view is on screen and still.
 * @param {Page} page
 * @param {string} galleryUrl
 * @param {ScenarioName} scenario
 * @param {Theme} theme
 * @param {string} [locale]
 */
export async function openScenario(page, galleryUrl, scenario, theme, locale) {
  await page.goto(scenarioUrl(galleryUrl, scenario, theme, locale))
  await page.waitForFunction(() => document.documentElement.dataset.gallery === "ready")
}

/**
 * Sets the page's viewport and waits until the modal has laid itself out again: the body frame at the
 * view's new height, its transition done (animations that never end, a spinner's, aside).
 * @param {Page} page
 * @param {{ readonly width: number, readonly height: number }} viewport
 */
export async function resize(page, viewport) {
  await page.setViewportSize(viewport)
  await page.evaluate(async () => {
    const shadow = document.querySelector("airlock-modal")?.shadowRoot
    const frame = shadow?.querySelector(".body-frame")
    const view = shadow?.querySelector(".view")
    // The body frame follows the view's new height through a ResizeObserver, a frame or more later.
    do await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    while (
      frame instanceof HTMLElement &&
      view instanceof HTMLElement &&
      frame.style.height !== `${view.offsetHeight}px`
    )
    await Promise.all(
      (shadow?.getAnimations() ?? [])
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined))
    )
  })
}

/** A file name for a scenario's screenshot: `Account-tokens40-dark-360.png`. */
export const shotName = (
  /** @type {ScenarioName} */ scenario,
  /** @type {Theme} */ theme,
  /** @type {number} */ width
) => `${scenario.view}-${scenario.state}-${theme}-${width}.png`
