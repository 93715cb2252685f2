import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { AuthConnectorLive } from "../../src/layers/embedded/AuthConnectorLive"
import { EmailLoginLive } from "../../src/layers/embedded/EmailLoginLive"
import { LegalConsentLive } from "../../src/layers/legal/LegalConsentLive"
import type { StorageArea } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { WalletConnectLive } from "../../src/layers/walletconnect/WalletConnectLive"
import { decodeModalOptions, type ModalOptions, type ModalOptionsInput } from "../../src/schemas/ModalOptions"
import {
  type MockEmbeddedWalletBridge,
  makeMockEmbeddedWalletBridge
} from "../../src/testing/mockEmbeddedWalletBridge"
import { type MockWalletConnect, makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { sandboxNetwork } from "./networks"

// The networks tests pass, built in networks.ts; named here too for the tests that take them with options.
export { mainnetNetwork, sandboxNetwork, solanaDevnetNetwork, solanaLocalnetNetwork } from "./networks"

/** The smallest valid options: a project id and the sandbox chain. */
export const baseOptions: ModalOptionsInput = {
  projectId: "sandbox-project",
  networks: [sandboxNetwork]
}

/** `baseOptions` with `overrides`, decoded; throws if they do not decode. */
export const decodedOptions = (overrides: Partial<ModalOptionsInput> = {}): ModalOptions =>
  Result.getOrThrow(decodeModalOptions({ ...baseOptions, ...overrides }))

/**
 * A `localStorage` stand-in. `seed` values are stored in the SafeKeyValueStore envelope; `faults` make
 * reads or writes throw as a locked-down browser does. It tells `subscribe`rs of every write, so a test
 * awaits what is stored.
 */
export const makeArea = (
  seed: Record<string, unknown> = {},
  faults: { readonly getItem?: boolean; readonly setItem?: boolean } = {}
) => {
  const data = new Map<string, string>(
    Object.entries(seed).map(([k, v]) => [k, JSON.stringify({ v: 1, data: v })])
  )
  const listeners = new Set<() => void>()
  const written = () => {
    for (const listener of [...listeners]) listener()
  }
  const area: StorageArea = {
    getItem: (key) => {
      if (faults.getItem) throw new DOMException("The operation is insecure.", "SecurityError")
      return data.get(key) ?? null
    },
    setItem: (key, value) => {
      if (faults.setItem) throw new DOMException("Quota exceeded", "QuotaExceededError")
      data.set(key, value)
      written()
    },
    removeItem: (key) => {
      data.delete(key)
      written()
    },
    clear: () => {
      data.clear()
      written()
    },
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size
    }
  }
  const read = (key: string): unknown => {
    const raw = data.get(key)
    return raw === undefined ? undefined : (JSON.parse(raw) as { data: unknown }).data
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  return { area, data, read, subscribe }
}

/**
 * The auth connector over `below` (which must hold ModalConfig and Storage) and a frame the test plays:
 * by default one that refuses everything, for tests that do not log in. With the email login and the
 * legal checkbox's rule (LegalConsent), which the flow above asks too.
 */
export const withAuthConnector = <A, E, R>(
  below: Layer.Layer<A, E, R>,
  frame: MockEmbeddedWalletBridge = makeMockEmbeddedWalletBridge()
) =>
  AuthConnectorLive.pipe(
    Layer.provideMerge(EmailLoginLive),
    Layer.provideMerge(LegalConsentLive),
    Layer.provideMerge(Layer.merge(below, frame.layer))
  )

/**
 * The session tier over `below` (which must hold ModalConfig, Storage and Networks): WalletConnect on a
 * mock SDK, by default one whose relay never answers, for tests that do not pair; and the auth connector.
 */
export const withWalletConnect = <A, E, R>(
  below: Layer.Layer<A, E, R>,
  mock: MockWalletConnect = makeMockWalletConnect({ relayDown: true }),
  frame?: MockEmbeddedWalletBridge
) =>
  Layer.merge(
    WalletConnectLive.pipe(Layer.provideMerge(Layer.merge(below, mock.layer))),
    withAuthConnector(below, frame)
  )
