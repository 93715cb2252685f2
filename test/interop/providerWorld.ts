/**
 * A real modal for the interop tests: headless, in memory, its HTTP client answering only the sandbox
 * network's RPC (a stubbed node), with the mock wallet announced by EIP-6963 on demand. Every modal and
 * listener made here is released after each test.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterEach } from "vitest"
import { createModal } from "../../src/createModal"
import type { Modal, ModalProvider } from "../../src/Modal"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { MemoryPlatformLive, makeMockEip1193Provider } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { makeRecorder } from "../kit/emitters"
import { baseOptions } from "../kit/fixtures"
import { json, makeTestHttp, type TestHttp } from "../kit/platform"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

const options: ModalOptionsInput = { ...baseOptions, features: { headless: true, analytics: false } }

const modals: Array<Modal> = []
export const stops: Array<() => void> = []
afterEach(async () => {
  for (const stop of stops.splice(0)) stop()
  for (const modal of modals.splice(0)) await modal.dispose()
  document.body.replaceChildren()
})

/** What the stubbed node at the sandbox network's RPC URL answers, by method; a revert for `eth_call`. */
export const REVERT_DATA = "0x08c379a0"
const stubNode = (http: TestHttp) =>
  http.stub("http://127.0.0.1:8545", (request) => {
    const { id, method } = JSON.parse(request.body ?? "{}") as { id: number; method: string }
    const answers: Record<string, unknown> = {
      net_listening: true,
      net_version: "31337",
      eth_blockNumber: "0x10",
      eth_getBalance: "0xde0b6b3a7640000"
    }
    return method === "eth_call"
      ? json({ jsonrpc: "2.0", id, error: { code: 3, message: "execution reverted", data: REVERT_DATA } })
      : Object.hasOwn(answers, method)
        ? json({ jsonrpc: "2.0", id, result: answers[method] })
        : json({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } })
  })

// In memory; the HTTP client answers only the sandbox network's RPC (opening the modal asks the provider's
// API, which a unit test never reaches).
export const makeModal = (extra: Partial<ModalOptionsInput> = {}) => {
  const http = makeTestHttp()
  stubNode(http)
  const modal = createModal({ ...options, ...extra }, { layer: Layer.merge(MemoryPlatformLive, http.layer) })
  modals.push(modal)
  return Object.assign(modal, { http })
}

/** The methods the stubbed node was asked, in order (its pings left out). */
export const nodeMethods = (http: TestHttp) =>
  http
    .requests()
    .filter((r) => r.url.startsWith("http://127.0.0.1:8545"))
    .map((r) => (JSON.parse(r.body ?? "{}") as { method: string }).method)
    .filter((method) => method !== "net_listening")

/** Every time the modal opened, from now on. */
export const opensOf = (modal: Modal) => {
  const opened: Array<string> = []
  stops.push(modal.subscribeState((state) => (state.open ? opened.push(state.view) : undefined)))
  return opened
}

/** The mock wallet, announced by EIP-6963 now and on request. */
export const announceMockWallet = () => {
  const wallet = makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
  const info = walletInfo({ uuid: "0b8a4f9e-8d57-4a3c-9c7e-4d1f6b2a9e31", icon: "", rdns: "dev.mock" })
  const announceIt = () => announce(info, wallet)
  window.addEventListener("eip6963:requestProvider", announceIt)
  stops.push(() => window.removeEventListener("eip6963:requestProvider", announceIt))
  announceIt()
  return wallet
}

export const mockWalletId = async (modal: Modal) => {
  await untilNotified(modal.subscribeWallets, () => modal.getWallets().some((w) => w.name === "Mock Wallet"))
  return modal.getWallets().find((w) => w.name === "Mock Wallet")?.id ?? ""
}

/** Every event the provider emits, in order. */
export const recordEvents = (provider: ModalProvider) => {
  const events = makeRecorder<readonly [string, unknown]>()
  for (const name of ["connect", "accountsChanged", "chainChanged", "disconnect"] as const) {
    provider.on(name, ((payload: unknown) => events.push([name, payload])) as (payload: never) => void)
  }
  return events
}

/** Waits until `events` holds `n` of them, and answers them all. */
export const heard = (events: ReturnType<typeof recordEvents>, n: number) =>
  Effect.runPromise(events.until((all) => all.length >= n))

export const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: unknown; message?: unknown }) => ({ code: error.code, message: error.message })
  )

export const codeOf = async (promise: Promise<unknown>) => (await failure(promise))?.code
