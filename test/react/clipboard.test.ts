import { afterEach, describe, expect, it, vi } from "vitest"
import { copyText } from "../../src/react/modal/element/clipboard"

const withClipboard = (clipboard: unknown) => vi.stubGlobal("navigator", { clipboard })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("copyText", () => {
  it("writes the text and resolves true", async () => {
    const writeText = vi.fn(() => Promise.resolve())
    withClipboard({ writeText })
    await expect(copyText("wc:abc@2")).resolves.toBe(true)
    expect(writeText).toHaveBeenCalledWith("wc:abc@2")
  })

  it("resolves false when the browser refuses the write", async () => {
    withClipboard({ writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) })
    await expect(copyText("x")).resolves.toBe(false)
  })

  it("resolves false when writeText throws before returning", async () => {
    withClipboard({
      writeText: () => {
        throw new TypeError("Illegal invocation")
      }
    })
    await expect(copyText("x")).resolves.toBe(false)
  })

  it("resolves false without a clipboard, or without writeText", async () => {
    withClipboard(undefined)
    await expect(copyText("x")).resolves.toBe(false)
    withClipboard({})
    await expect(copyText("x")).resolves.toBe(false)
    vi.stubGlobal("navigator", undefined)
    await expect(copyText("x")).resolves.toBe(false)
  })

  it("resolves false when reading the clipboard itself throws", async () => {
    vi.stubGlobal(
      "navigator",
      Object.defineProperty({}, "clipboard", {
        get: () => {
          throw new Error("blocked by policy")
        }
      })
    )
    await expect(copyText("x")).resolves.toBe(false)
  })

  it("resolves false when writeText answers with a broken thenable", async () => {
    withClipboard({
      writeText: () => ({
        // biome-ignore lint/suspicious/noThenProperty: a hostile thenable is the case under test
        then: () => {
          throw new Error("broken")
        }
      })
    })
    await expect(copyText("x")).resolves.toBe(false)
  })
})
