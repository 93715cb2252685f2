// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import { afterEach } from "vitest"
import { createModal } from "../src/createModal"
import type { Modal } from "../src/Modal"
import { baseOptions } from "./kit/fixtures"
import { TestPlatform } from "./kit/platform"

const modals: Array<Modal> = []
afterEach(async () => {
  await Promise.all(modals.splice(0).map((m) => m.dispose()))
})

describe("opening and closing", () => {
  it("takes effect before open() returns, so the click's task can render the view", () => {
    const modal = createModal(baseOptions, { layer: TestPlatform })
    modals.push(modal)
    const seen: Array<boolean> = []
    const unsubscribe = modal.subscribeState((s) => seen.push(s.open))
    void modal.open()
    assert.isTrue(modal.isOpen())
    assert.deepStrictEqual(seen, [true])
    void modal.close()
    assert.isFalse(modal.isOpen())
    assert.deepStrictEqual(seen, [true, false])
    unsubscribe()
  })
})
