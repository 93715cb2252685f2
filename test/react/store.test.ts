import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { storeFromRef } from "../../src/react/modal/bridge/store"
import { settle, untilNotified } from "../kit/waits"

/** Lets the store's fiber take what is ready, before asserting that nobody was told. */
const quiet = () => Effect.runPromise(settle)

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
    await runtime.runPromise(SubscriptionRef.update(ref, (s) => ({ ...s, count: 1 })))
    await quiet()
    assert.strictEqual(store.get(), first)
    assert.strictEqual(notified, 0)
    await runtime.runPromise(SubscriptionRef.update(ref, (s) => ({ ...s, open: true })))
    await untilNotified(store.subscribe, () => notified > 0)
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
    await runtime.runPromise(SubscriptionRef.set(ref, 1))
    await untilNotified(store.subscribe, () => seen.length === 2)
    offA()
    offB()
    await runtime.runPromise(SubscriptionRef.set(ref, 2))
    await quiet()
    assert.deepStrictEqual(seen, ["a1", "b1"])
    // With nobody listening, a read still sees the latest value.
    assert.strictEqual(store.get(), 2)
    await runtime.dispose()
  })
})
