// @vitest-environment happy-dom
/**
 * The social buttons' marks (issue 30): each provider the Connect view can offer has its own drawing, not
 * a letter, hidden from assistive technology (the button carries the name).
 */
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { SocialMark } from "../../src/react/modal/views/embedded/socialMarks"
import { SocialOption } from "../../src/schemas/Primitives"

const SOCIAL_OPTIONS = SocialOption.literals

const markOf = (social: SocialOption) => {
  const holder = document.createElement("div")
  holder.innerHTML = renderToStaticMarkup(<SocialMark social={social} />)
  return holder
}

describe("SocialMark", () => {
  it("draws every provider with shapes of its own, decorative", () => {
    const drawings = SOCIAL_OPTIONS.map((social) => {
      const mark = markOf(social)
      const badge = mark.querySelector(`.social-mark[data-social="${social}"]`)
      expect(badge?.getAttribute("aria-hidden")).toBe("true")
      expect(badge?.textContent).toBe("")
      const svg = badge?.querySelector("svg")
      expect(svg?.querySelectorAll("path, circle, rect").length).toBeGreaterThan(0)
      return svg?.innerHTML
    })
    expect(new Set(drawings).size).toBe(SOCIAL_OPTIONS.length)
  })
})
