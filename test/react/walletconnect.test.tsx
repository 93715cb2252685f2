// @vitest-environment happy-dom
/**
 * The WalletConnect views in the real modal, with the SDK replaced by the mock through the host layer:
 * the QR code and Copy link, the basic variant on touch devices, the group hidden once connected, and the
 * headless hook.
 */

import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import { act } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeSafeKeyValueStore } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { AirlockProvider, type AirlockWalletConnect, useAirlockWalletConnect } from "../../src/react/index"
import { StorageKeys } from "../../src/schemas/StorageKeys"
import { makeMockWalletConnect } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { fakeProviderApi, walletPage } from "../kit/fakeExplorer"
import { makeArea } from "../kit/fixtures"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { makeTestHttp } from "../kit/platform"
import { rendered } from "../kit/react"
import { untilNotified } from "../kit/waits"

const session = {
  topic: "e".repeat(64),
  namespaces: { eip155: { accounts: [`eip155:31337:${ALICE}`], methods: [], events: [] } },
  peer: { metadata: { name: "Phone Wallet", icons: [] } }
}

// The basic variant lists wallets that can open a link: one with a native link, one without any.
const explorer = fakeProviderApi((query) =>
  Effect.succeed(
    walletPage(
      [
        {
          id: "phone",
          name: "Phone Wallet",
          mobile_link: "phonewallet://",
          homepage: "https://phone.example"
        },
        { id: "plain", name: "Plain Wallet", homepage: "https://plain.example" }
      ],
      query
    )
  )
)

const render = async (touch = false) => {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: touch && query === "(pointer: coarse)" }))
  const walletConnect = makeMockWalletConnect()
  const storage = makeArea()
  const platform = Layer.succeed(
    KeyValueStore.KeyValueStore,
    makeSafeKeyValueStore(() => storage.area)
  )
  const { modal, shadow, button } = await openOnConnect(
    walletsOnly,
    Layer.mergeAll(platform, makeTestHttp().layer, walletConnect.layer, explorer)
  )
  return { modal, shadow, walletConnect, button, storage }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Every value `useAirlockWalletConnect` returned, in render order. */
const seen: Array<AirlockWalletConnect> = []
const Probe = () => {
  seen.push(useAirlockWalletConnect())
  return null
}

describe("ConnectingWalletConnect", () => {
  it("shows the pairing URI as a QR code, copies it, and goes to Account once the wallet approves", async () => {
    const view = await render()
    await act(async () => view.button("WalletConnect")?.click())
    await rendered(() => view.shadow.querySelector("svg.qr") !== null, "the QR code")
    expect(view.modal.getState().view).toBe("ConnectingWalletConnect")
    expect(view.shadow.querySelector("svg.qr")?.getAttribute("role")).toBe("img")
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } })
    await act(async () => view.button("Copy link")?.click())
    expect(writeText).toHaveBeenCalledWith(view.walletConnect.pairings[0]?.uri)
    await rendered(() => view.shadow.textContent?.includes("Link copied") === true, "the toast")

    await act(async () => view.walletConnect.approve(session))
    await untilNotified(view.modal.subscribeState, () => view.modal.getState().view === "Account")
    expect(view.modal.getAccount().address).toBe(ALICE)

    // Connected through WalletConnect: the Connect view no longer offers it.
    await act(async () => view.modal.open("Connect"))
    expect(view.button("WalletConnect")).toBeUndefined()
  })

  it("a refused clipboard leaves the link in a field to copy by hand", async () => {
    const view = await render()
    await act(async () => view.button("WalletConnect")?.click())
    await rendered(() => view.shadow.querySelector("svg.qr") !== null, "the QR code")
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error("no")) }
    })
    await act(async () => view.button("Copy link")?.click())
    await rendered(() => view.shadow.querySelector("input[readonly]") !== null, "the field")
    expect(view.shadow.querySelector<HTMLInputElement>("input[readonly]")?.value).toBe(
      view.walletConnect.pairings[0]?.uri
    )
  })

  it("on a touch device, opens the basic variant: wallet links with the URI, and the QR code on request", async () => {
    const view = await render(true)
    await act(async () => view.button("WalletConnect")?.click())
    expect(view.modal.getState().view).toBe("ConnectingWalletConnectBasic")
    await rendered(() => view.shadow.querySelector(".walletconnect a") !== null, "the wallet links")
    const links = [...view.shadow.querySelectorAll<HTMLAnchorElement>(".walletconnect a")]
    const uri = view.walletConnect.pairings[0]?.uri ?? ""
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["PPhone Wallet", `phonewallet://wc?uri=${encodeURIComponent(uri)}`]
    ])
    // The wallet a link opened is remembered by its link's base, never with the URI and its key.
    links[0]?.addEventListener("click", (event) => event.preventDefault())
    await act(async () => links[0]?.click())
    await untilNotified(
      view.storage.subscribe,
      () => view.storage.read(StorageKeys.deepLinkChoice.key) !== undefined
    )
    expect(view.storage.read(StorageKeys.deepLinkChoice.key)).toEqual({
      href: "phonewallet://",
      name: "Phone Wallet"
    })
    // Switching to the QR code keeps the same pairing.
    await act(async () => view.button("Show QR code")?.click())
    await rendered(() => view.shadow.querySelector("svg.qr") !== null, "the QR code")
    expect(view.walletConnect.pairings).toHaveLength(1)
    // Going back abandons it.
    await act(async () => view.modal.open("Connect"))
    await untilNotified(
      view.modal.subscribeWalletConnect,
      () => view.modal.getWalletConnect().status === "idle"
    )
  })
})

describe("useAirlockWalletConnect", () => {
  it("hands a headless host the URI to draw, and connects without the modal's views", async () => {
    const view = await render()
    await act(async () => view.modal.close())
    seen.length = 0
    const root = createRoot(document.createElement("div"))
    await act(async () =>
      root.render(
        <AirlockProvider modal={view.modal}>
          <Probe />
        </AirlockProvider>
      )
    )
    expect(seen.at(-1)?.status).toBe("idle")
    let connected: Promise<void> | undefined
    await act(async () => {
      connected = seen.at(-1)?.connect()
    })
    await rendered(() => seen.at(-1)?.status === "ready", "the URI")
    expect(seen.at(-1)?.uri).toBe(view.walletConnect.pairings[0]?.uri)
    expect(view.modal.isOpen()).toBe(false)
    await act(async () => view.walletConnect.approve(session))
    await connected
    expect(view.modal.getAccount().address).toBe(ALICE)
    await rendered(() => seen.at(-1)?.status === "idle", "the pairing to end")
    await act(async () => root.unmount())
  })
})
