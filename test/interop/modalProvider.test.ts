// @vitest-environment happy-dom
/**
 * The modal as an EIP-1193 provider (what `airlock/wagmi` and the EIP-6963 announcement hand out), the
 * announcement itself, and the headless handle: over a real modal and the mock wallet.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterEach, assert, describe, it } from "vitest"
import { createModal } from "../../src/createModal"
import { AIRLOCK_RDNS } from "../../src/interop/identity"
import { type ModalProvider, modalProvider } from "../../src/interop/modalProvider"
import type { Modal } from "../../src/Modal"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { MemoryPlatformLive, makeMockEip1193Provider } from "../../src/testing/index"
import { ALICE, BOB } from "../kit/accounts"
import { makeRecorder } from "../kit/emitters"
import { baseOptions } from "../kit/fixtures"
import { sandboxNetwork, secondSandboxNetwork } from "../kit/networks"
import { makeTestHttp } from "../kit/platform"
import { settle, untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

const options: ModalOptionsInput = { ...baseOptions, features: { headless: true, analytics: false } }

const modals: Array<Modal> = []
const stops: Array<() => void> = []
afterEach(async () => {
  for (const stop of stops.splice(0)) stop()
  for (const modal of modals.splice(0)) await modal.dispose()
  document.body.replaceChildren()
})

// In memory, and an HTTP client that answers nothing: opening the modal asks the provider's API, which a
// unit test never reaches.
const makeModal = (extra: Partial<ModalOptionsInput> = {}) => {
  const platform = Layer.merge(MemoryPlatformLive, makeTestHttp().layer)
  const modal = createModal({ ...options, ...extra }, { layer: platform })
  modals.push(modal)
  return modal
}

/** The mock wallet, announced by EIP-6963 now and on request. */
const announceMockWallet = () => {
  const wallet = makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
  const info = walletInfo({ uuid: "0b8a4f9e-8d57-4a3c-9c7e-4d1f6b2a9e31", icon: "", rdns: "dev.mock" })
  const announceIt = () => announce(info, wallet)
  window.addEventListener("eip6963:requestProvider", announceIt)
  stops.push(() => window.removeEventListener("eip6963:requestProvider", announceIt))
  announceIt()
  return wallet
}

const mockWalletId = async (modal: Modal) => {
  await untilNotified(modal.subscribeWallets, () => modal.getWallets().some((w) => w.name === "Mock Wallet"))
  return modal.getWallets().find((w) => w.name === "Mock Wallet")?.id ?? ""
}

/** Every event the provider emits, in order. */
const recordEvents = (provider: ModalProvider) => {
  const events = makeRecorder<readonly [string, unknown]>()
  for (const name of ["connect", "accountsChanged", "chainChanged", "disconnect"] as const) {
    provider.on(name, ((payload: unknown) => events.push([name, payload])) as (payload: never) => void)
  }
  return events
}

/** Waits until `events` holds `n` of them, and answers them all. */
const heard = (events: ReturnType<typeof recordEvents>, n: number) =>
  Effect.runPromise(events.until((all) => all.length >= n))

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

