/**
 * Injected wallets for tests: the EIP-6963 announcement a wallet extension makes, the mock wallet of
 * `airlock/testing` made an emitter (a test awaits what it was asked), and a wallet whose answers wait.
 */
import type * as Effect from "effect/Effect"
import { ANNOUNCE_EVENT } from "../../src/layers/wallets/ConnectorsLive"
import type { Eip1193Provider, WalletConnector } from "../../src/services/Connectors"
import type { CatalogWallet } from "../../src/services/WalletCatalog"
import { type MockEip1193Provider, makeMockEip1193Provider } from "../../src/testing/index"
import { makeGauge, makeRecorder } from "./emitters"

export const PNG = "data:image/png;base64,iVBORw0KGgo="

/** What an EIP-6963 wallet says of itself. */
export interface WalletInfo {
  readonly uuid: string
  readonly name: string
  readonly rdns: string
  readonly icon?: string
}

/** A wallet's info: the Mock Wallet unless `overrides` say otherwise. */
export const walletInfo = (overrides: Partial<WalletInfo> = {}): Required<WalletInfo> => ({
  uuid: "350670db-19fa-4704-a166-e52e178b59d2",
  name: "Mock Wallet",
  icon: PNG,
  rdns: "dev.airlock.mock",
  ...overrides
})

export const walletA = walletInfo({ uuid: "wallet-a", name: "Wallet A", rdns: "dev.airlock.a" })
export const walletB = walletInfo({ uuid: "wallet-b", name: "Wallet B", rdns: "dev.airlock.b" })

/** The connector id an announced wallet gets. */
export const idOf = (wallet: WalletInfo) => `eip6963:${wallet.uuid}`

/** What a wallet extension dispatches on `window`: `detail`, frozen. */
export const announceDetail = (detail: unknown) =>
  window.dispatchEvent(new CustomEvent(ANNOUNCE_EVENT, { detail: Object.freeze(detail) }))

/** Announces `provider` as the wallet `info` (EIP-6963). */
export const announce = (info: WalletInfo, provider: Eip1193Provider) =>
  announceDetail({ info: Object.freeze({ icon: PNG, ...info }), provider })

/** The mock wallet, and a wait for what it was asked. */
export interface WatchedWallet extends MockEip1193Provider {
  /** Waits until the wallet has been asked `method` `times` times (default once) in all. */
  readonly asked: (method: string, times?: number) => Effect.Effect<void>
}

/** `mock`, telling each request as it comes. */
export const watched = (mock: MockEip1193Provider): WatchedWallet => {
  const methods = makeRecorder<string>()
  return {
    ...mock,
    request: (args) => {
      const answer = mock.request(args)
      methods.push(args.method)
      return answer
    },
    asked: (method, times = 1) => methods.untilCount((asked) => asked === method, times)
  }
}

/** The mock wallet on the sandbox chain (it knows mainnet too), watched. */
export const mockWallet = (options: Parameters<typeof makeMockEip1193Provider>[0] = {}) =>
  watched(makeMockEip1193Provider({ chainId: 31337, chains: [31337, 1], ...options }))

/** A provider whose answers to `method` wait until the test releases them (a late wallet reply). */
export const holding = (mock: MockEip1193Provider, method: string) => {
  const held: Array<() => void> = []
  const count = makeGauge()
  const provider: Eip1193Provider = {
    request: (args) => {
      if (args.method !== method) return mock.request(args)
      const released = new Promise<void>((resolve) => held.push(resolve))
      count.add(1)
      return released.then(() => mock.request(args))
    },
    on: mock.on,
    removeListener: mock.removeListener
  }
  return {
    provider,
    held: () => held.length,
    /** Waits until `n` answers (default one) have been held in all. */
    untilHeld: (n = 1) => count.until((all) => all >= n),
    release: () => held.shift()?.()
  }
}

/** A connector as Connectors lists it: an announced EVM wallet `id` that answers nothing, unless `more` says. */
export const walletConnector = (id: string, more: Partial<WalletConnector> = {}): WalletConnector => ({
  id,
  key: id,
  type: "ANNOUNCED",
  chain: "eip155",
  name: id,
  icon: undefined,
  rdns: undefined,
  provider: { request: () => Promise.resolve(null) },
  suspicious: false,
  uuid: undefined,
  ...more
})

/** A wallet of the catalog known by nothing but `id` (and its name), unless `more` says more. */
export const catalogWallet = (id: string, more: Partial<CatalogWallet> = {}): CatalogWallet => ({
  id,
  name: id,
  imageUrl: undefined,
  rdns: undefined,
  mobileLink: undefined,
  desktopLink: undefined,
  webappLink: undefined,
  homepage: undefined,
  appStore: undefined,
  playStore: undefined,
  registeredSchemes: [],
  installed: false,
  connectorId: undefined,
  custom: false,
  ...more
})
