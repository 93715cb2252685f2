// @vitest-environment happy-dom
/**
 * The AllWallets view in the real modal, with the explorer faked through the host layer: a windowed
 * grid over 600 wallets, infinite scroll, the service's debounced search, hostile listings as text,
 * installed wallets connecting, the others showing where to get them.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { type ProviderServiceError, ServiceUnavailableError } from "../../src/errors"
import { ROW_HEIGHT } from "../../src/react/modal/views/wallets/WalletGrid"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { WalletListing } from "../../src/schemas/WalletListing"
import type { WalletQuery } from "../../src/services/ProviderApi"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { makeRecorder } from "../kit/emitters"
import { fakeProviderApi, walletPage } from "../kit/fakeExplorer"
import { disposeModals, openOnConnect, PWN, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { actOn, rendered } from "../kit/react"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo, watched } from "../kit/wallets"

const options = walletsOnly

const HOSTILE: WalletListing = {
  id: "hostile",
  name: `<img src=x onerror="${PWN}">`,
  image_url: `javascript:${PWN}`,
  homepage: `javascript:${PWN}`,
  app_store: "https://apps.example/hostile"
}

const listings = (size: number): ReadonlyArray<WalletListing> => [
  { id: "mm", name: "MetaMask", rdns: "io.metamask", homepage: "https://metamask.io", image_id: "mm-img" },
  HOSTILE,
  ...Array.from({ length: size - 2 }, (_, i) => ({
    id: `w${i}`,
    name: `Wallet ${i}`,
    image_id: `img-${i}`,
    homepage: `https://wallet${i}.example`
  }))
]

const fakeApi = (
  all: ReadonlyArray<WalletListing>,
  fail: () => ProviderServiceError | undefined = () => undefined
) => {
  const calls = makeRecorder<WalletQuery>()
  const getWallets = (query: WalletQuery) =>
    Effect.suspend(() => {
      calls.push(query)
      const error = fail()
      if (error !== undefined) return Effect.fail(error)
      return Effect.succeed(walletPage(all, query))
    })
  const layer = fakeProviderApi(getWallets)
  return { layer, calls }
}

/** Waits until `holds()` is true of the page. */
/** The modal, open on Connect, with the fake explorer; `open()` goes to All Wallets by its row. */
const renderModal = async (
  api: ReturnType<typeof fakeApi>,
  input: ModalOptionsInput = options,
  before?: () => unknown
) => {
  const walletConnect = makeMockWalletConnect()
  const { modal, shadow } = await openOnConnect(
    input,
    Layer.mergeAll(TestPlatform, api.layer, walletConnect.layer),
    before
  )
  const allWalletsRow = () =>
    [...shadow.querySelectorAll<HTMLButtonElement>(".body button")].find(
      (b) => b.querySelector(".name")?.textContent === "All Wallets"
    )
  const openAllWallets = async () => {
    const row = allWalletsRow()
    if (row === undefined) throw new Error("no All Wallets row")
    await act(async () => row.click())
    await rendered(() => shadow.querySelector(".wallet-search input") !== null, "the AllWallets view")
  }
  const tiles = () => [...shadow.querySelectorAll<HTMLButtonElement>(".wallet-tile")]
  const names = () => tiles().map((t) => t.querySelector(".name")?.textContent)
  const status = () => shadow.querySelector('[role="status"]')?.textContent ?? ""
  const scroller = () => shadow.querySelector<HTMLElement>(".wallet-scroll")
  const scrollTo = async (top: number) => {
    const box = scroller()
    if (box === null) throw new Error("no scroll box")
    box.scrollTop = top
    await act(async () => {
      box.dispatchEvent(new Event("scroll"))
    })
  }
  const type = async (text: string) => {
    const field = shadow.querySelector<HTMLInputElement>(".wallet-search input")
    if (field === null) throw new Error("no search box")
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, text)
      field.dispatchEvent(new Event("input", { bubbles: true }))
    })
  }
  return {
    modal,
    shadow,
    walletConnect,
    allWalletsRow,
    openAllWallets,
    tiles,
    names,
    status,
    scroller,
    scrollTo,
    type
  }
}

