// @vitest-environment happy-dom
/**
 * The handle before the modal's code is here: `createModal` returns at once, the first paint reads a closed,
 * disconnected modal, and the handle moves onto the modal once its chunk (`modalEngine.ts`) arrives. Each
 * test loads `createModal.ts` afresh, with the chunk's import held by a gate the test opens.
 */
import { assert, describe, it } from "@effect/vitest"
import { afterEach, beforeEach, vi } from "vitest"
import type { ConnectorNotFoundError } from "../src/connectionErrors"
import type { Modal } from "../src/Modal"
import type { ModalEngine } from "../src/modalEngine"
import type { ModalLoadError } from "../src/modalErrors"
import { StorageKeys } from "../src/schemas/StorageKeys"
import { ALICE } from "./kit/accounts"
import { baseOptions } from "./kit/fixtures"
import { TestPlatform } from "./kit/platform"
import { untilNotified } from "./kit/waits"

type Facade = typeof import("../src/createModal")
type EngineModule = typeof import("../src/modalEngine")

const ENGINE = "../src/modalEngine"

interface Gate {
  readonly open: () => void
  readonly imports: () => number
}

/** `createModal.ts` afresh, whose import of the engine waits for the gate, and then answers `engine`. */
const loadFacade = async (
  engine: (original: () => Promise<EngineModule>) => Promise<EngineModule>
): Promise<{ facade: Facade; gate: Gate }> => {
  vi.resetModules()
  let imports = 0
  const opening = () => {
    let resolve = () => {}
    const promise = new Promise<void>((settle) => {
      resolve = settle
    })
    return { promise, resolve }
  }
  // The gate of the next import: opened (or failed) before that import starts, it lets it through at once.
  let next = opening()
  vi.doMock(ENGINE, async (importOriginal) => {
    imports += 1
    await next.promise
    next = opening()
    return engine(() => importOriginal<EngineModule>())
  })
  const facade = await import("../src/createModal")
  const gate: Gate = {
    open: () => next.resolve(),
    imports: () => imports
  }
  return { facade, gate }
}

/** An engine whose members record their calls; its account is ALICE's, once built. */
const recordingEngine = () => {
  const calls: Array<string> = []
  const listeners = new Set<() => void>()
  const connected = {
    namespace: "eip155" as const,
    status: "connected" as const,
    isConnected: true,
    address: ALICE,
    caipAddress: `eip155:31337:${ALICE}`,
    allAccounts: []
  }
  let open = false
  const engine: Partial<ModalEngine> = {
    companion: {
      locale: {
        get: () => ({ tag: "de", dir: "ltr", catalog: undefined, ready: true }),
        subscribe: () => () => {}
      },
      prepare: () => calls.push("prepare")
    },
    announces: false,
    open: async () => {
      calls.push("open")
      open = true
    },
    close: async () => {
      calls.push("close")
      open = false
      return true
    },
    isOpen: () => open,
    getState: () => ({ open, view: "Connect" }),
    getAccount: () => connected,
    subscribeAccount: (listener) => {
      const each = () => listener(connected)
      listeners.add(each)
      return () => listeners.delete(each)
    },
    dispose: async () => {
      calls.push("dispose")
    }
  }
  return {
    calls,
    listeners,
    module: { makeModalEngine: () => engine as ModalEngine } as unknown as EngineModule
  }
}

const created: Array<Modal> = []

beforeEach(() => {
  localStorage.clear()
})

afterEach(async () => {
  await Promise.all(created.splice(0).map((modal) => modal.dispose()))
  document.body.replaceChildren()
  vi.doUnmock(ENGINE)
  vi.resetModules()
})

