// @vitest-environment happy-dom
/**
 * The modal shell outlives its views: a view whose chunk fails to load, or that throws while rendering,
 * shows 'Something went wrong' and Try again inside the body, while the header, Close and Escape go on
 * working; Try again imports the chunk again.
 */
import { act, type ComponentType } from "react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { focusableIn } from "../../src/react/modal/element/focus"
import { LazyViewBody, lazyView } from "../../src/react/modal/element/lazyView"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { mount, press, rendered } from "../kit/react"

/** What the mocked chunks do on their next import or render. */
const chunks = vi.hoisted(() => ({ networksFail: false, networksImports: 0, allWalletsThrows: false }))

vi.mock("../../src/react/modal/views/networks/NetworksView", async (importOriginal) => {
  chunks.networksImports += 1
  if (chunks.networksFail) throw new TypeError("Failed to fetch dynamically imported module")
  return importOriginal()
})

vi.mock("../../src/react/modal/views/wallets/AllWalletsView", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/react/modal/views/wallets/AllWalletsView")>()
  const AllWalletsView = () => {
    if (chunks.allWalletsThrows) throw new Error("the view broke while rendering")
    return <original.AllWalletsView />
  }
  return { ...original, AllWalletsView }
})

const render = async () => {
  const { modal, shadow, button } = await openOnConnect(walletsOnly, TestPlatform)
  const dialog = () => shadow.querySelector<HTMLElement>('[role="dialog"]')
  const title = () => shadow.querySelector(".title")?.textContent
  const alert = () => shadow.querySelector('.body [role="alert"]')?.textContent
  return { modal, shadow, dialog, button, title, alert, press }
}

// React reports every error a boundary caught; these are the ones the tests cause.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
  chunks.networksFail = false
  chunks.allWalletsThrows = false
})

describe("a view whose chunk fails to load", () => {
  it("shows the error and Try again in the body; the dialog stays, closes with Escape, and Try again loads it", async () => {
    chunks.networksFail = true
    const view = await render()
    // The visitor is on a control of the Connect view, which goes away with it.
    view.shadow.querySelector<HTMLButtonElement>(".body button")?.focus()
    await act(async () => view.modal.open("Networks"))
    await rendered(() => view.alert() !== undefined, "the failure")

    expect(view.alert()).toBe("Something went wrong")
    expect(view.button("Try again")).toBeDefined()
    // The rest of the modal is alive: title, Close, and the dialog itself.
    expect(view.title()).toBe("Choose Network")
    expect(view.button("Close")).toBeDefined()
    expect(view.dialog()?.getAttribute("aria-modal")).toBe("true")
    // Focus went with the removed view: it lands on Try again, not on the page behind.
    expect(view.shadow.activeElement).toBe(view.button("Try again"))

    await view.press("Escape")
    expect(view.dialog()).toBeNull()
    expect(view.modal.isOpen()).toBe(false)

    // Coming back imports the chunk again instead of replaying the first failure.
    const importsBefore = chunks.networksImports
    await act(async () => view.modal.open("Networks"))
    await rendered(() => view.alert() !== undefined, "the failure again")
    expect(chunks.networksImports).toBe(importsBefore + 1)

    chunks.networksFail = false
    const tryAgain = view.button("Try again")
    tryAgain?.focus()
    await act(async () => tryAgain?.click())
    await rendered(() => view.shadow.querySelector('[aria-label="Networks"]') !== null, "the networks list")
    expect(view.alert()).toBeUndefined()
    expect(view.title()).toBe("Choose Network")
    expect(chunks.networksImports).toBe(importsBefore + 2)

    // Try again went away with the failure and handed the focus to the dialog; the Tab trap still wraps.
    const dialog = view.dialog()
    expect(view.shadow.activeElement).toBe(dialog)
    const controls = focusableIn(dialog ?? document.body)
    controls[controls.length - 1]?.focus()
    await view.press("Tab")
    expect(view.shadow.activeElement).toBe(controls[0])
  })
})

describe("a view that throws while rendering", () => {
  it("is contained in the body, and Try again renders it again", async () => {
    const view = await render()
    chunks.allWalletsThrows = true
    await act(async () => view.modal.open("AllWallets"))
    await rendered(() => view.alert() !== undefined, "the failure")

    expect(view.alert()).toBe("Something went wrong")
    expect(view.title()).toBe("All Wallets")
    expect(view.button("Close")).toBeDefined()

    chunks.allWalletsThrows = false
    await act(async () => view.button("Try again")?.click())
    await rendered(() => view.shadow.querySelector('input[placeholder="Search wallets"]'), "the view")
    expect(view.alert()).toBeUndefined()

    // A new view gets a fresh boundary: the failure does not follow the visitor.
    chunks.allWalletsThrows = true
    await act(async () => view.modal.open("AllWallets"))
    await rendered(() => view.alert() !== undefined, "the failure")
    chunks.allWalletsThrows = false
    await act(async () => view.modal.open("Connect"))
    expect(view.alert()).toBeUndefined()
    expect(view.title()).toBe("Connect Wallet")
  })
})

describe("a lazy view's body", () => {
  it("shows its stand-in until the code is in, then the view at once, without suspending", async () => {
    let arrive: (view: ComponentType) => void = () => {}
    const view = lazyView(
      () =>
        new Promise((resolve) => {
          arrive = resolve
        })
    )
    const page = mount(<LazyViewBody view={view} fallback={<div className="placeholder" />} />)
    await rendered(() => page.querySelector(".placeholder"), "the stand-in")
    expect(view.state()._tag).toBe("Loading")
    await act(async () => arrive(() => <p className="arrived">here</p>))
    await rendered(() => page.querySelector(".arrived"), "the view")
    expect(page.querySelector(".placeholder")).toBeNull()
  })

  it("renders a prefetched view in its first render: no stand-in ever shows", async () => {
    const view = lazyView(async () => () => <p className="arrived">here</p>)
    await view.loading()
    const page = mount(<LazyViewBody view={view} fallback={<div className="placeholder" />} />)
    expect(page.querySelector(".arrived")).not.toBeNull()
    expect(page.querySelector(".placeholder")).toBeNull()
  })
})
