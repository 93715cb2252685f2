// @vitest-environment happy-dom
import * as Layer from "effect/Layer"
import { act } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it } from "vitest"
import { createModal } from "../../src/createModal"
import type { Modal } from "../../src/Modal"
import { AirlockProvider, ConnectButton, type ConnectButtonProps } from "../../src/react/index"
import { focusableIn, OWNS_ESCAPE } from "../../src/react/modal/element/focus"
import { companionOf, registerModal } from "../../src/react/registry"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { Connectors } from "../../src/services/Connectors"
import { makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { baseOptions } from "../kit/fixtures"
import { TestPlatform } from "../kit/platform"
import { press, rendered } from "../kit/react"
import { untilNotified } from "../kit/waits"

const options = baseOptions

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await act(async () => cleanup())
  document.body.replaceChildren()
})

/** A host page: a Connect button in the host's React tree, and the modal. */
const renderHost = async (
  input: ModalOptionsInput = options,
  layer: Layer.Layer<Connectors> | Layer.Layer<never> = Layer.empty,
  buttonProps: ConnectButtonProps = {}
) => {
  const modal: Modal = createModal(input, { layer: Layer.merge(TestPlatform, layer) })
  cleanups.push(() => modal.dispose())
  const container = document.createElement("div")
  document.body.prepend(container)
  const root = createRoot(container)
  cleanups.push(() => root.unmount())
  await act(async () =>
    root.render(
      <AirlockProvider modal={modal}>
        <ConnectButton {...buttonProps} />
      </AirlockProvider>
    )
  )
  const button = container.querySelector("button")
  if (button === null) throw new Error("no Connect button")
  const shadow = modal.element?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error("no shadow root")
  const dialog = () => shadow.querySelector<HTMLElement>('[role="dialog"]')
  /** Clicks the button; the dialog shows once the modal's interface (a chunk of its own) is in. */
  const clickOpen = async () => {
    await act(async () => button.click())
    return rendered(dialog, "the dialog")
  }
  return { modal, button, shadow, dialog, clickOpen }
}