describe("the handle before the modal's code is here", () => {
  it("is closed and disconnected, with its element in the page, and fetches the code after the first paint", async () => {
    const { facade, gate } = await loadFacade(async () => recordingEngine().module)
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    assert.strictEqual(modal.element?.parentNode, document.body)
    assert.isNotNull(modal.element?.shadowRoot ?? null)
    assert.isFalse(modal.isOpen())
    assert.strictEqual(modal.getAccount().status, "disconnected")
    assert.strictEqual(modal.getNetwork().caipNetworkId, undefined)
    assert.deepStrictEqual(modal.getWallets(), [])
    // No mode asked: the system's (happy-dom's page prefers light).
    assert.strictEqual(modal.getThemeMode(), "light")
    const dark = facade.createModal({ ...baseOptions, themeMode: "dark", features: { headless: true } })
    created.push(dark)
    assert.strictEqual(dark.getThemeMode(), "dark")
    assert.strictEqual(dark.element, undefined)
    assert.strictEqual(gate.imports(), 0)
    await vi.waitUntil(() => gate.imports() === 1)
  })

  it("says connecting from the first paint when storage names a connection, for the default layer only", async () => {
    localStorage.setItem(StorageKeys.connectionStatus.key, JSON.stringify({ eip155: "connected" }))
    const { facade } = await loadFacade(async () => recordingEngine().module)
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    assert.strictEqual(modal.getAccount().status, "connecting")
    assert.strictEqual(modal.getAccount("solana").status, "disconnected")
    const hosted = facade.createModal(baseOptions, { layer: TestPlatform })
    created.push(hosted)
    assert.strictEqual(hosted.getAccount().status, "disconnected")
    localStorage.setItem(StorageKeys.connectionStatus.key, "{not json")
    const garbled = facade.createModal(baseOptions)
    created.push(garbled)
    assert.strictEqual(garbled.getAccount().status, "disconnected")
  })

  it("moves its subscriptions onto the modal and tells them its value; a dropped one is not moved", async () => {
    const engine = recordingEngine()
    const { facade, gate } = await loadFacade(async () => engine.module)
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    const seen: Array<string | undefined> = []
    modal.subscribeAccount((account) => seen.push(account.address))
    const dropped = modal.subscribeAccount(() => seen.push("dropped"))
    dropped()
    gate.open()
    await vi.waitUntil(() => seen.length > 0)
    assert.deepStrictEqual(seen, [ALICE])
    assert.strictEqual(modal.getAccount().address, ALICE)
    assert.strictEqual(engine.listeners.size, 1)
    for (const listener of engine.listeners) listener()
    assert.deepStrictEqual(seen, [ALICE, ALICE])
  })

  it("runs commands on the modal once it is built, in the order they were given", async () => {
    const engine = recordingEngine()
    const { facade, gate } = await loadFacade(async () => engine.module)
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    const opened = modal.open()
    const closed = modal.close()
    assert.deepStrictEqual(engine.calls, [])
    gate.open()
    await opened
    assert.isTrue(await closed)
    assert.deepStrictEqual(engine.calls, ["open", "close"])
    // Built: a command takes effect before it returns.
    void modal.open()
    assert.isTrue(modal.isOpen())
  })

  it("fetches the code and the interface as a visitor nears the button", async () => {
    const engine = recordingEngine()
    const { facade, gate } = await loadFacade(async () => engine.module)
    const { companionOf } = await import("../src/react/registry")
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    const companion = companionOf(modal)
    assert.strictEqual(companion?.locale.get().tag, "en")
    companion?.prepare()
    await vi.waitUntil(() => gate.imports() === 1)
    gate.open()
    await vi.waitUntil(() => engine.calls.includes("prepare"))
    assert.strictEqual(companion?.locale.get().tag, "de")
  })

  it("refuses every command with the options' error when they prove invalid, and leaves the page", async () => {
    const { facade, gate } = await loadFacade((original) => original())
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const modal = facade.createModal({ ...baseOptions, projectId: " " })
    created.push(modal)
    assert.strictEqual(modal.element?.parentNode, document.body)
    const opened = modal.open()
    gate.open()
    const error = await opened.then(
      () => undefined,
      (reason: unknown) => reason
    )
    assert.strictEqual((error as { _tag?: string })._tag, "ProjectIdMissingError")
    assert.strictEqual(modal.element?.parentNode, null)
    const again = await modal.connect("io.metamask").catch((reason: unknown) => reason)
    assert.strictEqual(again, error)
    assert.deepStrictEqual(logged.mock.calls, [[error]])
    logged.mockRestore()
  })

  it("never builds the modal when disposed before its code is here, and answers as a disposed modal", async () => {
    const engine = recordingEngine()
    const { facade, gate } = await loadFacade(async () => engine.module)
    const modal = facade.createModal(baseOptions)
    const opened = modal.open()
    await modal.dispose()
    assert.strictEqual(modal.element?.parentNode, null)
    gate.open()
    await opened
    assert.deepStrictEqual(engine.calls, [])
    assert.isTrue(await modal.close())
    const refused = await modal.connect("io.metamask").catch((reason: unknown) => reason)
    assert.strictEqual((refused as ConnectorNotFoundError)._tag, "ConnectorNotFoundError")
  })

  it("rejects with ModalLoadError when the code cannot be fetched, and fetches it again on the next call", async () => {
    const engine = recordingEngine()
    let attempt = 0
    const { facade, gate } = await loadFacade(async () => {
      attempt += 1
      if (attempt === 1) throw new Error("offline")
      return engine.module
    })
    const modal = facade.createModal(baseOptions)
    created.push(modal)
    const first = modal.open()
    gate.open()
    const error = await first.catch((reason: unknown) => reason)
    assert.strictEqual((error as ModalLoadError)._tag, "ModalLoadError")
    const second = modal.open()
    await vi.waitUntil(() => gate.imports() === 2)
    gate.open()
    await second
    assert.deepStrictEqual(engine.calls, ["open"])
  })

  it("becomes the real modal once its code is here: live state, and createModal builds at once after", async () => {
    const { facade, gate } = await loadFacade((original) => original())
    const modal = facade.createModal(baseOptions, { layer: TestPlatform })
    created.push(modal)
    let opened = false
    modal.subscribeState((state) => {
      opened = state.open
    })
    gate.open()
    await untilNotified(modal.subscribeNetwork, () => modal.getNetwork().caipNetworkId !== undefined)
    await facade.preloadModal()
    void modal.open()
    assert.isTrue(modal.isOpen())
    assert.isTrue(opened)
    assert.throws(() => facade.createModal({ ...baseOptions, projectId: " " }))
  })
})
