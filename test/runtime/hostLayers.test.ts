// @vitest-environment happy-dom
/**
 * Honest composition: a service a host swaps is the one every other service uses, and a host layer that
 * cannot build at once is refused with a clear error instead of half-starting the modal.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { AsyncHostLayerError, createModal } from "../../src/createModal"
import { makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { ALICE } from "../kit/accounts"
import { baseOptions } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { TestPlatform } from "../kit/platform"
import { eventually, untilNotified } from "../kit/waits"

describe("host layers", () => {
  it("refuses a host layer that builds asynchronously, with AsyncHostLayerError", () => {
    const slow = Layer.effectDiscard(Effect.sleep("10 millis"))
    try {
      createModal({ ...baseOptions, disableAppend: true }, { layer: Layer.merge(TestPlatform, slow) })
      assert.fail("expected a throw")
    } catch (error) {
      assert.instanceOf(error, AsyncHostLayerError)
      assert.match((error as Error).message, /must build synchronously/)
    }
  })

  it("a swapped Connectors is the one the connection and the request owner use", async () => {
    const mock = makeMockInModalWallet({ chainId: 31337 })
    const modal = createModal(baseOptions, {
      layer: Layer.mergeAll(TestPlatform, mock.layer, preloadedParts)
    })
    try {
      await modal.open()
      const root = modal.element?.shadowRoot
      const row = () =>
        [...(root?.querySelectorAll("button") ?? [])].find((b) =>
          b.textContent?.includes(mock.connector.name)
        )
      await eventually(row, "the wallet's row")
      row()?.click()
      // Connection found the wallet through the host's Connectors...
      await untilNotified(modal.subscribeAccount, () => modal.getAccount().status === "connected")
      assert.strictEqual(modal.getAccount().address, ALICE)
      // ...and the request owner reached it through Connection: its in-modal approval shows.
      const signing = modal.request({
        method: "personal_sign",
        params: ["0x6869", modal.getAccount().address]
      })
      await untilNotified(modal.subscribeState, () => modal.getState().view === "ApproveTransaction")
      assert.strictEqual(mock.provider.count("personal_sign"), 0)
      await modal.close({ force: true })
      const settled = await signing.then(
        () => "resolved",
        (error: { readonly _tag?: string }) => error._tag
      )
      assert.strictEqual(settled, "RequestAbortedError")
    } finally {
      await modal.dispose()
    }
  })
})
