// @vitest-environment happy-dom
/**
 * Issue 34: the batch review says which call would fail (its position, the contract's reason as data),
 * and, call by call, which one is on its way or how many went through; in the modal's locale.
 */
import { createElement, type ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { catalog as deWords } from "../../src/messages/compiled/de"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import { ControllerContext } from "../../src/react/modal/element/context"
import { BatchReview } from "../../src/react/modal/views/batches/BatchReview"
import { ENGLISH, localeStore, mount } from "../kit/react"

const mountIn = (node: ReactNode, german = false) =>
  mount(
    createElement(
      ControllerContext.Provider,
      {
        value: { locale: german ? localeStore("de", deWords) : ENGLISH } as unknown as ModalController
      },
      node
    )
  )

describe("BatchReview", () => {
  it("names the failing call and its reason as an alert", () => {
    const view = mountIn(
      createElement(BatchReview, {
        simulation: { _tag: "Reverted", call: 1, reason: "SandboxPool: insufficient output amount" },
        total: 2
      })
    )
    const alert = view.querySelector("[role=alert]")!
    expect(alert.textContent).toContain("Call 2 of 2 would fail")
    expect(alert.textContent).toContain("SandboxPool: insufficient output amount")
  })

  it("shows the call on its way, then how many went through; nothing for a batch that simulates well", () => {
    const sending = mountIn(
      createElement(BatchReview, {
        simulation: { _tag: "Simulated", changes: [] },
        total: 3,
        progress: { total: 3, included: 1, sending: 1 }
      })
    )
    expect(sending.querySelector("[role=status]")!.textContent).toBe("Sending 2 of 3")
    expect(sending.querySelector("[role=alert]")).toBeNull()
    const stopped = mountIn(
      createElement(BatchReview, {
        simulation: undefined,
        total: 3,
        progress: { total: 3, included: 1, sending: undefined }
      })
    )
    expect(stopped.querySelector("[role=status]")!.textContent).toBe("Calls that went through: 1 of 3")
    const quiet = mountIn(
      createElement(BatchReview, { simulation: { _tag: "Simulated", changes: [] }, total: 2 })
    )
    expect(quiet.textContent).toBe("")
  })

  it("speaks the modal's locale", () => {
    const view = mountIn(
      createElement(BatchReview, {
        simulation: undefined,
        total: 2,
        progress: { total: 2, included: 0, sending: 0 }
      }),
      true
    )
    expect(view.querySelector("[role=status]")!.textContent).toBe("Sende 1 von 2")
  })
})
