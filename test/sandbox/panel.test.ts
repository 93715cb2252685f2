// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest"
import { type ApprovalRequest, createApprovals } from "../../sandbox/wallets/injected/approvals"
import { WALLET_ICON } from "../../sandbox/wallets/injected/icon"
import { createPanel } from "../../sandbox/wallets/injected/panel"

/** The approval panel: text only, its own shadow root, Approve and Reject, and the keys a window owns. */

const request = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  kind: "sign-message",
  title: "Sign a message",
  origin: "http://127.0.0.1:5173",
  details: [["Message", "hello"]],
  ...overrides
})

const panelRoot = () => document.querySelector("[data-sandbox-wallet-panel]")?.shadowRoot ?? null
const button = (name: string) =>
  [...(panelRoot()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === name)

afterEach(() => {
  document.body.replaceChildren()
})

describe("the approval panel", () => {
  it("renders requests as text, in an open shadow root, and answers with its buttons", async () => {
    const decide = vi.fn()
    const view = createPanel({ icon: WALLET_ICON, onDecide: decide })
    const hostile = '<img src=x onerror="window.__pwned = true">'
    view.show(request({ title: hostile, details: [["Message", hostile]] }), 2)
    const root = panelRoot()
    expect(root).not.toBeNull()
    expect(root?.querySelectorAll("img")).toHaveLength(1) // the wallet's own icon only
    expect(root?.querySelector("h2")?.textContent).toBe(hostile)
    expect(root?.querySelector("dd")?.textContent).toBe(hostile)
    expect(root?.textContent).toContain("http://127.0.0.1:5173 asks")
    expect(root?.textContent).toContain("2 more requests waiting")
    const dialog = root?.querySelector('[role="dialog"]')
    expect(dialog?.getAttribute("aria-labelledby")).toBe("brand title")

    button("Approve")?.click()
    button("Reject")?.click()
    expect(decide.mock.calls).toEqual([[true], [false]])
    view.hide()
    expect(panelRoot()).toBeNull()
  })

  it("shows the oldest waiting request in manual mode and the next one after a decision", async () => {
    const approvals = createApprovals(
      "manual",
      createPanel({ icon: WALLET_ICON, onDecide: (ok) => void approvals.decide(ok) })
    )
    const first = approvals.ask(request({ title: "First" }))
    const second = approvals.ask(request({ title: "Second" }))
    expect(panelRoot()?.querySelector("h2")?.textContent).toBe("First")
    button("Approve")?.click()
    await expect(first).resolves.toBe(true)
    expect(panelRoot()?.querySelector("h2")?.textContent).toBe("Second")
    button("Reject")?.click()
    await expect(second).resolves.toBe(false)
    expect(panelRoot()).toBeNull()
  })

  it("hides in hang mode and answers everything waiting when switched to an automatic mode", async () => {
    const approvals = createApprovals("manual", createPanel({ icon: WALLET_ICON, onDecide: () => {} }))
    const waiting = approvals.ask(request())
    approvals.setMode("hang")
    expect(panelRoot()).toBeNull()
    approvals.setMode("auto-approve")
    await expect(waiting).resolves.toBe(true)
    await expect(approvals.ask(request())).resolves.toBe(true)
  })

  it("takes the focus, owns Escape (reject) while focused, and gives the focus back", () => {
    const opener = document.createElement("button")
    document.body.append(opener)
    opener.focus()
    const pageKeys = vi.fn()
    document.addEventListener("keydown", pageKeys, true)
    const approvals = createApprovals(
      "manual",
      createPanel({ icon: WALLET_ICON, onDecide: (ok) => void approvals.decide(ok) })
    )
    const answer = approvals.ask(request())
    const focused = panelRoot()?.activeElement
    expect(focused?.getAttribute("role")).toBe("dialog")
    focused?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, composed: true }))
    // The page's own capture listener (a modal's Escape, say) never heard it.
    expect(pageKeys).not.toHaveBeenCalled()
    expect(panelRoot()).toBeNull()
    expect(document.activeElement).toBe(opener)
    document.removeEventListener("keydown", pageKeys, true)
    return expect(answer).resolves.toBe(false)
  })
})
