// @vitest-environment happy-dom
/**
 * Hydration: the server's markup (hooks without a modal) and the browser's first render (hooks over a
 * modal already connected) agree, so React hydrates without a mismatch and then shows the live state.
 */
import { act } from "react"
import { hydrateRoot } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, assert, it, vi } from "vitest"
import { createModal } from "../../src/createModal"
import { AirlockProvider } from "../../src/react/index"
import { serverModal } from "../../src/react/serverModal"
import { MemoryPlatformLive, makeMockEip1193Provider } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { baseOptions } from "../kit/fixtures"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"
import { AccountView } from "./accountView"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it("hydrates the server's disconnected markup over a connected modal without a mismatch", async () => {
  const serverHtml = renderToString(
    <AirlockProvider modal={serverModal}>
      <AccountView />
    </AirlockProvider>
  )

  // Analytics off: its first event would ask the provider's API, which this test does not stand in for.
  const modal = createModal(
    { ...baseOptions, features: { headless: true, analytics: false } },
    { layer: MemoryPlatformLive }
  )
  cleanups.push(() => modal.dispose())
  const provider = makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
  announce(walletInfo({ uuid: "7d4ec1a0-52f1-4a43-9d33-5a9e4a1e6a11", icon: "", rdns: "dev.mock" }), provider)
  await untilNotified(modal.subscribeWallets, () => modal.getWallets().length === 1)
  await modal.connect(modal.getWallets()[0]?.id ?? "")
  assert.strictEqual(modal.getAccount().address, ALICE)

  const container = document.createElement("div")
  container.innerHTML = serverHtml
  document.body.append(container)
  const mismatches: Array<unknown> = []
  const consoleError = vi.spyOn(console, "error")
  cleanups.push(() => consoleError.mockRestore())
  let root: ReturnType<typeof hydrateRoot> | undefined
  await act(async () => {
    root = hydrateRoot(
      container,
      <AirlockProvider modal={modal}>
        <AccountView />
      </AirlockProvider>,
      { onRecoverableError: (error) => mismatches.push(error) }
    )
  })
  cleanups.push(() => act(() => root?.unmount()))

  assert.deepStrictEqual(mismatches, [])
  assert.deepStrictEqual(consoleError.mock.calls, [])
  // Right after hydration the live state shows.
  const view = container.firstElementChild
  assert.strictEqual(view?.getAttribute("data-status"), "connected")
  assert.strictEqual(view?.getAttribute("data-address"), ALICE)
  assert.strictEqual(view?.getAttribute("data-network"), "eip155:31337")
  assert.strictEqual(view?.getAttribute("data-wallet"), "Mock Wallet")
  assert.strictEqual(container.querySelector("button")?.textContent, "0xf3…b92266")
})
