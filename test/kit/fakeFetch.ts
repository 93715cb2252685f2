/**
 * The harness the HTTP clients of the provider's services (ProviderApi, BlockchainApi) are tested on: a
 * fake `fetch` that records requests (from test/kit/platform.ts), responses, the TestClock steps, and
 * the hostile-response runs (R1).
 */

import { afterAll, assert, beforeAll } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import type { AirlockError } from "../../src/errors"
import { REQUEST_TIMEOUT } from "../../src/layers/provider/providerHttp"
import { SDK_TYPE, SDK_VERSION } from "../../src/layers/provider/providerUrl"
import { present } from "../../src/presentation"
import { decodeModalOptions, type ModalOptions } from "../../src/schemas/ModalOptions"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { preloadedParts } from "./lazyParts"
import { viemMainnet } from "./networks"
import { fakeFetch } from "./platform"
import { settle } from "./waits"

// The fake fetch itself is the one the test platform answers stubs with.
export { fakeFetch, json, type Respond, type Seen, text } from "./platform"

// ---------------------------------------------------------------------------------------------------------
// The service under test
// ---------------------------------------------------------------------------------------------------------

/** The query string every request carries for project `p1`. */
export const IDENTITY = `projectId=p1&st=${SDK_TYPE}&sv=${SDK_VERSION}`

export const configOf = (overrides: Record<string, unknown> = {}): ModalOptions =>
  Result.getOrThrow(decodeModalOptions({ projectId: "p1", networks: [viemMainnet], ...overrides }))

/**
 * `live` over the options `configOf(overrides)`, its code loaded already;
 * `withApi` also supplies the fetch.
 */
export const apiHarness = <I>(live: Layer.Layer<I, never, ModalConfig>) => {
  const apiLayer = (overrides: Record<string, unknown> = {}) =>
    live.pipe(Layer.provide(Layer.succeed(ModalConfig, configOf(overrides))), Layer.provide(preloadedParts))
  const withApi =
    (fetch: typeof globalThis.fetch, overrides: Record<string, unknown> = {}) =>
    <A, E>(effect: Effect.Effect<A, E, I>) =>
      effect.pipe(Effect.provide(apiLayer(overrides)), Effect.provideService(HttpFetch, fetch))
  return { apiLayer, withApi }
}

// The fake fetch's callbacks run outside the TestClock: the kit's `settle` lets them run (named here too
// for the tests that take it with the fake).
export { settle }

/** Moves the test clock by `millis`, then lets what that woke run. */
export const advance = (millis: number) => Effect.andThen(TestClock.adjust(Duration.millis(millis)), settle)

export const failureOf = <A>(exit: Exit.Exit<A, AirlockError>): AirlockError => {
  if (Exit.isSuccess(exit)) return assert.fail("expected a failure")
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isNone(failure)) return assert.fail(`expected a typed failure, got ${Cause.pretty(exit.cause)}`)
  return failure.value
}

// ---------------------------------------------------------------------------------------------------------
// R1: hostile responses
// ---------------------------------------------------------------------------------------------------------

export interface Hostile {
  readonly status: number
  readonly body: string
  readonly chunked: boolean
}

/**
 * Response bodies a hostile or broken service could send for an endpoint whose well-formed body is
 * `shaped`: that shape, other JSON, anything, truncations, binary, the service's own `canned` bodies and
 * the `huge` ones, with 200 or one of `errorStatuses`.
 */
