// @vitest-environment happy-dom
/** The token-amount field and its picker (issue 30): listbox roles, the keyboard, the Max button; explorer links. */

import { act } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { OWNS_ESCAPE } from "../../src/react/modal/element/focus"
import { explorerHref } from "../../src/react/modal/ui/CopyableValue"
import { TokenAmountField } from "../../src/react/modal/ui/TokenAmountField"
import { fakeController, mountWith, unmountViews } from "../kit/react"

afterEach(unmountViews)

const tokens = [
  { key: "native", symbol: "ETH", name: "Ether", icon: undefined, balance: "2" },
  { key: "susd", symbol: "sUSD", name: "Sandbox USD", icon: undefined, balance: "100" },
  { key: "sbx", symbol: "SBX", name: "Sandbox Token", icon: undefined }
]

const field = () => {
  const picked: Array<string> = []
  let max = 0
  const view = mountWith(
    fakeController({}).controller,
    <TokenAmountField
      label="Amount"
      pickerLabel="Token"
      amount="1"
      onAmount={() => undefined}
      token={tokens[0]}
      tokens={tokens}
      onToken={(key) => picked.push(key)}
      balance="2 ETH"
      onMax={() => {
        max += 1
      }}
      fiat="$3,000.00"
    />
  )
  return { view, picked, max: () => max }
}

const key = (target: Element, name: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }))
  })

describe("TokenAmountField", () => {
  it("shows the balance, Max and the fiat value; the token button opens a listbox of the tokens", () => {
    const { view, max } = field()
    expect(view.textContent).toContain("Balance 2 ETH")
    expect(view.textContent).toContain("$3,000.00")
    act(() => view.querySelector<HTMLButtonElement>(".token-max")?.click())
    expect(max()).toBe(1)
    const button = view.querySelector<HTMLButtonElement>(".token-button")
    expect(button?.getAttribute("aria-label")).toBe("Token: ETH")
    expect(button?.getAttribute("aria-expanded")).toBe("false")
    act(() => button?.click())
    expect(button?.getAttribute("aria-expanded")).toBe("true")
    const options = [...view.querySelectorAll("[role=listbox] [role=option]")]
    expect(options.map((option) => option.querySelector(".token-option-symbol")?.textContent)).toEqual([
      "ETH",
      "sUSD",
      "SBX"
    ])
    expect(options[0]?.getAttribute("aria-selected")).toBe("true")
  })

  it("moves with the arrow keys, picks with Enter, filters as typed, and Escape closes without a change", () => {
    const { view, picked } = field()
    act(() => view.querySelector<HTMLButtonElement>(".token-button")?.click())
    const search = view.querySelector("[role=combobox]")!
    key(search, "ArrowDown")
    const active = search.getAttribute("aria-activedescendant")
    expect(view.querySelector(`[id="${active}"] .token-option-symbol`)?.textContent).toBe("sUSD")
    key(search, "Enter")
    expect(picked).toEqual(["susd"])
    expect(view.querySelector("[role=listbox]")).toBeNull()

    act(() => view.querySelector<HTMLButtonElement>(".token-button")?.click())
    key(view.querySelector("[role=combobox]")!, "ArrowUp")
    // The picker owns Escape while open, so the modal's Escape leaves the dialog open (modal.test.tsx).
    expect(view.querySelector(".token-picker")?.hasAttribute(OWNS_ESCAPE)).toBe(true)
    key(view.querySelector("[role=combobox]")!, "Escape")
    expect(view.querySelector("[role=listbox]")).toBeNull()
    expect(picked).toEqual(["susd"])
    // The focus goes back to the token button, not to the page.
    expect(document.activeElement).toBe(view.querySelector(".token-button"))
  })
})

describe("explorerHref", () => {
  it("links http and https only", () => {
    expect(explorerHref("https://scan.example/tx/0x1")).toBe("https://scan.example/tx/0x1")
    expect(explorerHref("javascript:alert(1)")).toBeUndefined()
    expect(explorerHref("data:text/html,hi")).toBeUndefined()
    expect(explorerHref("not a url")).toBeUndefined()
    expect(explorerHref(undefined)).toBeUndefined()
  })
})
