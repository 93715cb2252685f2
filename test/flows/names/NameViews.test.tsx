// @vitest-environment happy-dom
/**
 * The Register view lists the names the account has already, once the flow has them from the registry,
 * beside the form and after a refused registration; nothing while they are not known or there are none.
 */
import { afterEach, describe, expect, it } from "vitest"
import { NameLookupError } from "../../../src/errors"
import { RegisterAccountNameView } from "../../../src/react/modal/views/flows/names/NameViews"
import type { NamesState, OwnedNames } from "../../../src/services/Names"
import { ALICE } from "../../kit/accounts"
import { bindingOf } from "../../kit/bindings"
import { sandboxNetwork } from "../../kit/networks"
import { fakeController, mountWith, unmountViews } from "../../kit/react"

afterEach(unmountViews)

const binding = bindingOf(ALICE, sandboxNetwork)
const editing = (owned: OwnedNames | undefined): NamesState => ({
  _tag: "Editing",
  label: "",
  check: { _tag: "None" },
  binding,
  owned
})
const listed = (state: NamesState) => {
  const view = mountWith(fakeController({ names: state }).controller, <RegisterAccountNameView />)
  const box = [...view.querySelectorAll(".approve-details > div")].find(
    (div) => div.querySelector("dt")?.textContent === "Names you have"
  )
  return box === undefined ? undefined : [...box.querySelectorAll("dd")].map((dd) => dd.textContent)
}

describe("the Register view", () => {
  it("lists the names the account has, once the flow has them", () => {
    expect(listed(editing(["alice.reown.id", "old.wcn.id"]))).toEqual(["alice.reown.id", "old.wcn.id"])
    expect(listed(editing(undefined))).toBeUndefined()
    expect(listed(editing([]))).toBeUndefined()
  })

  it("keeps listing them after a refused registration", () => {
    const error = new NameLookupError({
      name: "alice.reown.id",
      reason: "Name is already registered",
      status: 400
    })
    expect(listed({ _tag: "Failed", label: "alice", error, binding, owned: ["mine.reown.id"] })).toEqual([
      "mine.reown.id"
    ])
  })
})