describe("the modal shell", () => {
  it("opens a labelled modal dialog from the Connect Wallet button", async () => {
    const { button, shadow, dialog, clickOpen } = await renderHost()
    expect(button.textContent).toBe("Connect Wallet")
    expect(button.getAttribute("aria-haspopup")).toBe("dialog")
    button.focus()
    await clickOpen()
    const open = dialog()
    expect(open).not.toBeNull()
    expect(open?.getAttribute("aria-modal")).toBe("true")
    const title = shadow.getElementById(open?.getAttribute("aria-labelledby") ?? "")
    expect(title?.textContent).toBe("Connect Wallet")
    expect(button.getAttribute("aria-expanded")).toBe("true")
    // Focus moves into the dialog (once its first frame is painted).
    await rendered(() => open?.contains(shadow.activeElement), "focus inside the dialog")
  })

  it("closes on Escape and gives focus back to the button", async () => {
    const { button, dialog, modal, clickOpen } = await renderHost()
    button.focus()
    await clickOpen()
    await press("Escape")
    expect(dialog()).toBeNull()
    expect(modal.isOpen()).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it("leaves Escape to a control open inside the dialog that closes itself (a token picker)", async () => {
    const { dialog, modal, clickOpen } = await renderHost()
    await clickOpen()
    const picker = document.createElement("input")
    picker.setAttribute(OWNS_ESCAPE, "")
    dialog()?.append(picker)
    picker.focus()
    await act(async () => {
      picker.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, composed: true }))
    })
    expect(modal.isOpen()).toBe(true)
    picker.remove()
    await press("Escape")
    expect(modal.isOpen()).toBe(false)
  })

  it("wraps Tab from the last control to the first, and Shift+Tab back", async () => {
    const { shadow, dialog, clickOpen } = await renderHost()
    await clickOpen()
    const controls = focusableIn(dialog() ?? document.body)
    const first = controls[0]
    const last = controls[controls.length - 1]
    expect(controls.length).toBeGreaterThan(2)
    last?.focus()
    await press("Tab")
    expect(shadow.activeElement).toBe(first)
    await press("Tab", true)
    expect(shadow.activeElement).toBe(last)
  })

  it("closes when the overlay is clicked, not when the card is", async () => {
    const { shadow, dialog, clickOpen } = await renderHost()
    await clickOpen()
    const card = dialog()
    await act(async () => {
      card?.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }))
    })
    expect(dialog()).not.toBeNull()
    const overlay = shadow.querySelector(".overlay")
    await act(async () => {
      overlay?.dispatchEvent(new MouseEvent("mousedown", { bubbles: true }))
    })
    expect(dialog()).toBeNull()
  })

  it("stays open in ApproveTransaction until forced", async () => {
    const wallet = makeMockInModalWallet({ chainId: 31337 })
    const { modal, dialog, shadow } = await renderHost(options, wallet.layer)
    await act(async () => modal.open())
    const row = await rendered(() =>
      [...shadow.querySelectorAll("button")].find((b) => b.textContent?.includes(wallet.connector.name))
    )
    await act(async () => row.click())
    await untilNotified(modal.subscribeAccount, () => modal.getAccount().status === "connected")
    await act(async () => modal.close())
    const signing = modal.request({ method: "personal_sign", params: ["0x6869", modal.getAccount().address] })
    const settled = signing.then(
      () => "resolved",
      (error: { readonly _tag?: string }) => error._tag
    )
    // The request's code and the view's are each imported on first use, which a loaded machine takes its
    // time over: both are awaited as they happen, never for a fixed time.
    await untilNotified(modal.subscribeState, () => modal.getState().view === "ApproveTransaction")
    await rendered(() => shadow.querySelector(".approve"))
    await press("Escape")
    expect(dialog()).not.toBeNull()
    await act(async () => {
      await modal.close({ force: true })
    })
    expect(dialog()).toBeNull()
    expect(await settled).toBe("RequestAbortedError")
  })

  it("never opens ApproveTransaction without a pending request", async () => {
    const { modal } = await renderHost()
    await act(async () => modal.open("ApproveTransaction"))
    expect(modal.getState().view).toBe("Connect")
    expect(await modal.close()).toBe(true)
  })

  it("shows email, social and wallet methods in the default order", async () => {
    const { shadow, clickOpen } = await renderHost()
    await clickOpen()
    const labels = [...shadow.querySelectorAll("form label, .socials button, .section h3")].map(
      (n) => n.textContent
    )
    expect(labels[0]).toBe("Email")
    expect(labels[1]).toBe("Continue with Google")
    expect(labels[labels.length - 1]).toBe("Wallets")
  })

  it("follows a configured method order and leaves out disabled methods", async () => {
    const { shadow, clickOpen } = await renderHost({
      ...options,
      features: { connectMethodsOrder: ["wallet", "email"], socials: false }
    })
    await clickOpen()
    const sections = [...shadow.querySelectorAll(".body .section")].map((n) =>
      n.tagName === "FORM" ? "email" : n.classList.contains("socials") ? "social" : "wallet"
    )
    expect(sections).toEqual(["wallet", "email"])
  })

  it("shows notices under the dialog's header while it is open, never over the view; over the page while closed", async () => {
    const { modal, shadow, dialog, clickOpen } = await renderHost()
    // A view that cannot show now is refused with a toast (no account is connected).
    await act(async () => modal.open("WalletSend").catch(() => undefined))
    const outside = await rendered(() => shadow.querySelector('.notices[data-placement="page"] .notice'))
    expect(dialog()).toBeNull()
    expect(outside.textContent).toContain("Connector not connected.")

    await clickOpen()
    const card = dialog()
    expect(shadow.querySelector('.notices[data-placement="page"]')).toBeNull()
    const inside = await rendered(() => card?.querySelector('.notices[data-placement="dialog"] .notice'))
    expect(inside.textContent).toContain("Connector not connected.")
    // Its own place: after the header, before the view's frame, not inside the view.
    const region = inside.closest(".notices")
    expect(region?.previousElementSibling?.classList.contains("header")).toBe(true)
    expect(region?.nextElementSibling?.classList.contains("body-frame")).toBe(true)
  })

  it("applies the theme mode and variables to the host element", async () => {
    const { modal } = await renderHost({
      ...options,
      themeMode: "light",
      themeVariables: { "--airlock-accent": "#ff0000" }
    })
    expect(modal.element?.dataset.theme).toBe("light")
    expect(modal.element?.style.getPropertyValue("--airlock-accent")).toBe("#ff0000")
    await act(async () => modal.setThemeMode("dark"))
    expect(modal.element?.dataset.theme).toBe("dark")
  })
})

describe("the modal's interface, fetched before it is needed", () => {
  it("arrives once the page is idle, with no open", async () => {
    const { shadow, modal } = await renderHost()
    // The page's notices are the interface's: they render once its chunk is in.
    await rendered(() => shadow.querySelector('.notices[data-placement="page"]'), "the interface")
    expect(modal.isOpen()).toBe(false)
  })

  it("is asked for as a pointer, a press or focus comes to the Connect button; the host's handlers still run", async () => {
    const heard: Array<string> = []
    const { modal, button } = await renderHost(options, Layer.empty, {
      onFocus: () => heard.push("host focus"),
      onPointerEnter: () => heard.push("host pointerenter")
    })
    const companion = companionOf(modal)
    if (companion === undefined) throw new Error("no companion")
    registerModal(modal, { ...companion, prepare: () => heard.push("prepare") })
    await act(async () => {
      button.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }))
      button.dispatchEvent(new PointerEvent("pointerenter"))
      button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }))
      button.focus()
    })
    expect(heard).toEqual(["prepare", "host pointerenter", "prepare", "prepare", "host focus"])
  })
})