describe("modalProvider", () => {
  it("answers reads without a wallet, and eth_requestAccounts once the visitor connected in the modal", async () => {
    announceMockWallet()
    const modal = makeModal()
    const provider = modalProvider(modal)
    assert.strictEqual(modalProvider(modal), provider)
    const events = recordEvents(provider)
    assert.deepStrictEqual(await provider.request({ method: "eth_accounts" }), [])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a69")

    const first = provider.request({ method: "eth_requestAccounts" })
    const second = provider.request({ method: "eth_requestAccounts" })
    await untilNotified(modal.subscribeState, () => modal.getState().view === "Connect")
    assert.deepStrictEqual(modal.getState(), { open: true, view: "Connect" })
    await modal.connect(await mockWalletId(modal))
    assert.deepStrictEqual(await first, [ALICE])
    assert.deepStrictEqual(await second, [ALICE])
    assert.deepStrictEqual(await provider.request({ method: "eth_accounts" }), [ALICE])
    assert.deepStrictEqual(events.all(), [
      ["connect", { chainId: "0x7a69" }],
      ["accountsChanged", [ALICE]]
    ])

    // Connected: no second visit to the modal.
    await modal.close({ force: true })
    assert.deepStrictEqual(await provider.request({ method: "eth_requestAccounts" }), [ALICE])
    assert.isFalse(modal.isOpen())

    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
    assert.isFalse(modal.getAccount("eip155").isConnected)
    const [, , accountsChanged, disconnect] = events.all()
    assert.deepStrictEqual(accountsChanged, ["accountsChanged", []])
    assert.strictEqual(disconnect?.[0], "disconnect")
    assert.strictEqual((disconnect?.[1] as { code?: unknown } | undefined)?.code, 4900)
  })

  it("follows the wallet: its account and chain changes become accountsChanged and chainChanged", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal({ networks: [sandboxNetwork, secondSandboxNetwork] })
    const provider = modalProvider(modal)
    await modal.connect(await mockWalletId(modal))
    const events = recordEvents(provider)

    wallet.emit("accountsChanged", [BOB])
    assert.deepStrictEqual(await heard(events, 1), [["accountsChanged", [BOB]]])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a69")

    wallet.emit("chainChanged", "0x7a6a")
    assert.deepStrictEqual((await heard(events, 2)).slice(1), [["chainChanged", "0x7a6a"]])
    assert.strictEqual(await provider.request({ method: "eth_chainId" }), "0x7a6a")
  })

  it("rejects eth_requestAccounts with 4001 when the visitor closes the modal", async () => {
    announceMockWallet()
    const modal = makeModal()
    const asking = failure(modalProvider(modal).request({ method: "eth_requestAccounts" }))
    await untilNotified(modal.subscribeState, () => modal.isOpen())
    await modal.close()
    assert.deepStrictEqual(await asking, { code: 4001, message: "User rejected the request." })
  })

  it("turns failures into EIP-1193 codes with the catalogue's words, never the wallet's text", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal()
    const provider = modalProvider(modal)
    assert.deepStrictEqual(
      await failure(provider.request({ method: "personal_sign", params: ["0x00", ALICE] })),
      {
        code: 4900,
        message: "Connector not connected."
      }
    )
    await modal.connect(await mockWalletId(modal))
    wallet.setBehaviour("personal_sign", { _tag: "Error", code: 4001, message: "<b>wallet text</b>" })
    assert.deepStrictEqual(
      await failure(provider.request({ method: "personal_sign", params: ["0x00", ALICE] })),
      {
        code: 4001,
        message: "Signature declined"
      }
    )
    assert.deepStrictEqual(await failure(provider.request({ method: "eth_sign", params: [ALICE, "0x00"] })), {
      code: 4200,
      message: "Action not allowed"
    })
    assert.strictEqual(
      (
        await failure(
          provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] })
        )
      )?.code,
      4902
    )
    assert.deepStrictEqual(
      await failure(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "1" }] })),
      { code: -32602, message: "Expected [{ chainId: hex }]." }
    )
  })

  it("modal.request and the provider reject with the catalogue's words, never the wallet's; another account is 4100", async () => {
    const wallet = announceMockWallet()
    const modal = makeModal()
    const provider = modalProvider(modal)
    await modal.connect(await mockWalletId(modal))
    const hostile = "Wallet error: go to evil.example and type your recovery phrase"
    const send = { method: "eth_sendTransaction", params: [{ from: ALICE, to: BOB, value: "0x1" }] }
    for (const [code, words] of [
      [4001, "Request rejected in wallet"],
      [-32000, "The wallet ran into an error. Try again."]
    ] as const) {
      wallet.setBehaviour("eth_sendTransaction", { _tag: "Error", code, message: hostile })
      assert.deepStrictEqual(await failure(modal.request(send)), { code, message: words })
      assert.strictEqual((await failure(provider.request(send)))?.message, words)
    }
    const foreign = { method: "eth_sendTransaction", params: [{ from: BOB, to: ALICE, value: "0x1" }] }
    assert.deepStrictEqual(await failure(provider.request(foreign)), {
      code: 4100,
      message: "Account mismatch: the request is not from the connected account"
    })
    assert.strictEqual(wallet.count("eth_sendTransaction"), 4)
  })
})

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
    assert.strictEqual((detail as unknown as { provider: unknown }).provider, modalProvider(modal))

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
