import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import fc from "fast-check"
import { makeSafeKeyValueStore, type StorageArea } from "../../src/layers/platform/SafeKeyValueStoreLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { EmbeddedStorageKeys } from "../../src/schemas/EmbeddedStorageKeys"
import { connectedConnectorIdKey, type StorageKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Storage } from "../../src/services/Storage"
import { makeArea } from "../kit/fixtures"

const storageOver = (evaluate: () => StorageArea | undefined) =>
  StorageLive.pipe(Layer.provide(Layer.succeed(KeyValueStore.KeyValueStore, makeSafeKeyValueStore(evaluate))))

const recent = [{ id: "sandbox", rdns: "dev.airlock.sandbox", name: "Sandbox Wallet" }]

describe("Storage", () => {
  it.effect("round-trips typed values", () => {
    // One area for the whole test: a new one per read would never hold what was written.
    const { area } = makeArea()
    return Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.recentWallets, recent)
      assert.deepStrictEqual(yield* storage.get(StorageKeys.recentWallets), Option.some(recent))
      yield* storage.remove(StorageKeys.recentWallets)
      assert.isTrue(Option.isNone(yield* storage.get(StorageKeys.recentWallets)))
    }).pipe(Effect.provide(storageOver(() => area)))
  })

  it.effect("keeps bytes as Base64 text, as Effect's string-only store does", () => {
    const { area, data } = makeArea()
    const ours = makeSafeKeyValueStore(() => area)
    const reference = KeyValueStore.makeStringOnly({
      get: (key) => Effect.sync(() => data.get(key)),
      set: (key, value) => Effect.sync(() => void data.set(key, value)),
      remove: (key) => Effect.sync(() => void data.delete(key)),
      clear: Effect.sync(() => data.clear()),
      size: Effect.sync(() => data.size),
      keys: Effect.sync(() => [...data.keys()])
    })
    return Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ maxLength: 300 }),
          fc.oneof(fc.string(), fc.base64String(), fc.stringMatching(/^[A-Za-z0-9+/=\r\n]{0,12}$/)),
          async (bytes, text) => {
            await Effect.runPromise(ours.set("bytes", bytes))
            const written = data.get("bytes")
            await Effect.runPromise(reference.set("bytes", bytes))
            assert.strictEqual(written, data.get("bytes"))
            assert.deepStrictEqual(await Effect.runPromise(ours.getUint8Array("bytes")), bytes)
            await Effect.runPromise(ours.set("text", text))
            assert.deepStrictEqual(
              await Effect.runPromise(ours.getUint8Array("text")),
              await Effect.runPromise(reference.getUint8Array("text"))
            )
          }
        )
      )
    )
  })

  it.effect("runs from memory when reading localStorage throws", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      assert.isTrue(Option.isNone(yield* storage.get(EmbeddedStorageKeys.emailLoginUsed)))
      yield* storage.set(EmbeddedStorageKeys.emailLoginUsed, true)
      assert.deepStrictEqual(yield* storage.get(EmbeddedStorageKeys.emailLoginUsed), Option.some(true))
    }).pipe(
      Effect.provide(
        storageOver(() => {
          throw new DOMException("Access is denied for this document.", "SecurityError")
        })
      )
    )
  )

  it.effect("keeps a write in memory when the quota is exceeded", () => {
    const { area, data } = makeArea({}, { setItem: true })
    return Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.recentWallets, recent)
      assert.strictEqual(data.size, 0)
      assert.deepStrictEqual(yield* storage.get(StorageKeys.recentWallets), Option.some(recent))
    }).pipe(Effect.provide(storageOver(() => area)))
  })

  it.effect("works where the page has no localStorage at all", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.activeNamespace, "solana")
      assert.deepStrictEqual(yield* storage.get(StorageKeys.activeNamespace), Option.some("solana" as const))
    }).pipe(Effect.provide(storageOver(() => undefined)))
  )

  it.effect("removes corrupt and wrong-version values and reads them as absent", () => {
    const { area, data } = makeArea()
    return Effect.gen(function* () {
      const storage = yield* Storage
      const key = StorageKeys.recentWallets.key
      for (const raw of ["{not json", "null", '{"v":2,"data":[]}', '{"v":1,"data":[{"id":1}]}', "[]"]) {
        data.set(key, raw)
        assert.isTrue(Option.isNone(yield* storage.get(StorageKeys.recentWallets)), raw)
        assert.isFalse(data.has(key), raw)
      }
    }).pipe(Effect.provide(storageOver(() => area)))
  })

  // THREATS.md R4: 1000 fuzzed values for every key; reads never fail and bad values are removed.
  const fuzzed = new Set<string>()
  const fuzz = <A, I>(key: StorageKey<A, I>) => {
    fuzzed.add(key.key)
    return it.effect(`survives 1000 random stored values in ${key.key}`, () => {
      const { area, data } = makeArea()
      return Effect.gen(function* () {
        const storage = yield* Storage
        const values = fc.sample(
          fc.oneof(
            fc.string(),
            fc.json(),
            fc.jsonValue().map((data) => JSON.stringify({ v: 1, data })),
            fc.jsonValue().map((data) => JSON.stringify({ v: 1, data, __proto__: { polluted: true } }))
          ),
          { numRuns: 1000 }
        )
        for (const raw of values) {
          data.set(key.key, raw)
          const read = yield* storage.get(key)
          if (Option.isNone(read)) assert.isFalse(data.has(key.key))
        }
      }).pipe(Effect.provide(storageOver(() => area)))
    })
  }
  fuzz(StorageKeys.activeNamespace)
  fuzz(StorageKeys.activeNetworkIds)
  fuzz(StorageKeys.recentWallets)
  fuzz(EmbeddedStorageKeys.connectedSocialProvider)
  fuzz(EmbeddedStorageKeys.socialUsername)
  fuzz(StorageKeys.connectionStatus)
  fuzz(StorageKeys.connectedNamespaces)
  fuzz(EmbeddedStorageKeys.preferredAccountTypes)
  fuzz(StorageKeys.deepLinkChoice)
  fuzz(EmbeddedStorageKeys.emailLoginUsed)
  fuzz(EmbeddedStorageKeys.email)
  fuzz(EmbeddedStorageKeys.lastEmailLoginTime)
  fuzz(StorageKeys.lastUsedChain)
  fuzz(EmbeddedStorageKeys.smartAccountEnabledNetworks)
  fuzz(connectedConnectorIdKey("eip155"))

  it("fuzzes every stored key", () => {
    for (const key of [...Object.values(StorageKeys), ...Object.values(EmbeddedStorageKeys)])
      assert.isTrue(fuzzed.has(key.key), key.key)
  })
})
