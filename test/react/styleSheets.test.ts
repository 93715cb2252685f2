// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest"
import { addStylesTo } from "../../src/react/modal/element/styleSheets"

const cssOf = (root: ShadowRoot) =>
  root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(" "))

describe("addStylesTo", () => {
  it("adopts each stylesheet once, after the ones already there", () => {
    const root = document.createElement("div").attachShadow({ mode: "open" })
    const add = addStylesTo(root)
    add(".card { color: red; }")
    add(".tab { color: blue; }")
    add(".tab { color: blue; }")
    const css = cssOf(root)
    expect(css).toHaveLength(2)
    expect(css[0]).toContain(".card")
    expect(css[1]).toContain(".tab")
    expect(root.querySelector("style")).toBeNull()
  })

  it("shares one sheet per text between modals", () => {
    const first = document.createElement("div").attachShadow({ mode: "open" })
    const second = document.createElement("div").attachShadow({ mode: "open" })
    addStylesTo(first)(".nft { color: green; }")
    addStylesTo(second)(".nft { color: green; }")
    expect(first.adoptedStyleSheets[0]).toBe(second.adoptedStyleSheets[0])
  })

  it("falls back to one <style> per text, in the order added, where constructable sheets are missing", () => {
    vi.stubGlobal("CSSStyleSheet", undefined)
    try {
      const root = document.createElement("div").attachShadow({ mode: "open" })
      const add = addStylesTo(root)
      add(".a { color: red; }")
      add(".a { color: red; }")
      add(".b { color: red; }")
      expect([...root.querySelectorAll("style")].map((style) => style.textContent)).toEqual([
        ".a { color: red; }",
        ".b { color: red; }"
      ])
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
