/// <reference types="vite/client" />
/**
 * One scenario of the gallery (`?view=…&state=…&theme=light|dark[&locale=…]`): the modal, created on the scenario's
 * mock world and open on its view. The page's width is the browser's viewport. Once the view and its lazy
 * parts are on screen and still, `<html data-gallery="ready">` tells the screenshots script and the browser
 * test to look; an unknown scenario says so and links to the index.
 */
import { createModal } from "../../src/createModal"
import { baseOptions } from "./scenario"
import { findScenario } from "./scenarios/index"
import { worldLayer } from "./world"
import "./gallery.css"

// Every view's code in the page's own bundle, so the modal's lazy views come in at once: the gallery
// shows views, not their loading.
import.meta.glob("../../src/react/modal/views/**/*.tsx", { eager: true })

const params = new URLSearchParams(location.search)
const theme = params.get("theme") === "light" ? "light" : "dark"
const locale = params.get("locale") ?? "en"
const scenario = findScenario(params.get("view"), params.get("state"))
document.documentElement.dataset.theme = theme

const stage = document.getElementById("stage")
const caption = document.createElement("p")
caption.className = "caption"
stage?.append(caption)

/**
 * A control's English text as the scenario names it, whatever the locale: the pseudo-locale's brackets,
 * filler and accents taken off (its accented letters decompose into letter and mark).
 */
const plain = (text: string | null | undefined) =>
  (text ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[⟦⟧]|( ·)+/g, "")
    .trim()

/**
 * The Suspense fallbacks of the modal: a view (ViewBoundary's busy "Loading…", the only child of `.view`)
 * or a Connect section whose code has not come in yet.
 */
const stillLoading = (shadow: ShadowRoot) =>
  shadow.querySelector(".section[aria-busy]:empty") !== null ||
  shadow.querySelector('.view > .connecting[aria-busy="true"]:only-child') !== null

/**
 * Whether the body frame has taken the view's height: the frame follows the view through a ResizeObserver
 * (ModalApp's useAnimatedHeight), which runs a frame after the view changed, and then transitions.
 */
const sized = (shadow: ShadowRoot) => {
  const frame = shadow.querySelector<HTMLElement>(".body-frame")
  const view = shadow.querySelector<HTMLElement>(".view")
  return frame !== null && view !== null && frame.style.height === `${view.offsetHeight}px`
}

/** The animations that end (a spinner's never does), each awaited. */
const finiteAnimations = (shadow: ShadowRoot) =>
  Promise.all(
    shadow
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => undefined))
  )

/** Resolves once the dialog shows its view at its height, fonts are in and no animation runs. */
const settled = async (host: HTMLElement) => {
  for (;;) {
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const shadow = host.shadowRoot
    if (
      shadow === null ||
      shadow.querySelector('[role="dialog"] .body') === null ||
      stillLoading(shadow) ||
      !sized(shadow)
    )
      continue
    await document.fonts.ready
    await finiteAnimations(shadow)
    if (!stillLoading(shadow) && sized(shadow)) return
  }
}

/** Types `value` into the field labelled `label` as a visitor would (React hears an input event), then settles. */
const typeInto = async (
  host: HTMLElement,
  { label, value }: { readonly label: string; readonly value: string }
) => {
  const shadow = host.shadowRoot
  const labelled = [...(shadow?.querySelectorAll("label") ?? [])].find((l) => plain(l.textContent) === label)
  const field = labelled === undefined ? null : (shadow?.getElementById(labelled.htmlFor) ?? null)
  if (!(field instanceof HTMLInputElement)) return
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, value)
  field.dispatchEvent(new Event("input", { bubbles: true }))
  await settled(host)
}

if (scenario === undefined) {
  caption.textContent = "No such scenario. "
  const link = document.createElement("a")
  link.href = "./"
  link.textContent = "See them all."
  caption.append(link)
  document.documentElement.dataset.gallery = "unknown"
} else {
  caption.textContent = `${scenario.family} · ${scenario.state}: ${scenario.title} (${theme}, ${locale})`
  const modal = createModal(
    {
      ...baseOptions,
      ...scenario.options,
      features: { analytics: false, ...scenario.options?.features },
      themeMode: theme,
      locale
    },
    { layer: worldLayer(scenario.world) }
  )
  const host = modal.element
  if (host !== undefined)
    void settled(host)
      .then(() => (scenario.fill === undefined ? undefined : typeInto(host, scenario.fill)))
      .then(() => {
        const target = [...(host.shadowRoot?.querySelectorAll("button") ?? [])].find(
          (button) => plain(button.textContent) === scenario.select
        )
        target?.click()
        return target === undefined ? undefined : settled(host)
      })
      .then(() => {
        document.documentElement.dataset.gallery = "ready"
      })
}
