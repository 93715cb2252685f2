/**
 * The lazy-service mechanism: a part loads on first use, once, in the context of the layer that declared
 * its use; a failed load is not kept; a preloaded part needs no `import()`; a lazy service's members wait
 * for the implementation, and run their fallback, with their own arguments, when it did not load.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import * as Scope from "effect/Scope"
import {
  ChunkLoadError,
  call,
  effect,
  type LazyPart,
  lazyImplementation,
  lazyPart,
  lazyService,
  loadPart,
  preloaded
} from "../../src/layers/runtime/lazy"

class Greeting extends Context.Service<Greeting, string>()("test/Greeting") {}

interface Greeter {
  readonly greet: (name: string) => string
}

/** A module whose constructor reads the greeting it is built with and counts its builds. */
const greeterModule = () => {
  const builds = { count: 0 }
  const module = {
    makeGreeter: Effect.gen(function* () {
      builds.count += 1
      const greeting = yield* Greeting
      return { greet: (name: string) => `${greeting}, ${name}` } satisfies Greeter
    })
  }
  return { builds, module }
}

type GreeterModule = ReturnType<typeof greeterModule>["module"]

const refused = new Error("Failed to fetch dynamically imported module")

/** A part whose loads are scripted one call at a time (a module, or a refusal); it counts them. */
const scriptedPart = <M>(answers: ReadonlyArray<M | Error>) => {
  const loads = { count: 0 }
  const part = lazyPart<M>(`test/scripted${Math.random()}`, () => {
    const answer = answers[Math.min(loads.count, answers.length - 1)]
    loads.count += 1
    return answer instanceof Error || answer === undefined ? Promise.reject(answer) : Promise.resolve(answer)
  })
  return { part, loads }
}

describe("loadPart and preloaded", () => {
  it.effect(
    "a part loads by its import(); a load that fails is a ChunkLoadError with the import's error",
    () =>
      Effect.gen(function* () {
        const { module } = greeterModule()
        const { part, loads } = scriptedPart<GreeterModule>([refused, module])
        const failure = yield* Effect.flip(loadPart(part))
        assert.instanceOf(failure, ChunkLoadError)
        assert.strictEqual(failure.cause, refused)
        assert.strictEqual(yield* loadPart(part), module)
        assert.strictEqual(loads.count, 2)
      })
  )

  it("a preloaded part resolves at once, without its import()", () => {
    const { module } = greeterModule()
    const { part, loads } = scriptedPart<GreeterModule>([module])
    // runSync: nothing here may wait for a task.
    const loaded = Effect.runSync(loadPart(part).pipe(Effect.provide(preloaded(part, module))))
    assert.strictEqual(loaded, module)
    assert.strictEqual(loads.count, 0)
  })
})

describe("lazyImplementation", () => {
  it.effect("builds on first use, in the context it was declared in, whoever asks", () =>
    Effect.gen(function* () {
      const { builds, module } = greeterModule()
      const { part } = scriptedPart<GreeterModule>([module])
      const implementation = yield* lazyImplementation(part, (m) => m.makeGreeter).pipe(
        Effect.provideService(Greeting, "Hello")
      )
      assert.strictEqual(builds.count, 0)
      const built = yield* implementation.pipe(Effect.provideService(Greeting, "Go away"))
      assert.strictEqual(built.greet("Ada"), "Hello, Ada")
    })
  )

  it.effect(
    "loads once: callers racing for the first use share one load and build; later ones reuse it",
    () =>
      Effect.gen(function* () {
        const { builds, module } = greeterModule()
        const { part, loads } = scriptedPart<GreeterModule>([module])
        const implementation = yield* lazyImplementation(part, (m) => m.makeGreeter).pipe(
          Effect.provideService(Greeting, "Hi")
        )
        const all = yield* Effect.all([implementation, implementation, implementation], {
          concurrency: "unbounded"
        })
        assert.strictEqual(new Set(all).size, 1)
        yield* implementation
        assert.strictEqual(loads.count, 1)
        assert.strictEqual(builds.count, 1)
      })
  )

  it.effect("a failed load is not kept: the next use loads again", () =>
    Effect.gen(function* () {
      const { builds, module } = greeterModule()
      const { part, loads } = scriptedPart<GreeterModule>([refused, module])
      const implementation = yield* lazyImplementation(part, (m) => m.makeGreeter).pipe(
        Effect.provideService(Greeting, "Hey")
      )
      assert.instanceOf(yield* Effect.flip(implementation), ChunkLoadError)
      assert.strictEqual((yield* implementation).greet("Bo"), "Hey, Bo")
      assert.strictEqual(loads.count, 2)
      assert.strictEqual(builds.count, 1)
    })
  )

  it.effect("a failed build is not kept either", () =>
    Effect.gen(function* () {
      const attempts = yield* Ref.make(0)
      const { part } = scriptedPart([{ build: Ref.getAndUpdate(attempts, (n) => n + 1) }])
      const implementation = yield* lazyImplementation(part, (m) =>
        Effect.flatMap(m.build, (n) => (n === 0 ? Effect.fail("not yet" as const) : Effect.succeed(n)))
      )
      assert.strictEqual(yield* Effect.flip(implementation), "not yet")
      assert.strictEqual(yield* implementation, 1)
      assert.strictEqual(yield* implementation, 1)
    })
  )

  it.effect("what the implementation forks lives in the declaring layer's scope, not the caller's", () =>
    Effect.gen(function* () {
      const layerScope = yield* Scope.make()
      const ticking = yield* Ref.make<Fiber.Fiber<never> | undefined>(undefined)
      const module = {
        make: Effect.gen(function* () {
          yield* Ref.set(ticking, yield* Effect.forkScoped(Effect.never))
          return "built"
        })
      }
      const implementation = yield* lazyImplementation(
        lazyPart("test/forking", () => Promise.resolve(module)),
        (m) => m.make
      ).pipe(Effect.provideService(Scope.Scope, layerScope))
      // The caller's own scope closes right after it asked.
      yield* Effect.scoped(implementation)
      const fiber = yield* Ref.get(ticking)
      if (fiber === undefined) return assert.fail("nothing was forked")
      assert.isUndefined(fiber.pollUnsafe())
      yield* Scope.close(layerScope, Exit.void)
      assert.isTrue(Exit.hasInterrupts(yield* Fiber.await(fiber)))
    })
  )
})

