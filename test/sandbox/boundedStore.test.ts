/**
 * The sandbox servers' bounded store (`sandbox/shared/boundedStore.mjs`): full, it refuses a new entry
 * (429 for the client past its quota, 503 for everyone when the whole store is) and drops nothing it
 * holds; entries go when they expire, swept as the store is used.
 */
import { describe, expect, it } from "vitest"
import { BoundedStore } from "../../sandbox/shared/boundedStore.mjs"

const TTL_MS = 1_000

const storeOf = (max: number, perClient: number) => {
  const clock = { now: 0 }
  const store = new BoundedStore<string>({
    what: "codes",
    ttlMs: TTL_MS,
    max,
    perClient,
    now: () => clock.now
  })
  return { store, clock }
}

describe("a bounded store", () => {
  it("refuses a client past its quota, and admits others", () => {
    const { store } = storeOf(10, 2)
    expect(store.put("a1", "x", "a")).toBeUndefined()
    expect(store.put("a2", "x", "a")).toBeUndefined()
    expect(store.put("a3", "x", "a")).toEqual({
      status: 429,
      reason: "too many codes from this client, try later"
    })
    expect(store.put("b1", "x", "b")).toBeUndefined()
    expect([store.get("a1"), store.get("a2"), store.get("a3")]).toEqual(["x", "x", undefined])
    expect(store.heldBy("a")).toBe(2)
  })

  it("refuses everyone new when full, dropping nothing, until an entry goes", () => {
    const { store } = storeOf(2, 2)
    store.put("a1", "kept", "a")
    store.put("b1", "kept", "b")
    expect(store.put("c1", "x", "c")).toEqual({ status: 503, reason: "too many codes, try later" })
    expect([...store.values()]).toEqual(["kept", "kept"])
    expect(store.take("a1")).toBe("kept")
    expect(store.take("a1")).toBeUndefined()
    expect(store.put("c1", "x", "c")).toBeUndefined()
  })

  it("replaces a client's own entry at a key within its quota, and lets it live anew", () => {
    const { store, clock } = storeOf(1, 1)
    store.put("k", "old", "a")
    clock.now = TTL_MS - 1
    expect(store.put("k", "new", "a")).toBeUndefined()
    clock.now = TTL_MS
    expect(store.get("k")).toBe("new")
    // Another client may not take the key's place while the store is full of the first's.
    expect(store.refusal("b", "other")).toEqual({ status: 503, reason: "too many codes, try later" })
  })

  it("sweeps expired entries, freeing their clients' quotas", () => {
    const { store, clock } = storeOf(2, 1)
    store.put("a1", "x", "a")
    clock.now = 500
    store.put("b1", "x", "b")
    clock.now = TTL_MS
    expect(store.size).toBe(1)
    expect(store.get("a1")).toBeUndefined()
    expect(store.heldBy("a")).toBe(0)
    expect(store.put("a2", "x", "a")).toBeUndefined()
    clock.now = 500 + TTL_MS
    expect(store.clientOf("b1")).toBeUndefined()
    expect(store.size).toBe(1)
  })

  it("needs positive bounds", () => {
    expect(() => new BoundedStore({ what: "codes", ttlMs: 1, max: 0, perClient: 1, now: () => 0 })).toThrow(
      TypeError
    )
  })
})
