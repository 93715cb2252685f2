import { afterEach, describe, expect, it, vi } from "vitest"
import { loadModalStyles } from "../../src/react/modal/element/modalStyles"
import { untilNotified } from "../kit/waits"

/** The status once the stylesheet's chunk has come in, or failed to. */
const settled = async (styles: ReturnType<typeof loadModalStyles>) => {
  await untilNotified(styles.subscribe, () => styles.status() !== "loading")
  return styles.status()
}

afterEach(() => {
  vi.doUnmock("../../src/react/modal/element/styles")
  vi.resetModules()
})

describe("the modal's stylesheet, out of the first paint", () => {
  it("is fetched at once and adopted before the modal shows anything", async () => {
    const added: Array<string> = []
    const styles = loadModalStyles((css) => added.push(css))
    expect(styles.status()).toBe("loading")
    expect(await settled(styles)).toBe("ready")
    expect(added).toHaveLength(1)
    expect(added[0]).toContain(":host")
  })

  it("a failed fetch is asked again when the modal opens", async () => {
    vi.doMock("../../src/react/modal/element/styles", () => {
      throw new Error("chunk missing")
    })
    const { loadModalStyles: load } = await import("../../src/react/modal/element/modalStyles")
    const added: Array<string> = []
    const notified: Array<string> = []
    const styles = load((css) => added.push(css))
    styles.subscribe(() => notified.push(styles.status()))
    expect(await settled(styles)).toBe("failed")
    vi.doUnmock("../../src/react/modal/element/styles")
    styles.retry()
    expect(styles.status()).toBe("loading")
    expect(await settled(styles)).toBe("ready")
    expect(added).toHaveLength(1)
    expect(notified).toEqual(["failed", "ready"])
  })
})