/** A small service of each kind of member: an effect and a function. */
interface Counter {
  readonly total: Effect.Effect<number, "unavailable">
  readonly add: (amount: number, label: string) => Effect.Effect<string, "unavailable">
}

const counterModule = (seen: Array<string>) => ({
  makeCounter: Effect.gen(function* () {
    const total = yield* Ref.make(0)
    return {
      total: Ref.get(total),
      add: (amount: number, label: string) =>
        Effect.map(
          Ref.updateAndGet(total, (n) => n + amount),
          (n) => {
            seen.push(label)
            return `${label}: ${n}`
          }
        )
    } satisfies Counter
  })
})

describe("lazyService", () => {
  const counterOf = (part: LazyPart<ReturnType<typeof counterModule>>) =>
    Effect.gen(function* () {
      const fellBack: Array<string> = []
      const implementation = yield* lazyImplementation(part, (m) => m.makeCounter)
      const counter = lazyService<Counter>(implementation, {
        total: effect((error) =>
          Effect.andThen(
            Effect.sync(() => void fellBack.push(`total (${String(error.cause)})`)),
            Effect.fail("unavailable" as const)
          )
        ),
        add: call((_error, amount, label) =>
          Effect.andThen(
            Effect.sync(() => void fellBack.push(`add ${amount} ${label}`)),
            Effect.fail("unavailable" as const)
          )
        )
      })
      return { counter, fellBack }
    })

  it.effect("each member runs the loaded one, with its arguments; the code loads once for all", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const { part, loads } = scriptedPart([counterModule(seen)])
      const { counter, fellBack } = yield* counterOf(part)
      assert.strictEqual(loads.count, 0)
      assert.strictEqual(yield* counter.add(2, "a"), "a: 2")
      assert.strictEqual(yield* counter.add(3, "b"), "b: 5")
      assert.strictEqual(yield* counter.total, 5)
      assert.deepStrictEqual(seen, ["a", "b"])
      assert.deepStrictEqual(fellBack, [])
      assert.strictEqual(loads.count, 1)
    })
  )

  it.effect("code that did not load: each member's fallback runs, with the member's arguments", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const { part, loads } = scriptedPart([refused, refused, counterModule(seen)])
      const { counter, fellBack } = yield* counterOf(part)
      assert.strictEqual(yield* Effect.flip(counter.add(7, "x")), "unavailable")
      assert.strictEqual(yield* Effect.flip(counter.total), "unavailable")
      assert.deepStrictEqual(fellBack, ["add 7 x", `total (${String(refused)})`])
      // The next call loads again, and this time the code is there.
      assert.strictEqual(yield* counter.add(1, "y"), "y: 1")
      assert.strictEqual(loads.count, 3)
    })
  )

  it.effect("an effect member is an effect: each run of it loads if it must and runs the member anew", () =>
    Effect.gen(function* () {
      const { part } = scriptedPart([refused, counterModule([])])
      const { counter } = yield* counterOf(part)
      const total = counter.total
      assert.strictEqual(yield* Effect.flip(total), "unavailable")
      yield* counter.add(4, "z")
      assert.strictEqual(yield* total, 4)
    })
  )

  it.effect("over preloaded parts, a member answers without waiting for any task", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const module = counterModule(seen)
      const { part, loads } = scriptedPart([module])
      const answer = yield* Effect.gen(function* () {
        const { counter } = yield* counterOf(part)
        return Effect.runSync(counter.add(1, "now"))
      }).pipe(Effect.provide(preloaded(part, module)))
      assert.strictEqual(answer, "now: 1")
      assert.strictEqual(loads.count, 0)
    })
  )
})