export const hostileResponses =
  (service: {
    readonly canned: ReadonlyArray<string>
    readonly huge: ReadonlyArray<string>
    readonly errorStatuses: ReadonlyArray<number>
  }) =>
  (shaped: fc.Arbitrary<unknown>): fc.Arbitrary<Hostile> => {
    const shapedText = shaped.map((value) => String(JSON.stringify(value)))
    const body = fc.oneof(
      { weight: 3, arbitrary: shapedText },
      { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: fc.anything().map((value) => String(JSON.stringify(value))) },
      {
        weight: 2,
        arbitrary: fc.tuple(shapedText, fc.nat()).map(([t, cut]) => t.slice(0, cut % (t.length + 1)))
      },
      { weight: 1, arbitrary: fc.string({ unit: "binary" }) },
      { weight: 1, arbitrary: fc.constantFrom(...service.canned) },
      { weight: 1, arbitrary: fc.constantFrom(...service.huge) }
    )
    const status = fc.oneof(
      { weight: 6, arbitrary: fc.constant(200) },
      { weight: 3, arbitrary: fc.constantFrom(...service.errorStatuses) }
    )
    return fc.record({ status, body, chunked: fc.boolean() })
  }

/** The response, its body in one piece or streamed in 256 KB chunks. */
export const toResponse = ({ status, body, chunked }: Hostile): Response => {
  if (!chunked) return new Response(body, { status })
  const bytes = new TextEncoder().encode(body)
  let offset = 0
  return new Response(
    new ReadableStream({
      pull: (controller) => {
        if (offset >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(offset, offset + 256 * 1024))
        offset += 256 * 1024
      }
    }),
    { status }
  )
}

/**
 * A clock on which the retry back-off (under 10 s) passes at once and the 10 s timeout never fires, so
 * 1000 runs take seconds. Timing itself is tested on the TestClock; these runs are about bodies.
 */
const liveClock = Clock.Clock.defaultValue()
export const backoffSkippingClock: Clock.Clock = Object.assign(Object.create(liveClock), {
  sleep: (duration: Duration.Duration) =>
    Duration.isLessThan(duration, REQUEST_TIMEOUT) ? Effect.void : Effect.never
})

/** `call` forked: still pending a millisecond before the 10 s request timeout, failed as "timeout" at it. */
export const assertTimesOutAt10s = <A, R>(call: Effect.Effect<A, AirlockError, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(call)
    yield* settle
    yield* advance(9_999)
    assert.isUndefined(fiber.pollUnsafe())
    yield* advance(1)
    const error = failureOf(yield* Fiber.await(fiber))
    assert.strictEqual(error._tag === "ProviderRequestError" ? error.reason : error._tag, "timeout")
  })

/** Runs `call` against a fetch that answers `response` every time, each back-off skipped. */
export const runAgainst = <A>(call: Effect.Effect<A, AirlockError>, response: Hostile) =>
  Effect.runPromiseExit(
    call.pipe(
      Effect.provideService(HttpFetch, fakeFetch(() => toResponse(response)).fetch),
      Effect.provideService(Clock.Clock, backoffSkippingClock)
    )
  )

/** Valid data, or a typed error with a readable message: never a defect or an interruption. */
export const assertTypedOrValid = <A>(exit: Exit.Exit<A, AirlockError>, valid: (value: A) => boolean) => {
  if (Exit.isSuccess(exit)) return assert.isTrue(valid(exit.value))
  assert.isFalse(Cause.hasDies(exit.cause), Cause.pretty(exit.cause))
  assert.isFalse(Cause.hasInterrupts(exit.cause), Cause.pretty(exit.cause))
  const error = failureOf(exit)
  assert.isString(error._tag)
  assert.isTrue(present(error).message.length > 0)
}

/** 1000 runs of `run` over `responses`: each gives valid data or a typed error with a readable message. */
export const assertHostileRuns = <A>(
  responses: fc.Arbitrary<Hostile>,
  run: (response: Hostile) => Promise<Exit.Exit<A, AirlockError>>,
  valid: (value: A) => boolean
) =>
  fc.assert(
    fc.asyncProperty(responses, async (response) => assertTypedOrValid(await run(response), valid)),
    { numRuns: 1000 }
  )

/** Counts the unhandled promise rejections while the enclosing `describe` runs. */
export const countUnhandledRejections = () => {
  let rejections = 0
  const onRejection = () => {
    rejections++
  }
  beforeAll(() => {
    process.on("unhandledRejection", onRejection)
  })
  afterAll(() => {
    process.off("unhandledRejection", onRejection)
  })
  return () => rejections
}
