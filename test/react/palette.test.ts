import { describe, expect, it } from "vitest"
import { DARK, DEFAULT_ACCENT, LIGHT, type Palette } from "../../src/react/modal/element/palette"
import { modalCss } from "../../src/react/modal/element/styles"

/** WCAG 2's relative luminance of `#rrggbb`. */
const luminance = (hex: string) => {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const TEXT: ReadonlyArray<keyof Palette> = ["fg", "fgMuted", "error", "success", "warning", "accentText"]
const SURFACES: ReadonlyArray<keyof Palette> = ["bg", "surface", "raised"]

describe("the modal's colours", () => {
  it("the contrast helper reads black on white as 21:1 and a colour on itself as 1:1", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5)
    expect(contrast("#0670c8", "#0670c8")).toBe(1)
  })

  for (const [mode, palette] of [
    ["light", LIGHT],
    ["dark", DARK]
  ] as const) {
    it(`every text colour reaches WCAG AA (4.5:1) on every surface in ${mode} mode`, () => {
      const failures = TEXT.flatMap((text) =>
        SURFACES.map((surface) => ({ text, surface, ratio: contrast(palette[text], palette[surface]) }))
      ).filter(({ ratio }) => ratio < 4.5)
      expect(failures).toEqual([])
    })
  }

  it("white button text reaches AA on the default accent", () => {
    expect(contrast("#ffffff", DEFAULT_ACCENT)).toBeGreaterThanOrEqual(4.5)
  })

  it("the stylesheet carries both palettes and the public theme variables with SPEC.md §2's defaults", () => {
    expect(modalCss).toContain(`--_fg: ${LIGHT.fg};`)
    expect(modalCss).toContain(`--_fg: ${DARK.fg};`)
    for (const declaration of [
      "--airlock-font-size-master: 10px",
      "--airlock-border-radius-master: 4px",
      "--airlock-z-index: 999",
      "--airlock-color-mix-strength: 0%",
      "--airlock-modal-width: 360px",
      "--airlock-duration-header: 120ms",
      "--airlock-duration-height: 150ms",
      "--airlock-duration-view: 150ms",
      "--airlock-duration-shake: 500ms"
    ])
      expect(modalCss).toContain(declaration)
  })

  it("reduced motion turns every duration off", () => {
    const reduced = modalCss.slice(modalCss.indexOf("@media (prefers-reduced-motion: reduce)"))
    expect(reduced).toContain("--airlock-duration-view: 0ms")
    expect(reduced).toContain("animation-duration: 0ms !important")
    expect(reduced).toContain("transition-duration: 0ms !important")
  })
})
