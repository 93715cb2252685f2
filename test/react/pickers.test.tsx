// @vitest-environment happy-dom
/** The picker row and the choice group (issue 30): listbox and radio roles, the keyboard, Escape owned. */

import { act } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { OWNS_ESCAPE } from "../../src/react/modal/element/focus"
import { ChoiceGroup } from "../../src/react/modal/ui/ChoiceGroup"
import { PickerRow } from "../../src/react/modal/ui/PickerRow"
import { fakeController, mountWith, unmountViews } from "../kit/react"

afterEach(unmountViews)

const countries = [
  { key: "FR", title: "France", icon: null },
  { key: "DE", title: "Germany", icon: null },
  { key: "US", title: "United States", icon: null }
]

const key = (target: Element, name: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }))
  })

const type = (input: HTMLInputElement, text: string) =>
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set
    setter?.call(input, text)
    input.dispatchEvent(new Event("input", { bubbles: true }))
  })

const pickerRow = (selected: string | undefined) => {
  const picked: Array<string> = []
  const view = mountWith(
    fakeController({}).controller,
    <PickerRow
      label="Country"
      unset="Choose your country"
      items={countries}
      selected={selected}
      onPick={(id) => picked.push(id)}
      placeholder="Search countries"
      none="No country matches"
    />
  )
  const row = view.querySelector<HTMLButtonElement>("button")!
  return { view, row, picked }
}

describe("PickerRow", () => {
  it("names the choice, or asks for one, and opens a listbox of the items under it", () => {
    const unset = pickerRow(undefined)
    expect(unset.row.getAttribute("aria-label")).toBe("Country Choose your country")
    expect(unset.row.getAttribute("aria-expanded")).toBe("false")
    unmountViews()
    const { view, row } = pickerRow("DE")
    expect(row.getAttribute("aria-label")).toBe("Country Germany")
    act(() => row.click())
    expect(row.getAttribute("aria-expanded")).toBe("true")
    const options = [...view.querySelectorAll("[role=listbox] [role=option]")]
    expect(options.map((option) => option.textContent)).toEqual(["France", "Germany", "United States"])
    expect(options[1]?.getAttribute("aria-selected")).toBe("true")
    // No pictures for countries: the items said so.
    expect(view.querySelector("[role=option] .wallet-icon")).toBeNull()
  })

  it("filters as typed, picks with Enter, and gives the focus back to the row", () => {
    const { view, row, picked } = pickerRow(undefined)
    act(() => row.click())
    const search = view.querySelector<HTMLInputElement>("[role=combobox]")!
    type(search, "united")
    expect([...view.querySelectorAll("[role=option]")].map((o) => o.textContent)).toEqual(["United States"])
    key(search, "Enter")
    expect(picked).toEqual(["US"])
    expect(view.querySelector("[role=listbox]")).toBeNull()
    expect(document.activeElement).toBe(row)
    act(() => row.click())
    type(view.querySelector<HTMLInputElement>("[role=combobox]")!, "atlantis")
    expect(view.querySelector("[role=listbox]")?.textContent).toBe("No country matches")
  })

  it("owns Escape while open: Escape closes the list only, without a change", () => {
    const { view, row, picked } = pickerRow("FR")
    act(() => row.click())
    expect(view.querySelector(".token-picker")?.hasAttribute(OWNS_ESCAPE)).toBe(true)
    const search = view.querySelector("[role=combobox]")!
    key(search, "ArrowDown")
    key(search, "Escape")
    expect(view.querySelector("[role=listbox]")).toBeNull()
    expect(picked).toEqual([])
    expect(document.activeElement).toBe(row)
  })
})

describe("ChoiceGroup", () => {
  const group = (layout: "rows" | "segments") => {
    const chosen: Array<string> = []
    const view = mountWith(
      fakeController({}).controller,
      <ChoiceGroup
        legend="Payment method"
        layout={layout}
        choices={[
          { key: "card", title: "Card" },
          { key: "bank_account", title: "Bank account", tag: "Fees 1%" }
        ]}
        selected="card"
        onChoose={(method) => chosen.push(method)}
      />
    )
    return { view, chosen }
  }

  it("is a named group of radios, the chosen one checked; a click chooses", () => {
    for (const layout of ["rows", "segments"] as const) {
      const { view, chosen } = group(layout)
      expect(view.querySelector("fieldset legend")?.textContent).toBe("Payment method")
      const radios = [...view.querySelectorAll<HTMLInputElement>("input[type=radio]")]
      expect(radios.map((radio) => radio.closest("label")?.textContent)).toEqual([
        "Card",
        "Bank accountFees 1%"
      ])
      expect(radios.map((radio) => radio.checked)).toEqual([true, false])
      // One group: the arrow keys move between its radios.
      expect(new Set(radios.map((radio) => radio.name)).size).toBe(1)
      act(() => radios[1]?.click())
      expect(chosen).toEqual(["bank_account"])
      unmountViews()
    }
  })
})
