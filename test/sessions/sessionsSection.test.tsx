// @vitest-environment happy-dom
/**
 * The Account view's sessions (`SessionsSection`): each session with what it may do (its limit in the
 * network's coin) and until when, Revoke named for its app and held while a revoke runs, and the loading,
 * empty and failed states in words.
 */
import { act, createElement } from "react"
import { describe, expect, it, vi } from "vitest"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import type { Store } from "../../src/react/modal/bridge/store"
import { ControllerContext } from "../../src/react/modal/element/context"
import { SessionsSection } from "../../src/react/modal/views/sessions/SessionsSection"
import type { SessionsState } from "../../src/services/SmartSessions"
import { ALICE } from "../kit/accounts"
import { caipNetworkOf } from "../kit/bindings"
import { sandboxNetwork } from "../kit/networks"
import { ENGLISH, mount } from "../kit/react"

const fixed = <A,>(value: A): Store<A> => ({ get: () => value, subscribe: () => () => undefined })

const render = (state: SessionsState) => {
  const revoke = vi.fn(() => Promise.resolve())
  const load = vi.fn(() => Promise.resolve())
  const controller = {
    locale: ENGLISH,
    networks: fixed({
      activeNamespace: "eip155",
      active: { eip155: { _tag: "Known", network: caipNetworkOf(sandboxNetwork) } }
    }),
    smartSessions: { enabled: true, state: fixed(state), revoke, load }
  } as unknown as ModalController
  const view = mount(createElement(ControllerContext.Provider, { value: controller }, <SessionsSection />))
  return { view, revoke, load }
}

const session = {
  pci: "31337-one",
  context: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  app: "Sandbox dApp",
  expiry: 1_795_565_400,
  permissions: [{ _tag: "NativeTransfer", to: ALICE, valueLimit: 10n ** 16n } as const]
}

describe("SessionsSection", () => {
  it("lists each session with what it may do and until when; Revoke names its app", async () => {
    const { view, revoke } = render({
      _tag: "Loaded",
      account: ALICE,
      sessions: [session],
      revoking: undefined
    })
    expect(view.querySelector("h3")?.textContent).toBe("Sessions")
    const texts = [...view.querySelectorAll(".session .sub")].map((sub) => sub.textContent)
    expect(texts[0]).toBe(`May send up to 0.01 ETH per transfer, only to ${ALICE}`)
    expect(texts[1]).toMatch(/^Until /)
    const button = view.querySelector<HTMLButtonElement>(".session button")
    expect(button?.getAttribute("aria-label")).toBe("Revoke the session of Sandbox dApp")
    await act(async () => button?.click())
    expect(revoke).toHaveBeenCalledWith("31337-one")
  })

  it("holds every Revoke while one runs, and says which", () => {
    const other = { ...session, pci: "31337-two", app: undefined }
    const { view } = render({
      _tag: "Loaded",
      account: ALICE,
      sessions: [session, other],
      revoking: "31337-one"
    })
    const buttons = [...view.querySelectorAll<HTMLButtonElement>(".session button")]
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ["Revoking…", true],
      ["Revoke", true]
    ])
    expect(buttons[1]?.getAttribute("aria-label")).toBe("Revoke the session of An app")
  })

  it("says when it loads, when there is none, and when the list failed (with Try again)", async () => {
    expect(render({ _tag: "Loading" }).view.textContent).toContain("Loading sessions…")
    expect(
      render({ _tag: "Loaded", account: ALICE, sessions: [], revoking: undefined }).view.textContent
    ).toContain("No active sessions.")
    const failed = render({ _tag: "Failed" })
    expect(failed.view.textContent).toContain("The sessions could not be loaded.")
    await act(async () => failed.view.querySelector<HTMLButtonElement>("button")?.click())
    expect(failed.load).toHaveBeenCalled()
  })
})
