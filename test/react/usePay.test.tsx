// @vitest-environment happy-dom
/**
 * `usePay()` (airlock/react): `pay(request)` is the modal's, and `status` follows the last call (pending,
 * success with its hash, failed with the typed error); a call that settles after a newer one does not
 * overwrite it.
 */

import { act, createElement } from "react"
import { createRoot } from "react-dom/client"
import { afterEach, describe, expect, it } from "vitest"
import type { Modal } from "../../src/Modal"
import { PayFailedError } from "../../src/payErrors"
import { AirlockProvider } from "../../src/react/AirlockProvider"
import { serverModal } from "../../src/react/serverModal"
import { usePay } from "../../src/react/usePay"
import type { PayRequest, PayResult } from "../../src/services/Pay"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

interface Call {
  readonly request: PayRequest
  readonly resolve: (result: PayResult) => void
  readonly reject: (error: unknown) => void
}

const request: PayRequest = {
  recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  amount: "5",
  asset: "eip155:1/slip44:60"
}
const container = document.createElement("div")
document.body.append(container)
const root = createRoot(container)
afterEach(() => act(() => root.render(null)))

/** The hook's value as last rendered. */
interface Seen {
  current?: ReturnType<typeof usePay>
}

const Probe = ({ seen }: { readonly seen: Seen }) => {
  seen.current = usePay()
  return null
}

/** A modal whose `pay` waits for the test; the hook's value as last rendered. */
const mount = async () => {
  const calls: Array<Call> = []
  const modal: Modal = {
    ...serverModal,
    pay: (asked) =>
      new Promise<PayResult>((resolve, reject) => calls.push({ request: asked, resolve, reject }))
  }
  const seen: Seen = {}
  await act(() => root.render(createElement(AirlockProvider, { modal }, createElement(Probe, { seen }))))
  return { calls, hook: () => seen.current! }
}

describe("usePay", () => {
  it("follows a payment from pending to success, then a refused one to failed", async () => {
    const { calls, hook } = await mount()
    expect(hook().status).toBe("idle")
    let settled: Promise<PayResult> | undefined
    await act(async () => {
      settled = hook().pay(request)
    })
    expect(calls.map((call) => call.request)).toEqual([request])
    expect(hook().status).toBe("pending")
    await act(async () => calls[0]!.resolve({ status: "success", txHash: "0xabc" }))
    expect(await settled).toEqual({ status: "success", txHash: "0xabc" })
    expect(hook()).toMatchObject({ status: "success", txHash: "0xabc" })

    const declined = new PayFailedError({ reason: "declined" })
    await act(async () => {
      settled = hook().pay(request)
    })
    await act(async () => {
      calls[1]!.reject(declined)
      await settled?.catch(() => undefined)
    })
    expect(hook()).toMatchObject({ status: "failed", error: declined })
    await expect(settled).rejects.toBe(declined)
  })

  it("a call that settles after a newer one does not overwrite it", async () => {
    const { calls, hook } = await mount()
    await act(async () => {
      void hook()
        .pay(request)
        .catch(() => undefined)
      void hook().pay({ ...request, amount: "6" })
    })
    await act(async () => calls[1]!.resolve({ status: "success", txHash: "0xnew" }))
    await act(async () => calls[0]!.reject(new PayFailedError({ reason: "closed" })))
    expect(hook()).toMatchObject({ status: "success", txHash: "0xnew" })
  })
})
