// @vitest-environment happy-dom
/**
 * THREATS.md R14, resource hygiene: after 100 open/close cycles and 100 connect/disconnect cycles of the
 * real modal, the listeners on `window` and `document`, the wallet's own listeners and the pending timers
 * are back where they started.
 */

import * as Layer from "effect/Layer"
import { act } from "react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { ANNOUNCE_EVENT } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { baseOptions } from "../kit/fixtures"
import { makeTestPlatform } from "../kit/platform"
import { openOnConnect } from "./harness"

const options: ModalOptionsInput = {
  ...baseOptions,
  features: {
    connectMethodsOrder: ["wallet"],
    email: false,
    socials: false,
    analytics: false,
    allWallets: false
  }
}

const CYCLES = 100

/** Live listeners on `window` and `document` and pending timers, counted from the moment it is installed. */
const installCounters = () => {
  const listeners = new Set<string>()
  const keyOf = (target: string, type: string, listener: unknown, options: unknown) => {
    const capture =
      typeof options === "boolean" ? options : Boolean((options as { capture?: boolean })?.capture)
    return `${target}|${type}|${capture}|${ids.get(listener) ?? ids.set(listener, ids.size).get(listener)}`
  }
  const ids = new Map<unknown, number>()
  const restore: Array<() => void> = []
  for (const [name, target] of [
    ["window", window],
    ["document", document]
  ] as const) {
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    target.addEventListener = ((type: string, listener: EventListener, opts?: unknown) => {
      const signal = (opts as { signal?: AbortSignal } | undefined)?.signal
      const key = keyOf(name, type, listener, opts)
      if (!signal?.aborted) listeners.add(key)
      signal?.addEventListener("abort", () => listeners.delete(key))
      add(type, listener, opts as AddEventListenerOptions)
    }) as typeof target.addEventListener
    target.removeEventListener = ((type: string, listener: EventListener, opts?: unknown) => {
      listeners.delete(keyOf(name, type, listener, opts))
      remove(type, listener, opts as EventListenerOptions)
    }) as typeof target.removeEventListener
    restore.push(() => {
      target.addEventListener = add
      target.removeEventListener = remove
    })
  }
  const timers = new Set<unknown>()
  const { setTimeout: set, clearTimeout: clear, setInterval: every, clearInterval: stop } = globalThis
  globalThis.setTimeout = ((
    callback: (...args: Array<unknown>) => void,
    ms?: number,
    ...args: Array<unknown>
  ) => {
    const id = set(
      (...inner: Array<unknown>) => {
        timers.delete(id)
        callback(...inner)
      },
      ms,
      ...args
    )
    timers.add(id)
    return id
  }) as typeof setTimeout
  globalThis.clearTimeout = ((id: Parameters<typeof clearTimeout>[0]) => {
    timers.delete(id)
    clear(id)
  }) as typeof clearTimeout
  globalThis.setInterval = ((
    callback: (...args: Array<unknown>) => void,
    ms?: number,
    ...args: Array<unknown>
  ) => {
    const id = every(callback, ms, ...args)
    timers.add(id)
    return id
  }) as typeof setInterval
  globalThis.clearInterval = ((id: Parameters<typeof clearInterval>[0]) => {
    timers.delete(id)
    stop(id)
  }) as typeof clearInterval
  restore.push(() => {
    Object.assign(globalThis, {
      setTimeout: set,
      clearTimeout: clear,
      setInterval: every,
      clearInterval: stop
    })
  })
  return {
    listeners: () => [...listeners].sort(),
    timers: () => timers.size,
    restore: () => {
      for (const undo of restore) undo()
    }
  }
}

let counters: ReturnType<typeof installCounters> | undefined
beforeEach(() => {
  counters = installCounters()
})
afterEach(() => {
  counters?.restore()
})

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)))

/** Settles until no timer is pending any more (a discovery window runs out, a connect settles). */
const quiet = async () => {
  while (counters!.timers() > 0) await settle()
}

describe("resource hygiene (THREATS.md R14)", () => {
  it("100 open/close cycles and 100 connect/disconnect cycles leave no listener and no timer behind", async () => {
    const wallet = makeMockEip1193Provider()
    // The provider's API answers at once, so no retry waits in the background: a timer still pending
    // once the page is quiet would be one the cycles left behind.
    const platform = makeTestPlatform()
    platform.stub(
      () => true,
      () => new Response(null, { status: 404 })
    )
    const layer = Layer.merge(platform.layer, makeMockWalletConnect().layer)
    const { modal, shadow } = await openOnConnect(options, layer, () =>
      window.dispatchEvent(
        new CustomEvent(ANNOUNCE_EVENT, {
          detail: Object.freeze({
            info: Object.freeze({
              uuid: "6f1f3c1e-57a8-4a52-9d56-3f3f6f0f1a21",
              name: "Hygiene Wallet",
              icon: "data:image/png;base64,iVBORw0KGgo=",
              rdns: "dev.hygiene"
            }),
            provider: wallet
          })
        })
      )
    )
    await act(async () => modal.close())
    await quiet()
    const baseline = {
      listeners: counters!.listeners(),
      timers: counters!.timers(),
      wallet: wallet.listenerCount()
    }

    for (let n = 0; n < CYCLES; n++) {
      await act(async () => modal.open("Connect"))
      await act(async () => modal.close())
    }
    await quiet()
    expect(counters!.listeners(), "listeners after open/close").toEqual(baseline.listeners)
    expect(counters!.timers(), "timers after open/close").toBe(baseline.timers)

    const row = () =>
      [...shadow.querySelectorAll<HTMLButtonElement>("button")].find((b) =>
        b.textContent?.includes("Hygiene Wallet")
      )
    for (let n = 0; n < CYCLES; n++) {
      await act(async () => modal.open("Connect"))
      await act(async () => row()?.click())
      while (modal.getAccount().status !== "connected") await settle()
      await act(async () => modal.disconnect())
      while (modal.getAccount().status !== "disconnected") await settle()
      await act(async () => modal.close())
    }
    await quiet()
    expect(wallet.count("eth_requestAccounts"), "connections made").toBe(CYCLES)
    expect(wallet.listenerCount(), "the wallet's listeners").toBe(baseline.wallet)
    expect(counters!.listeners(), "listeners after connect/disconnect").toEqual(baseline.listeners)
    expect(counters!.timers(), "timers after connect/disconnect").toBe(baseline.timers)
  }, 120_000)
})
