import { assert, describe, it } from "@effect/vitest"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { storeFromRef } from "../../src/react/modal/bridge/store"

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("storeFromRef", () => {
  it("keeps the snapshot's identity until the selected slice changes", async () => {
    const runtime = ManagedRuntime.make(Layer.empty)
    const ref = runtime.runSync(SubscriptionRef.make({ open: false, count: 0 }))
    const store = storeFromRef(
      runtime,
      ref,
      (s) => ({ open: s.open }),
      (a, b) => a.open === b.open
    )
    const first = store.get()
    let notified = 0
    const unsubscribe = store.subscribe(() => notified++)
    await settle()
    await runtime.runPromise(SubscriptionRef.update(ref, (s) => ({ ...s, count: 1 })))
    await settle()
    assert.strictEqual(store.get(), first)
    assert.strictEqual(notified, 0)
    await runtime.runPromise(SubscriptionRef.update(ref, (s) => ({ ...s, open: true })))
    await settle()
    assert.deepStrictEqual(store.get(), { open: true })
    assert.strictEqual(notified, 1)
    unsubscribe()
    await runtime.dispose()
  })

  it("shares one fiber between listeners and stops it with the last one", async () => {
    const runtime = ManagedRuntime.make(Layer.empty)
    const ref = runtime.runSync(SubscriptionRef.make(0))
    const store = storeFromRef(runtime, ref, (n) => n)
    const seen: Array<string> = []
    const offA = store.subscribe(() => seen.push(`a${store.get()}`))
    const offB = store.subscribe(() => seen.push(`b${store.get()}`))
    await settle()
    await runtime.runPromise(SubscriptionRef.set(ref, 1))
    await settle()
    offA()
    offB()
    await runtime.runPromise(SubscriptionRef.set(ref, 2))
    await settle()
    assert.deepStrictEqual(seen, ["a1", "b1"])
    // With nobody listening, a read still sees the latest value.
    assert.strictEqual(store.get(), 2)
    await runtime.dispose()
  })
})
