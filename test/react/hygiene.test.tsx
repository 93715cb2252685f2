// @vitest-environment happy-dom
/**
 * THREATS.md R14, resource hygiene: after 100 open/close cycles and 100 connect/disconnect cycles of the
 * real modal, the listeners on `window` and `document`, the wallet's own listeners and the pending timers
 * are back where they started.
 */

import * as Layer from "effect/Layer"
import { act } from "react"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { makeTestPlatform } from "../kit/platform"
import { actOn } from "../kit/react"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

const options: ModalOptionsInput = {
  ...walletsOnly,
  features: { ...walletsOnly.features, allWallets: false }
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
  // Told each time a timer is done with, so a test awaits the last one.
  const done = new Set<() => void>()
  const forget = (id: unknown) => {
    if (!timers.delete(id)) return
    for (const listener of [...done]) listener()
  }
  const { setTimeout: set, clearTimeout: clear, setInterval: every, clearInterval: stop } = globalThis
  type Callback = (...args: Array<unknown>) => void
  /** Counts the timer `id` until it is cleared or, a timeout, has fired. */
  const counting = <Id,>(id: Id) => {
    timers.add(id)
    return id
  }
  const cleared =
    <Id,>(end: (id: Id) => void) =>
    (id: Id) => {
      forget(id)
      end(id)
    }
  globalThis.setTimeout = ((callback: Callback, ms?: number, ...args: Array<unknown>) => {
    const fired = (...inner: Array<unknown>) => {
      forget(id)
      callback(...inner)
    }
    const id = counting(set(fired, ms, ...args))
    return id
  }) as typeof setTimeout
  globalThis.clearTimeout = cleared(clear)
  globalThis.setInterval = ((callback: Callback, ms?: number, ...args: Array<unknown>) =>
    counting(every(callback, ms, ...args))) as typeof setInterval
  globalThis.clearInterval = cleared(stop)
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
    onTimerDone: (listener: () => void) => {
      done.add(listener)
      return () => void done.delete(listener)
    },
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

/**
 * Waits until no timer is pending any more (a discovery window runs out, a connect settles), asking again
 * after React renders what the last ones changed (which may set new ones).
 */
const quiet = async () => {
  while (counters!.timers() > 0)
    await actOn(untilNotified(counters!.onTimerDone, () => counters!.timers() === 0))
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
    const { modal, button } = await openOnConnect(options, layer, () =>
      announce(
        walletInfo({
          uuid: "6f1f3c1e-57a8-4a52-9d56-3f3f6f0f1a21",
          name: "Hygiene Wallet",
          rdns: "dev.hygiene"
        }),
        wallet
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

    const status = (wanted: string) =>
      actOn(untilNotified(modal.subscribeAccount, () => modal.getAccount().status === wanted))
    for (let n = 0; n < CYCLES; n++) {
      await act(async () => modal.open("Connect"))
      await act(async () => button("Hygiene Wallet")?.click())
      await status("connected")
      await act(async () => modal.disconnect())
      await status("disconnected")
      await act(async () => modal.close())
    }
    await quiet()
    expect(wallet.count("eth_requestAccounts"), "connections made").toBe(CYCLES)
    expect(wallet.listenerCount(), "the wallet's listeners").toBe(baseline.wallet)
    expect(counters!.listeners(), "listeners after connect/disconnect").toEqual(baseline.listeners)
    expect(counters!.timers(), "timers after connect/disconnect").toBe(baseline.timers)
  }, 120_000)
})
