/**
 * `deferredImplementation`: the code of a service kept out of the first paint is loaded on first use and
 * built once, in the layer's own context and scope, whoever asked first; a failed load is asked for again.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import * as Scope from "effect/Scope"
import { ChunkLoadError, deferredImplementation } from "../../src/layers/runtime/deferred"

class Greeting extends Context.Service<Greeting, string>()("test/Greeting") {}

/** A constructor that reads the greeting it was built with and counts its builds. */
const counted = () => {
  const builds = { count: 0 }
  const make = Effect.gen(function* () {
    builds.count += 1
    const greeting = yield* Greeting
    return { greet: (name: string) => `${greeting}, ${name}` }
  })
  return { builds, make }
}

const refused = () => Promise.reject(new Error("Failed to fetch dynamically imported module"))

describe("deferredImplementation", () => {
  it.effect("builds on first use, in the context it was created in, whoever asks", () =>
    Effect.gen(function* () {
      const { builds, make } = counted()
      const implementation = yield* deferredImplementation(() => Promise.resolve(make)).pipe(
        Effect.provideService(Greeting, "Hello")
      )
      assert.strictEqual(builds.count, 0)
      const built = yield* implementation.pipe(Effect.provideService(Greeting, "Go away"))
      assert.strictEqual(built.greet("Ada"), "Hello, Ada")
    })
  )

  it.effect("callers racing for the first use share one build; later ones reuse it", () =>
    Effect.gen(function* () {
      const { builds, make } = counted()
      const implementation = yield* deferredImplementation(() => Promise.resolve(make)).pipe(
        Effect.provideService(Greeting, "Hi")
      )
      const all = yield* Effect.all([implementation, implementation, implementation], {
        concurrency: "unbounded"
      })
      assert.strictEqual(new Set(all).size, 1)
      yield* implementation
      assert.strictEqual(builds.count, 1)
    })
  )

  it.effect("a load that fails is a ChunkLoadError, and the next use loads again", () =>
    Effect.gen(function* () {
      const { builds, make } = counted()
      const attempts = yield* Ref.make(0)
      const implementation = yield* deferredImplementation(() =>
        Effect.runPromise(Ref.getAndUpdate(attempts, (n) => n + 1)).then((n) => (n === 0 ? refused() : make))
      ).pipe(Effect.provideService(Greeting, "Hey"))
      const first = yield* Effect.flip(implementation)
      assert.instanceOf(first, ChunkLoadError)
      assert.strictEqual((yield* implementation).greet("Bo"), "Hey, Bo")
      assert.strictEqual(yield* Ref.get(attempts), 2)
      assert.strictEqual(builds.count, 1)
    })
  )

  it.effect("what the implementation forks lives in the layer's scope, not the caller's", () =>
    Effect.gen(function* () {
      const layerScope = yield* Scope.make()
      const ticking = yield* Ref.make<Fiber.Fiber<never> | undefined>(undefined)
      const make = Effect.gen(function* () {
        const fiber = yield* Effect.forkScoped(Effect.never)
        yield* Ref.set(ticking, fiber)
        return "built"
      })
      const implementation = yield* deferredImplementation(() => Promise.resolve(make)).pipe(
        Effect.provideService(Scope.Scope, layerScope)
      )
      // The caller's own scope closes right after it asked.
      yield* Effect.scoped(implementation)
      const fiber = yield* Ref.get(ticking)
      assert.isDefined(fiber)
      assert.isUndefined(fiber?.pollUnsafe())
      yield* Scope.close(layerScope, Exit.void)
      assert.isTrue(Exit.hasInterrupts((yield* Fiber.await(fiber as Fiber.Fiber<never>)) as Exit.Exit<never>))
    })
  )
})
