// @vitest-environment happy-dom
/**
 * Issue 34: a batch's status screen follows TransactionWatcher's record: pending with its number of calls,
 * confirmed with its transaction (shortened, whole in the copy label), failed with how many calls went
 * through when the modal sent them one by one; in the modal's locale.
 */
import { createElement, type ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { catalog as deWords } from "../../src/messages/compiled/de"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import { ControllerContext } from "../../src/react/modal/element/context"
import { BatchStatus, shownBatch } from "../../src/react/modal/views/batches/BatchStatusView"
import type { TrackedTransaction } from "../../src/services/TransactionWatcher"
import { ENGLISH, localeStore, mount } from "../kit/react"

const mountIn = (node: ReactNode, german = false) =>
  mount(
    createElement(
      ControllerContext.Provider,
      { value: { locale: german ? localeStore("de", deWords) : ENGLISH } as unknown as ModalController },
      node
    )
  )

const HASH = `0x${"ab".repeat(32)}`
const tracked = (status: TrackedTransaction["status"], hash?: string): TrackedTransaction => ({
  id: "0xbatch",
  kind: "calls",
  network: "eip155:31337",
  from: "0x0000000000000000000000000000000000000001",
  to: undefined,
  value: undefined,
  hash,
  status,
  submittedAt: 0,
  settledAt: status === "pending" ? undefined : 1
})

describe("BatchStatus", () => {
  it("reads the route's batch; a route without one names none", () => {
    expect(shownBatch({ id: "0xbatch", calls: "3", landed: "0,1" })).toEqual({
      id: "0xbatch",
      calls: 3,
      landed: [0, 1]
    })
    expect(shownBatch({ id: "0xbatch", calls: "2", landed: "" })?.landed).toEqual([])
    expect(shownBatch({ id: "0xbatch", calls: "2" })?.landed).toBeUndefined()
    expect(shownBatch(undefined)).toBeUndefined()
    expect(shownBatch({ id: "0xbatch", calls: "many" })).toBeUndefined()
  })

  it("is pending with its number of calls until the watcher lists it, then confirmed with its transaction", () => {
    const batch = { id: "0xbatch", calls: 2, landed: undefined }
    const pending = mountIn(createElement(BatchStatus, { batch, tracked: undefined, explorerUrl: undefined }))
    expect(pending.querySelector("[role=status]")!.textContent).toContain("Pending: 2 calls")
    expect(pending.querySelector(".copyable")).toBeNull()
    const confirmed = mountIn(
      createElement(BatchStatus, { batch, tracked: tracked("confirmed", HASH), explorerUrl: undefined })
    )
    expect(confirmed.querySelector("[role=status]")!.textContent).toContain("Confirmed: all 2 calls")
    const value = confirmed.querySelector(".copyable-value")!
    expect(value.getAttribute("title")).toBe(HASH)
    expect(value.textContent!.length).toBeLessThan(HASH.length)
    expect(confirmed.querySelector(".copyable-button")!.getAttribute("aria-label")).toContain(HASH)
  })

  it("failed one by one, says how many calls went through, as an alert; in German too", () => {
    const batch = { id: "0xbatch", calls: 3, landed: [0] }
    const failed = mountIn(
      createElement(BatchStatus, { batch, tracked: tracked("failed"), explorerUrl: undefined })
    )
    expect(failed.querySelector("[role=alert]")!.textContent).toContain("Failed")
    expect(failed.querySelector(".batch-landed")!.textContent).toBe("Calls that went through: 1 of 3")
    const atomic = mountIn(
      createElement(BatchStatus, {
        batch: { ...batch, landed: undefined },
        tracked: tracked("failed"),
        explorerUrl: undefined
      })
    )
    expect(atomic.querySelector(".batch-landed")).toBeNull()
    const german = mountIn(
      createElement(BatchStatus, { batch, tracked: tracked("failed"), explorerUrl: undefined }),
      true
    )
    expect(german.querySelector(".batch-landed")!.textContent).toBe("Durchgeführte Aufrufe: 1 von 3")
  })
})
