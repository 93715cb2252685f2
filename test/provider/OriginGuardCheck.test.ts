// The service: fetching the list through ProviderApi
import { afterEach, assert, describe, it, vi } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as TestClock from "effect/testing/TestClock"
import { makeOriginGuard } from "../../src/layers/provider/OriginGuard.lazy"
import { OriginGuardLive } from "../../src/layers/provider/OriginGuardLive"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { present } from "../../src/presentation"
import { decodeModalOptions, type ModalOptions } from "../../src/schemas/ModalOptions"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { OriginGuard } from "../../src/services/OriginGuard"
import { preloadedParts } from "../kit/lazyParts"
import { countedSleeps, type Sleeps, sleepsStarted } from "../kit/sleeps"
import { mainnet } from "../schemas/networks"

const configOf = (overrides: Record<string, unknown> = {}): ModalOptions =>
  Result.getOrThrow(decodeModalOptions({ projectId: "p1", networks: [mainnet], ...overrides }))

const fakeFetch = (respond: (n: number) => Response | Promise<Response>) => {
  const seen: Array<string> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    seen.push(new Request(input, init).url)
    return Promise.resolve(respond(seen.length))
  }
  return { fetch, seen }
}

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status })

const guardLayer = (origin: string | undefined, config: ModalOptions = configOf()) =>
  Layer.effect(
    OriginGuard,
    makeOriginGuard(() => origin)
  ).pipe(Layer.provide(ProviderApiLive), Layer.provide(Layer.succeed(ModalConfig, config)))

const withGuard =
  (fetch: typeof globalThis.fetch, origin: string | undefined, config?: ModalOptions) =>
  <A, E>(effect: Effect.Effect<A, E, OriginGuard | Sleeps>) =>
    effect.pipe(
      Effect.provide(guardLayer(origin, config)),
      Effect.provide(Layer.merge(countedSleeps, preloadedParts)),
      Effect.provideService(HttpFetch, fetch)
    )

const advance = (millis: number) => TestClock.adjust(Duration.millis(millis))

const check = Effect.flatMap(OriginGuard, (guard) => guard.check)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("OriginGuard.check", () => {
  it.effect("passes an origin on the list, asks /projects/v1/origins once per session", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      yield* check
      yield* check
      assert.deepStrictEqual(seen, [
        "https://api.web3modal.org/projects/v1/origins?projectId=p1&st=airlock&sv=airlock-react-0.1.0"
      ])
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("refuses an origin off the list: 'Invalid App Configuration' (origin-not-allowed), kept", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "InvalidAppConfigurationError")
      if (error._tag === "InvalidAppConfigurationError") {
        assert.strictEqual(error.reason, "origin-not-allowed")
        assert.strictEqual(error.origin, "https://evil.example")
      }
      assert.strictEqual(present(error).message, "Invalid App Configuration")
      assert.strictEqual((yield* Effect.flip(check))._tag, "InvalidAppConfigurationError")
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://evil.example"))
  })

  it.effect("an empty list allows every origin; localhost passes any list", () => {
    const empty = fakeFetch(() => json({ allowedOrigins: [] }))
    const strict = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      yield* check.pipe(withGuard(empty.fetch, "https://anything.example"))
      yield* check.pipe(withGuard(strict.fetch, "http://localhost:5173"))
    })
  })

  it.effect("'Unauthorized: invalid key' is 'Invalid App Configuration' (invalid-project-id)", () => {
    const { fetch, seen } = fakeFetch(() => json({ message: "Unauthorized: invalid key" }, 401))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(
        error._tag === "InvalidAppConfigurationError" ? error.reason : error._tag,
        "invalid-project-id"
      )
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("a 403 blocks ('Invalid App Configuration') without retries", () => {
    const { fetch, seen } = fakeFetch(() => json({}, 403))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "InvalidAppConfigurationError")
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  for (const status of [429, 500, 503]) {
    it.effect(`a ${status} after 3 retries does not block the modal, and a later check asks again`, () => {
      const { fetch, seen } = fakeFetch((n) =>
        n <= 4 ? json({}, status) : json({ allowedOrigins: ["https://other.example"] })
      )
      return Effect.gen(function* () {
        // Each attempt runs under a time-out (a sleep), and each retry waits its delay (the next one).
        const fiber = yield* Effect.forkChild(check)
        yield* sleepsStarted(2)
        yield* advance(1000)
        yield* sleepsStarted(4)
        yield* advance(2000)
        yield* sleepsStarted(6)
        yield* advance(4000)
        yield* Fiber.join(fiber)
        assert.strictEqual(seen.length, 4)
        // The outage verdict was not kept: the next check fetches the list, which refuses this origin.
        const error = yield* Effect.flip(check)
        assert.strictEqual(error._tag, "InvalidAppConfigurationError")
        assert.strictEqual(seen.length, 5)
      }).pipe(withGuard(fetch, "https://app.example.com"))
    })
  }

  it.effect("a garbled list does not block", () => {
    const { fetch } = fakeFetch(() => new Response("<html>oops</html>"))
    return check.pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("a hanging origins endpoint lets the check pass after 10 s", () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}))
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(check)
      // The request's time-out is waiting.
      yield* sleepsStarted(1)
      yield* advance(9_999)
      assert.isUndefined(fiber.pollUnsafe())
      yield* advance(1)
      yield* Fiber.join(fiber)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("without a page origin (no `location`) it allows, asking nobody", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://x.example"] }))
    return Effect.gen(function* () {
      yield* check
      assert.strictEqual(seen.length, 0)
    }).pipe(withGuard(fetch, undefined))
  })

  it.effect("a blank project id is 'Project ID Not Configured', asking nobody", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: [] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "ProjectIdMissingError")
      assert.strictEqual(present(error).message, "Project ID Not Configured")
      assert.strictEqual(seen.length, 0)
    }).pipe(withGuard(fetch, "https://app.example.com", { ...configOf(), projectId: "  " }))
  })

  it.effect("OriginGuardLive reads location.origin", () => {
    vi.stubGlobal("location", { origin: "https://evil.example" })
    const { fetch } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(
        error._tag === "InvalidAppConfigurationError" ? error.origin : undefined,
        "https://evil.example"
      )
    }).pipe(
      Effect.provide(
        OriginGuardLive.pipe(
          Layer.provide(ProviderApiLive),
          Layer.provide(Layer.succeed(ModalConfig, configOf()))
        )
      ),
      Effect.provide(preloadedParts),
      Effect.provideService(HttpFetch, fetch)
    )
  })
})