describe("AllWallets view", () => {
  it("renders only a window of 600 wallets, and later rows (and pages) as it scrolls", async () => {
    const api = fakeApi(listings(600))
    const view = await renderModal(api)
    await view.openAllWallets()
    await rendered(() => view.tiles().length > 0, "the first page")
    expect(view.shadow.querySelector(".modal-title, .title")?.textContent).toBe("All Wallets")
    expect(view.names().slice(0, 2)).toEqual(["MetaMask", HOSTILE.name])
    expect(view.tiles().length).toBeLessThan(60)

    // Scroll to the end again and again: the next page loads near the end, the window follows.
    let spacer = 0
    const height = () =>
      Number.parseFloat(view.shadow.querySelector<HTMLElement>(".wallet-window")?.style.height ?? "0")
    for (let i = 0; i < 30; i++) {
      spacer = height()
      await view.scrollTo(spacer)
      // Near the end a page comes in and the window grows, until the last wallet shows.
      await rendered(() => height() > spacer || view.names().includes("Wallet 597"), "the next page")
      expect(view.tiles().length).toBeLessThan(60)
      if (view.names().includes("Wallet 597")) break
    }
    expect(spacer).toBe(Math.ceil(600 / 4) * ROW_HEIGHT)
    expect(view.names()).toContain("Wallet 597")
    expect(view.names()).not.toContain("MetaMask")
    // Every page was asked for exactly once.
    const pages = api.calls
      .all()
      .filter((q) => q.entries === 40)
      .map((q) => q.page)
    expect(pages).toEqual([...new Set(pages)])
    expect(Math.max(...pages)).toBe(15)
    // Images load lazily, from the API's image URL.
    const img = view.shadow.querySelector(".wallet-tile img")
    expect(img?.getAttribute("loading")).toBe("lazy")
    expect(img?.getAttribute("src")).toMatch(/^https:\/\/api\.test\/getWalletImage\//)

    // And back to the top.
    await view.scrollTo(0)
    expect(view.names()).toContain("MetaMask")
    expect(view.tiles().length).toBeLessThan(60)
  })

  it("shows a hostile listing's name as text, with no image from its javascript: URL", async () => {
    const view = await renderModal(fakeApi(listings(50)))
    await view.openAllWallets()
    await rendered(() => view.names().includes(HOSTILE.name), "the hostile listing")
    const tile = view.tiles().find((t) => t.querySelector(".name")?.textContent === HOSTILE.name)
    expect(tile?.querySelector(".name")?.children.length).toBe(0)
    expect(tile?.querySelector("img")).toBeNull()
    expect(tile?.querySelector(".placeholder")?.textContent).toBe("<")
    for (const element of view.shadow.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on")).toBe(false)
        expect(attribute.value).not.toMatch(/^\s*javascript:/i)
      }
    }
    expect(view.shadow.querySelectorAll('img[src="x"]').length).toBe(0)

    // Choosing it pairs through WalletConnect; its links are only what is https.
    await act(async () => tile?.click())
    await rendered(() => view.shadow.querySelector(".walletconnect") !== null, "the WalletConnect view")
    const links = [...view.shadow.querySelectorAll<HTMLAnchorElement>(".walletconnect a")]
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["App Store", "https://apps.example/hostile"]
    ])
    expect(view.shadow.querySelector(".walletconnect-wallet .name")?.textContent).toBe(HOSTILE.name)
    expect(Reflect.get(window, "__pwned")).toBeUndefined()
  })

  it("searches in the service, 300 ms after typing, and says when nothing matches", async () => {
    const api = fakeApi(listings(100))
    const view = await renderModal(api)
    await view.openAllWallets()
    await rendered(() => view.tiles().length > 0, "the first page")
    const label = view.shadow.querySelector(".wallet-search label")
    const input = view.shadow.querySelector(".wallet-search input")
    expect(label?.textContent).toBe("Search wallets")
    expect(label?.getAttribute("for")).toBe(input?.id)

    const typedAt = Date.now()
    await view.type("wallet 4")
    expect(view.status()).toBe("Loading…")
    await actOn(api.calls.until((all) => all.some((q) => q.search !== undefined)))
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(290)
    await rendered(() => view.status() === "", "the results")
    expect(view.names()).toEqual(["Wallet 4", ...Array.from({ length: 10 }, (_, i) => `Wallet ${40 + i}`)])
    expect(view.shadow.querySelector(".wallet-grid")?.getAttribute("aria-label")).toBe("Search results")

    await view.type("zzzz")
    await rendered(() => view.status() === "No wallets found", "no results")
    expect(view.tiles()).toEqual([])

    await view.type("")
    await rendered(() => view.names().includes("MetaMask"), "the full list again")
  })

  it("connects an installed wallet, and shows where to get one that is not", async () => {
    const provider = watched(makeMockEip1193Provider())
    const view = await renderModal(fakeApi(listings(50)), options, () =>
      announce(walletInfo({ name: "MetaMask", rdns: "io.metamask" }), provider)
    )
    await view.openAllWallets()
    await rendered(() => view.tiles().length > 2, "the list")
    // MetaMask once, marked installed.
    expect(view.names().filter((n) => n === "MetaMask")).toHaveLength(1)
    const metamask = view.tiles()[0]
    expect(metamask?.querySelector(".tag")?.textContent).toBe("Installed")

    // Another wallet pairs through WalletConnect: its QR code, Copy link, and https links in a new tab.
    const other = view.tiles().find((t) => t.querySelector(".name")?.textContent === "Wallet 3")
    await act(async () => other?.click())
    await rendered(() => view.shadow.querySelector("svg.qr") !== null, "the QR code")
    expect(view.modal.getState().view).toBe("ConnectingWalletConnect")
    expect(view.shadow.querySelector("svg.qr")?.getAttribute("aria-label")).toBe(
      "QR code: Scan with Wallet 3"
    )
    expect(view.walletConnect.pairings).toHaveLength(1)
    expect(view.modal.getWalletConnect().uri).toBe(view.walletConnect.pairings[0]?.uri)
    const link = view.shadow.querySelector<HTMLAnchorElement>(".walletconnect ul a")
    expect(link?.getAttribute("href")).toBe("https://wallet3.example/")
    expect(link?.getAttribute("target")).toBe("_blank")
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer")
    // Back abandons the pairing.
    await act(async () => view.modal.open("AllWallets"))
    await untilNotified(
      view.modal.subscribeWalletConnect,
      () => view.modal.getWalletConnect().status === "idle"
    )
    await rendered(() => view.tiles().length > 2, "the list again")

    const views: Array<string> = []
    view.modal.subscribeState((state) => views.push(state.view))
    await act(async () => view.tiles()[0]?.click())
    await actOn(provider.asked("eth_requestAccounts"))
    // Pushed before connecting, as WalletList does; where it goes next is the connection's business.
    expect(views[0]).toBe("ConnectingExternal")
  })

  it("keeps installed wallets listed and says why when the explorer fails", async () => {
    let failing = true
    const api = fakeApi(listings(50), () =>
      failing ? new ServiceUnavailableError({ status: 503 }) : undefined
    )
    const view = await renderModal(api, options, () =>
      announce(
        walletInfo({ uuid: "0b2e3f5a-19fa-4704-a166-e52e178b59d2", name: "Rabby Wallet", rdns: "io.rabby" }),
        makeMockEip1193Provider()
      )
    )
    await view.openAllWallets()
    await rendered(() => view.status() === "Service temporarily unavailable", "the failure")
    expect(view.names()).toEqual(["Rabby Wallet"])
    failing = false
    const retry = [...view.shadow.querySelectorAll<HTMLButtonElement>(".body button")].find(
      (b) => b.textContent === "Try again"
    )
    await act(async () => retry?.click())
    await rendered(() => view.names().includes("MetaMask"), "the list after retrying")
    expect(view.status()).toBe("")
  })

  it("offers the All Wallets row, with the listing's count once it is in, unless the host hides it", async () => {
    const shown = await renderModal(fakeApi(listings(57)))
    expect(shown.allWalletsRow()).toBeDefined()
    await rendered(() => shown.allWalletsRow()?.querySelector(".tag")?.textContent === "50+", "the count")
    await disposeModals()
    const hidden = await renderModal(fakeApi(listings(10)), { ...options, allWallets: "HIDE" })
    expect(hidden.allWalletsRow()).toBeUndefined()
    await disposeModals()
    const off = await renderModal(fakeApi(listings(10)), {
      ...options,
      features: { ...options.features, allWallets: false }
    })
    expect(off.allWalletsRow()).toBeUndefined()
  })
})
