// @vitest-environment happy-dom
import { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { WalletIcon } from "../../src/react/modal/views/wallets/WalletIcon"
import { IMAGE_TIMEOUT_MS, RemoteImage } from "../../src/react/modal/views/wallets/WalletImage"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

let root: Root
let container: HTMLElement
beforeEach(() => {
  vi.useFakeTimers()
  container = document.createElement("div")
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.useRealTimers()
})

const render = (node: React.ReactNode) => act(() => root.render(node))

describe("remote images (SPEC §9: image load time-out 2 s, for every wallet, token and account icon)", () => {
  it("an icon still loading after 2 s gives way to the initial, and not a moment before", () => {
    render(<WalletIcon icon="https://icons.example/w.png" name="wallet" />)
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://icons.example/w.png")
    act(() => vi.advanceTimersByTime(IMAGE_TIMEOUT_MS - 1))
    expect(container.querySelector("img")).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(container.querySelector("img")).toBeNull()
    expect(container.querySelector(".placeholder")?.textContent).toBe("W")
  })

  it("an image that loaded in time stays; one that fails gives way at once", () => {
    render(<RemoteImage src="https://icons.example/a.png" name="alpha" />)
    act(() => container.querySelector("img")?.dispatchEvent(new Event("load")))
    act(() => vi.advanceTimersByTime(IMAGE_TIMEOUT_MS * 2))
    expect(container.querySelector("img")).not.toBeNull()
    render(<RemoteImage src="https://icons.example/b.png" name="beta" />)
    act(() => container.querySelector("img")?.dispatchEvent(new Event("error")))
    expect(container.querySelector(".placeholder")?.textContent).toBe("B")
  })

  it("no image: the initial at once; an NFT preview without a name: an empty placeholder", () => {
    render(<WalletIcon icon={undefined} name="sandbox" />)
    expect(container.querySelector(".placeholder")?.textContent).toBe("S")
    render(<RemoteImage src={undefined} name="" className="nft-preview" />)
    expect(container.querySelector(".nft-preview.placeholder")?.textContent).toBe("")
  })
})
