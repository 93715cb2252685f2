// @vitest-environment happy-dom
/**
 * `useSendCalls()` and `useCallsStatus(id)` (airlock/react, issue 34): a batch goes through the modal's
 * `wallet_sendCalls` (version 2.0.0, not atomic unless asked) and the hook follows it to its id; the
 * status is asked of the modal until it is final, then no more.
 */

import { act, createElement } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Modal } from "../../src/Modal"
import { AirlockProvider } from "../../src/react/AirlockProvider"
import { serverModal } from "../../src/react/serverModal"
import { useCallsStatus } from "../../src/react/useCallsStatus"
import { useSendCalls } from "../../src/react/useSendCalls"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

const container = document.createElement("div")
document.body.append(container)
const root = createRoot(container)
afterEach(() => {
  act(() => root.render(null))
  vi.useRealTimers()
})

interface Seen {
  send?: ReturnType<typeof useSendCalls>
  status?: ReturnType<typeof useCallsStatus>
}

const Probe = ({ seen, id }: { readonly seen: Seen; readonly id: string | undefined }) => {
  seen.send = useSendCalls()
  seen.status = useCallsStatus(id)
  return null
}

const mount = async (answer: (method: string, params: unknown) => unknown, id?: string) => {
  const asked: Array<{ method: string; params: unknown }> = []
  const modal: Modal = {
    ...serverModal,
    request: async ({ method, params }) => {
      asked.push({ method, params })
      return answer(method, params)
    }
  }
  const seen: Seen = {}
  await act(() => root.render(createElement(AirlockProvider, { modal }, createElement(Probe, { seen, id }))))
  return { asked, seen }
}

describe("useSendCalls", () => {
  it("sends the batch as wallet_sendCalls 2.0.0 and follows it to its id", async () => {
    const { asked, seen } = await mount(() => ({ id: "0xbatch" }))
    expect(seen.send!.status).toBe("idle")
    const calls = [{ to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: "0x1" }] as const
    await act(async () => {
      expect(await seen.send!.sendCalls({ chainId: "0x7a69", calls })).toEqual({ id: "0xbatch" })
    })
    expect(asked).toEqual([
      {
        method: "wallet_sendCalls",
        params: [{ version: "2.0.0", atomicRequired: false, chainId: "0x7a69", calls }]
      }
    ])
    expect(seen.send).toMatchObject({ status: "success", id: "0xbatch" })
  })

  it("a refused batch is failed with the typed error", async () => {
    const refusal = Object.assign(new Error("atomicity"), { code: 5760 })
    const { seen } = await mount(() => Promise.reject(refusal))
    await act(async () => {
      await seen
        .send!.sendCalls({ chainId: "0x7a69", calls: [], atomicRequired: true })
        .catch(() => undefined)
    })
    expect(seen.send).toMatchObject({ status: "failed", error: refusal })
  })
})

describe("useCallsStatus", () => {
  it("asks until the status is final, then stops", async () => {
    vi.useFakeTimers()
    let asks = 0
    const { asked, seen } = await mount(
      () => ({
        version: "2.0.0",
        id: "0xb",
        chainId: "0x7a69",
        status: ++asks < 3 ? 100 : 200,
        atomic: false
      }),
      "0xb"
    )
    expect(seen.status!.answer?.status).toBe(100)
    expect(seen.status!.done).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(seen.status).toMatchObject({ answer: { status: 200 }, done: true })
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(asked.map((a) => a.params)).toEqual([["0xb"], ["0xb"], ["0xb"]])
  })

  it("asks nothing without an id", async () => {
    const { asked, seen } = await mount(() => undefined)
    expect(seen.status).toEqual({ answer: undefined, error: undefined, done: false })
    expect(asked).toEqual([])
  })
})
