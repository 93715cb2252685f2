import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import { memoizeSuccess } from "../../src/layers/runtime/memoizeSuccess"

class LoadFailed {
  readonly _tag = "LoadFailed"
  constructor(readonly cause: unknown) {}
}

/** A load (an `import()`, say) kept by its success; a failure is `LoadFailed`. */
const cachedLoad = <A>(load: () => Promise<A>) =>
  memoizeSuccess(Effect.tryPromise({ try: load, catch: (cause) => new LoadFailed(cause) }))

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

describe("memoizeSuccess", () => {
  it.effect("a failed load is retried by the next call, which then succeeds", () =>
    Effect.gen(function* () {
      const { load, state } = scriptedLoad([refused, loaded])
      const get = yield* cachedLoad(load)
      const first = yield* Effect.exit(get)
      assert.isTrue(Exit.isFailure(first))
      assert.strictEqual(yield* get, chunk)
      assert.strictEqual(state.calls, 2)
    })
  )

  it.effect("keeps a success: later calls do not load again", () =>
    Effect.gen(function* () {
      const { load, state } = scriptedLoad([loaded])
      const get = yield* cachedLoad(load)
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
      const get = yield* cachedLoad(load)
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
      const get = yield* cachedLoad(load)
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
      const get = yield* cachedLoad(() => {
        throw thrown
      })
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
      const get = yield* cachedLoad(load)
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
