// @vitest-environment happy-dom
/**
 * Airlock announced as an EIP-6963 wallet (its provider is `modal.getProvider()`), the headless handle, and
 * `useAirlockEip1193Provider()`: over a real modal and the mock wallet.
 */
import * as Effect from "effect/Effect"
import { createElement } from "react"
import { renderToString } from "react-dom/server"
import { assert, describe, it } from "vitest"
import { AIRLOCK_RDNS } from "../../src/interop/identity"
import type { ModalProvider } from "../../src/Modal"
import { AirlockProvider, useAirlockEip1193Provider } from "../../src/react/index"
import { serverModal } from "../../src/react/serverModal"
import { ALICE } from "../kit/accounts"
import { makeRecorder } from "../kit/emitters"
import { settle } from "../kit/waits"
import { announceMockWallet, codeOf, makeModal, mockWalletId, stops } from "./providerWorld"

describe("announceEIP6963", () => {
  it("announces Airlock, frozen, now and on request, never lists itself, and stops when disposed", async () => {
    const announced = makeRecorder<{
      readonly info: { readonly name: string; readonly rdns: string; readonly icon: string }
    }>()
    const listen = (event: Event) => announced.push((event as CustomEvent).detail)
    window.addEventListener("eip6963:announceProvider", listen)
    stops.push(() => window.removeEventListener("eip6963:announceProvider", listen))

    const modal = makeModal({ announceEIP6963: true })
    const [detail] = await Effect.runPromise(announced.until((all) => all.length === 1))
    assert.strictEqual(detail?.info.name, "Airlock")
    assert.strictEqual(detail?.info.rdns, AIRLOCK_RDNS)
    assert.match(detail?.info.icon ?? "", /^data:image\/svg\+xml;base64,/)
    assert.isTrue(Object.isFrozen(detail) && Object.isFrozen(detail?.info))
    assert.strictEqual((detail as unknown as { provider: unknown }).provider, modal.getProvider())

    window.dispatchEvent(new Event("eip6963:requestProvider"))
    assert.strictEqual(announced.all().length, 2)
    assert.deepStrictEqual(modal.getWallets(), [])

    await modal.dispose()
    window.dispatchEvent(new Event("eip6963:requestProvider"))
    assert.strictEqual(announced.all().length, 2)
  })

  it("announces nothing unless asked to", async () => {
    const seen: Array<unknown> = []
    const listen = (event: Event) => seen.push((event as CustomEvent).detail)
    window.addEventListener("eip6963:announceProvider", listen)
    stops.push(() => window.removeEventListener("eip6963:announceProvider", listen))
    makeModal()
    window.dispatchEvent(new Event("eip6963:requestProvider"))
    await Effect.runPromise(settle)
    assert.deepStrictEqual(seen, [])
  })
})

describe("headless", () => {
  it("mounts no element, lists the page's wallets and connects one by id", async () => {
    announceMockWallet()
    const modal = makeModal()
    assert.isUndefined(modal.element)
    assert.isNull(document.querySelector("airlock-modal"))
    const id = await mockWalletId(modal)
    assert.deepStrictEqual(
      modal
        .getWallets()
        .map(({ name, namespace, rdns, suspicious }) => ({ name, namespace, rdns, suspicious })),
      [{ name: "Mock Wallet", namespace: "eip155", rdns: "dev.mock", suspicious: false }]
    )
    await modal.connect(id)
    assert.strictEqual(modal.getAccount().address, ALICE)
    const unknown = await modal.connect("eip6963:nobody").then(
      () => undefined,
      (error: { _tag?: string }) => error._tag
    )
    assert.strictEqual(unknown, "ConnectorNotFoundError")
  })
})

/** What `Probe` saw of the hook, in its last render. */
const probed: { provider: ModalProvider | undefined } = { provider: undefined }
const Probe = () => {
  probed.provider = useAirlockEip1193Provider()
  return null
}

/** The provider the hook gives a component rendered under `modal`. */
const providerUnder = (modal: Parameters<typeof AirlockProvider>[0]["modal"]) => {
  probed.provider = undefined
  renderToString(createElement(AirlockProvider, { modal }, createElement(Probe)))
  return probed.provider as ModalProvider | undefined
}

describe("useAirlockEip1193Provider", () => {
  it("is the modal's provider, and on a server one that serves nothing (4900)", async () => {
    const modal = makeModal()
    assert.strictEqual(providerUnder(modal), modal.getProvider())
    const onServer = providerUnder(serverModal)
    assert.isDefined(onServer)
    assert.strictEqual(await codeOf(onServer?.request({ method: "eth_chainId" }) ?? Promise.resolve()), 4900)
  })
})
