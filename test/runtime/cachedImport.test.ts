import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { vi } from "vitest"
import { WalletConnectConnectorNotFoundError } from "../../src/errors"
import { cachedImport } from "../../src/layers/runtime/cachedImport"
import { WalletConnectClientLive } from "../../src/layers/walletconnect/WalletConnectClientLive"
import { ModalConfig } from "../../src/services/ModalConfig"
import { type UniversalProviderClient, WalletConnectClient } from "../../src/services/WalletConnectClient"
import { decodedOptions } from "../kit/fixtures"

// The SDK chunk, replaced so each test scripts how creating the client goes.
const createUniversalProvider = vi.hoisted(() => ({ next: (): Promise<unknown> => Promise.resolve({}) }))
vi.mock("../../src/layers/walletconnect/universalProvider", () => ({
  createUniversalProvider: () => createUniversalProvider.next()
}))

class LoadFailed {
  readonly _tag = "LoadFailed"
  constructor(readonly cause: unknown) {}
}

/** A load whose answers are scripted one call at a time; it counts its calls. */
const scriptedLoad = <A>(answers: ReadonlyArray<() => Promise<A>>) => {
  const state = { calls: 0 }
  const load = () => {
    const answer = answers[Math.min(state.calls, answers.length - 1)]
    state.calls += 1
    if (answer === undefined) throw new Error("no scripted answer")
    return answer()
  }
  return { load, state }
}

const chunk = { name: "chunk" } as const
const loaded = () => Promise.resolve(chunk)
const refused = () => Promise.reject(new Error("Failed to fetch dynamically imported module"))

describe("cachedImport", () => {
  it.effect("a failed load is retried by the next call, which then succeeds", () =>
    Effect.gen(function* () {
      const { load, state } = scriptedLoad([refused, loaded])
      const get = yield* cachedImport(load, (cause) => new LoadFailed(cause))
      const first = yield* Effect.exit(get)
      assert.isTrue(Exit.isFailure(first))
      assert.strictEqual(yield* get, chunk)
      assert.strictEqual(state.calls, 2)
    })
  )

  it.effect("keeps a success: later calls do not load again", () =>
    Effect.gen(function* () {
      const { load, state } = scriptedLoad([loaded])
      const get = yield* cachedImport(load, (cause) => new LoadFailed(cause))
      for (let i = 0; i < 5; i++) assert.strictEqual(yield* get, chunk)
      assert.strictEqual(state.calls, 1)
    })
  )

  it.effect("20 concurrent callers share one load", () =>
    Effect.gen(function* () {
      let resolve: (value: typeof chunk) => void = () => {}
      const pending = new Promise<typeof chunk>((settle) => {
        resolve = settle
      })
      const { load, state } = scriptedLoad([() => pending])
      const get = yield* cachedImport(load, (cause) => new LoadFailed(cause))
      const fibers = yield* Effect.forEach(Array.from({ length: 20 }), () =>
        Effect.forkChild(get, { startImmediately: true })
      )
      yield* Effect.yieldNow
      assert.strictEqual(state.calls, 1)
      resolve(chunk)
      const results = yield* Effect.forEach(fibers, Fiber.join)
      assert.isTrue(results.every((result) => result === chunk))
      assert.strictEqual(state.calls, 1)
    })
  )

  it.effect("does not remember a failure shared by concurrent callers", () =>
    Effect.gen(function* () {
      const { load, state } = scriptedLoad([refused, refused, loaded])
      const get = yield* cachedImport(load, (cause) => new LoadFailed(cause))
      const exits = yield* Effect.all(
        Array.from({ length: 20 }, () => Effect.exit(get)),
        {
          concurrency: "unbounded"
        }
      )
      assert.isTrue(exits.every(Exit.isFailure))
      assert.strictEqual(state.calls, 1)
      const failure = yield* Effect.flip(get)
      assert.instanceOf(failure, LoadFailed)
      assert.strictEqual(state.calls, 2)
      assert.strictEqual(yield* get, chunk)
      assert.strictEqual(state.calls, 3)
    })
  )

  it.effect("turns a load that throws before returning a promise into the typed error", () =>
    Effect.gen(function* () {
      const thrown = new Error("import() is not allowed here")
      const get = yield* cachedImport(
        () => {
          throw thrown
        },
        (cause) => new LoadFailed(cause)
      )
      const failure = yield* Effect.flip(get)
      assert.strictEqual(failure.cause, thrown)
    })
  )

  it.effect("keeps sharing a load its callers gave up on: the next call joins it, not a second load", () =>
    Effect.gen(function* () {
      let resolve: (value: typeof chunk) => void = () => {}
      const slow = new Promise<typeof chunk>((settle) => {
        resolve = settle
      })
      const { load, state } = scriptedLoad([() => slow, loaded])
      const get = yield* cachedImport(load, (cause) => new LoadFailed(cause))
      const timedOut = yield* Effect.forkChild(Effect.exit(Effect.timeout(get, "20 seconds")))
      yield* TestClock.adjust("20 seconds")
      assert.isTrue(Exit.isFailure(yield* Fiber.join(timedOut)))
      const retry = yield* Effect.forkChild(get, { startImmediately: true })
      yield* Effect.yieldNow
      resolve(chunk)
      assert.strictEqual(yield* Fiber.join(retry), chunk)
      assert.strictEqual(state.calls, 1)
    })
  )
})

describe("WalletConnectClientLive", () => {
  const client = { session: () => undefined } as unknown as UniversalProviderClient
  const withClient = <A, E>(self: Effect.Effect<A, E, WalletConnectClient>) =>
    self.pipe(
      Effect.provide(
        WalletConnectClientLive.pipe(Layer.provide(Layer.succeed(ModalConfig, decodedOptions())))
      )
    )

  it.effect("a failed SDK load is tried again by the next caller, and the client is then kept", () =>
    Effect.gen(function* () {
      const sdk = yield* WalletConnectClient
      createUniversalProvider.next = () => Promise.reject(new Error("storage refused"))
      const failure = yield* Effect.flip(sdk.get)
      assert.instanceOf(failure, WalletConnectConnectorNotFoundError)
      createUniversalProvider.next = () => Promise.resolve(client)
      assert.strictEqual(yield* sdk.get, client)
      createUniversalProvider.next = () => Promise.reject(new Error("created twice"))
      assert.strictEqual(yield* sdk.get, client)
    }).pipe(withClient)
  )

  it.effect("gives up after 20 s with 'timeout', and a later call gets the load once it finishes", () =>
    Effect.gen(function* () {
      const sdk = yield* WalletConnectClient
      let finish: (value: UniversalProviderClient) => void = () => {}
      createUniversalProvider.next = () =>
        new Promise((settle) => {
          finish = settle
        })
      const waiting = yield* Effect.forkChild(Effect.flip(sdk.get), { startImmediately: true })
      yield* TestClock.adjust("20 seconds")
      const failure = yield* Fiber.join(waiting)
      assert.strictEqual(failure.cause, "timeout")
      const retry = yield* Effect.forkChild(sdk.get, { startImmediately: true })
      finish(client)
      assert.strictEqual(yield* Fiber.join(retry), client)
    }).pipe(withClient)
  )
})
