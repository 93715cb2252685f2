// Failures, retries and timeouts (TestClock)
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import { isTransientStatus, MAX_RESPONSE_BYTES, retrySchedule } from "../../src/layers/provider/providerHttp"
import { present } from "../../src/presentation"
import type { ProviderApi } from "../../src/services/ProviderApi"
import {
  advance,
  assertTimesOutAt10s,
  failureOf,
  fakeFetch,
  json,
  type Seen,
  settle,
  text
} from "../kit/fakeFetch"
import { getWallets, wallet, withApi } from "./providerApiHarness"

/** Runs `effect` in a fiber and returns the request count after each of `steps` (ms) of clock. */
const countsOver = <A, E>(
  effect: Effect.Effect<A, E, ProviderApi>,
  seen: ReadonlyArray<Seen>,
  steps: ReadonlyArray<number>
) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* settle
    const counts = [seen.length]
    for (const step of steps) {
      yield* advance(step)
      counts.push(seen.length)
    }
    return { counts, exit: yield* Fiber.await(fiber) }
  })

describe("ProviderApi failures", () => {
  it.effect("403 is 'Invalid App Configuration' at once, never retried", () => {
    const { fetch, seen } = fakeFetch(() => json({ message: "Forbidden" }, 403))
    return Effect.gen(function* () {
      const { counts, exit } = yield* countsOver(getWallets, seen, [60_000])
      const error = failureOf(exit)
      assert.deepStrictEqual(counts, [1, 1])
      assert.strictEqual(error._tag, "InvalidAppConfigurationError")
      assert.strictEqual(present(error).message, "Invalid App Configuration")
      if (error._tag === "InvalidAppConfigurationError") assert.strictEqual(error.status, 403)
    }).pipe(withApi(fetch))
  })

  it.effect("'Unauthorized: invalid key' names the project id, even on a 5xx, and is not retried", () => {
    const { fetch, seen } = fakeFetch(() => json({ error: "Unauthorized: invalid key" }, 500))
    return Effect.gen(function* () {
      const { counts, exit } = yield* countsOver(getWallets, seen, [60_000])
      const error = failureOf(exit)
      assert.deepStrictEqual(counts, [1, 1])
      assert.strictEqual(
        error._tag === "InvalidAppConfigurationError" ? error.reason : error._tag,
        "invalid-project-id"
      )
    }).pipe(withApi(fetch))
  })

  it.effect("503 is retried 3 times (1 s, 2 s, 4 s) and then ServiceUnavailableError", () => {
    const { fetch, seen } = fakeFetch(() => text("Service Unavailable", 503))
    return Effect.gen(function* () {
      const { counts, exit } = yield* countsOver(getWallets, seen, [999, 1, 1999, 1, 3999, 1, 60_000])
      assert.deepStrictEqual(counts, [1, 1, 2, 2, 3, 3, 4, 4])
      assert.strictEqual(failureOf(exit)._tag, "ServiceUnavailableError")
    }).pipe(withApi(fetch))
  })

  for (const status of [429, 500, 502, 504]) {
    it.effect(`${status} is retried 3 times (1 s, 2 s, 4 s) and then a typed ProviderRequestError`, () => {
      const { fetch, seen } = fakeFetch(() => text("<html><h1>Bad things</h1></html>", status))
      return Effect.gen(function* () {
        const { counts, exit } = yield* countsOver(getWallets, seen, [999, 1, 1999, 1, 3999, 1, 60_000])
        assert.deepStrictEqual(counts, [1, 1, 2, 2, 3, 3, 4, 4])
        const error = failureOf(exit)
        assert.strictEqual(error._tag, "ProviderRequestError")
        if (error._tag === "ProviderRequestError") {
          assert.strictEqual(error.reason, "status")
          assert.strictEqual(error.status, status)
          assert.strictEqual(error.endpoint, "/getWallets")
        }
      }).pipe(withApi(fetch))
    })
  }

  it.effect("a network failure is retried the same way, then ProviderRequestError (network)", () => {
    const { fetch, seen } = fakeFetch(() => Promise.reject(new TypeError("Failed to fetch")))
    return Effect.gen(function* () {
      const { counts, exit } = yield* countsOver(getWallets, seen, [1000, 2000, 4000, 60_000])
      assert.deepStrictEqual(counts, [1, 2, 3, 4, 4])
      const error = failureOf(exit)
      assert.strictEqual(error._tag === "ProviderRequestError" ? error.reason : error._tag, "network")
    }).pipe(withApi(fetch))
  })

  it.effect("a retry that succeeds returns the data", () => {
    const { fetch, seen } = fakeFetch((_r, n) =>
      n < 3 ? text("", 500) : json({ count: 1, data: [wallet("a")] })
    )
    return Effect.gen(function* () {
      const { counts, exit } = yield* countsOver(getWallets, seen, [1000, 2000, 60_000])
      assert.deepStrictEqual(counts, [1, 2, 3, 3])
      assert.isTrue(Exit.isSuccess(exit))
      if (Exit.isSuccess(exit)) assert.strictEqual(exit.value.data[0]?.id, "a")
    }).pipe(withApi(fetch))
  })

  for (const status of [400, 401, 404, 409, 501]) {
    it.effect(`${status} is an answer, not retried`, () => {
      const { fetch, seen } = fakeFetch(() => text("nope", status))
      return Effect.gen(function* () {
        const { counts, exit } = yield* countsOver(getWallets, seen, [60_000])
        assert.deepStrictEqual(counts, [1, 1])
        const error = failureOf(exit)
        assert.strictEqual(error._tag === "ProviderRequestError" ? error.status : undefined, status)
      }).pipe(withApi(fetch))
    })
  }

  it.effect("a hanging fetch times out at 10 s, is aborted and not retried", () => {
    const { fetch, seen } = fakeFetch(() => new Promise<Response>(() => {}))
    return Effect.gen(function* () {
      yield* assertTimesOutAt10s(getWallets)
      assert.isTrue(seen[0]?.aborted)
      yield* advance(60_000)
      assert.strictEqual(seen.length, 1)
    }).pipe(withApi(fetch))
  })

  it.effect("a body that never ends times out at 10 s too (the timeout covers reading)", () => {
    const { fetch } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode('{"count":'))
          }),
          { status: 200 }
        )
    )
    return Effect.gen(function* () {
      yield* assertTimesOutAt10s(getWallets)
    }).pipe(withApi(fetch))
  })

  it.effect("a declared body over 2 MB is refused unparsed, and the download aborted", () => {
    let pulled = 0
    const { fetch, seen } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            pull: (controller) => {
              pulled++
              controller.enqueue(new Uint8Array(1024))
            }
          }),
          { status: 200, headers: { "content-length": String(MAX_RESPONSE_BYTES + 1) } }
        )
    )
    return Effect.gen(function* () {
      const error = yield* Effect.flip(getWallets)
      assert.strictEqual(error._tag === "ProviderRequestError" ? error.reason : error._tag, "too-large")
      // The stream has to start for the abort to reach it: a chunk or two, not 2 MB.
      assert.isAtMost(pulled, 2)
      assert.isTrue(seen[0]?.aborted)
    }).pipe(withApi(fetch))
  })

  it.effect("an undeclared stream is cut off once it passes 2 MB", () => {
    let sent = 0
    const { fetch, seen } = fakeFetch(
      () =>
        new Response(
          new ReadableStream({
            pull: (controller) => {
              sent += 64 * 1024
              controller.enqueue(new Uint8Array(64 * 1024).fill(0x20))
            }
          }),
          { status: 200 }
        )
    )
    return Effect.gen(function* () {
      const error = yield* Effect.flip(getWallets)
      assert.strictEqual(error._tag === "ProviderRequestError" ? error.reason : error._tag, "too-large")
      assert.isBelow(sent, MAX_RESPONSE_BYTES + 512 * 1024)
      assert.isTrue(seen[0]?.aborted)
    }).pipe(withApi(fetch))
  })

  it.effect("a body of exactly 2 MB is read", () => {
    const padding = " ".repeat(MAX_RESPONSE_BYTES - JSON.stringify({ count: 0, data: [] }).length)
    const { fetch } = fakeFetch(() => text(`${JSON.stringify({ count: 0, data: [] })}${padding}`))
    return Effect.gen(function* () {
      const list = yield* getWallets
      assert.strictEqual(list.count, 0)
    }).pipe(withApi(fetch))
  })

  const malformed: ReadonlyArray<readonly [string, () => Response]> = [
    ["truncated JSON", () => text('{"count": 3, "data": [{"id":')],
    ["an HTML page with 200", () => text("<!doctype html><title>Oops</title>")],
    ["an empty body", () => new Response(null, { status: 200 })],
    ["invalid UTF-8", () => new Response(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { status: 200 })]
  ]
  for (const [label, respond] of malformed) {
    it.effect(`${label} is ProviderRequestError (malformed-body), not retried`, () => {
      const { fetch, seen } = fakeFetch(respond)
      return Effect.gen(function* () {
        const { counts, exit } = yield* countsOver(getWallets, seen, [60_000])
        assert.deepStrictEqual(counts, [1, 1])
        const error = failureOf(exit)
        assert.strictEqual(
          error._tag === "ProviderRequestError" ? error.reason : error._tag,
          "malformed-body"
        )
      }).pipe(withApi(fetch))
    })
  }

  it.effect("JSON of the wrong shape is a malformed body; the decode failure is only its cause", () => {
    const { fetch } = fakeFetch(() =>
      json({ count: "Your wallet is compromised. Go to https://evil.example", data: {} })
    )
    return Effect.gen(function* () {
      const error = yield* Effect.flip(getWallets)
      assert.strictEqual(error._tag, "ProviderRequestError")
      assert.strictEqual(error._tag === "ProviderRequestError" && error.reason, "malformed-body")
      assert.strictEqual((error.cause as { _tag?: string } | undefined)?._tag, "SchemaDecodeError")
      // What the visitor would see: the catalogue's words, not the body's.
      assert.strictEqual(present(error).message, "Network request failed. Try again later.")
      assert.notInclude(present(error).message, "evil")
    }).pipe(withApi(fetch))
  })

  it.effect("an error never carries the project id in its endpoint", () => {
    const { fetch } = fakeFetch(() => text("", 404))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(getWallets)
      assert.strictEqual(error._tag === "ProviderRequestError" ? error.endpoint : "", "/getWallets")
      assert.notInclude(JSON.stringify(error), "p1")
    }).pipe(withApi(fetch))
  })
})

describe("retry policy", () => {
  /** The delays the schedule asks for over `times + 3` failures at time 0, until it is done. */
  const delaysOf = (times: number) =>
    Effect.gen(function* () {
      const step = yield* Schedule.toStep(retrySchedule(times))
      const delays: Array<number> = []
      for (let input = 0; input < times + 3; input++) {
        const decision = yield* Effect.result(step(0, input))
        if (Result.isFailure(decision)) break
        delays.push(Duration.toMillis(decision.success[1]))
      }
      return delays.slice(0, times)
    })

  it.effect("1 s doubling, 3 retries", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* delaysOf(3), [1000, 2000, 4000])
    })
  )

  it.effect("capped at 30 s when more retries are allowed", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* delaysOf(8), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    })
  )

  it("transient statuses: 408, 429 and 5xx except 501/505; never 403", () => {
    for (const status of [408, 429, 500, 502, 503, 504, 599])
      assert.isTrue(isTransientStatus(status), String(status))
    for (const status of [200, 301, 400, 401, 403, 404, 409, 422, 501, 505, 600])
      assert.isFalse(isTransientStatus(status), String(status))
  })
})
