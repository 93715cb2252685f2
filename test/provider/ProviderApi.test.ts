import { afterEach, assert, describe, it, vi } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Result from "effect/Result"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import type { AirlockError } from "../../src/errors"
import { randomUuid } from "../../src/layers/platform/randomUuid"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { isTransientStatus, MAX_RESPONSE_BYTES, retrySchedule } from "../../src/layers/provider/providerHttp"
import { buildUrl, encodePathSegment, SDK_TYPE, SDK_VERSION } from "../../src/layers/provider/providerUrl"
import { present } from "../../src/presentation"
import { WalletListing } from "../../src/schemas/WalletListing"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ProviderApi } from "../../src/services/ProviderApi"
import {
  advance,
  apiHarness,
  assertHostileRuns,
  assertTimesOutAt10s,
  backoffSkippingClock,
  countUnhandledRejections,
  failureOf,
  fakeFetch,
  type Hostile,
  hostileResponses,
  IDENTITY,
  json,
  runAgainst,
  type Seen,
  settle,
  text
} from "../kit/fakeFetch"

const { apiLayer, withApi } = apiHarness(ProviderApiLive)

const API = "https://api.web3modal.org"

const wallet = (id: string) => ({
  id,
  name: `Wallet ${id}`,
  image_id: `img-${id}`,
  rdns: null,
  chains: ["eip155:1"],
  mobile_link: null
})

afterEach(() => {
  vi.unstubAllGlobals()
})

// ---------------------------------------------------------------------------------------------------------
// Wire format
// ---------------------------------------------------------------------------------------------------------

describe("ProviderApi wire format", () => {
  it("identity constants", () => {
    assert.strictEqual(SDK_TYPE, "airlock")
    assert.strictEqual(SDK_VERSION, "airlock-react-0.1.0")
  })

  it.effect("GET /getWallets with every param, lists comma-joined, in a fixed order", () => {
    const { fetch, seen } = fakeFetch(() => json({ count: 2, data: [wallet("a"), wallet("b")] }))
    return Effect.gen(function* () {
      const api = yield* ProviderApi
      const list = yield* api.getWallets({
        page: 2,
        entries: 40,
        search: "meta mask",
        include: ["a", "b"],
        exclude: ["c"],
        chains: ["eip155:1", "eip155:137"],
        badge: "certified"
      })
      assert.strictEqual(
        seen[0]?.url,
        `${API}/getWallets?${IDENTITY}&page=2&entries=40&search=meta+mask&include=a%2Cb&exclude=c` +
          "&chains=eip155%3A1%2Ceip155%3A137&badge_type=certified"
      )
      assert.strictEqual(seen[0]?.method, "GET")
      assert.strictEqual(seen[0]?.accept, "application/json")
      assert.strictEqual(list.count, 2)
      assert.deepStrictEqual(
        list.data.map((w) => w.id),
        ["a", "b"]
      )
    }).pipe(withApi(fetch))
  })

  it.effect("GET /getWallets leaves out absent params and empty lists", () => {
    const { fetch, seen } = fakeFetch(() => json({ count: 0, data: [] }))
    return Effect.gen(function* () {
      const api = yield* ProviderApi
      yield* api.getWallets({ page: 1, entries: 4, include: [], search: "" })
      assert.strictEqual(seen[0]?.url, `${API}/getWallets?${IDENTITY}&page=1&entries=4`)
    }).pipe(withApi(fetch))
  })

  it.effect("drops invalid listings and keeps the rest", () => {
    const { fetch } = fakeFetch(() =>
      json({ count: 5, data: [wallet("a"), { id: "", name: "x" }, 42, null, wallet("b")] })
    )
    return Effect.gen(function* () {
      const list = yield* (yield* ProviderApi).getWallets({ page: 1, entries: 40 })
      assert.deepStrictEqual(
        list.data.map((w) => w.id),
        ["a", "b"]
      )
      assert.strictEqual(list.dropped, 3)
      assert.strictEqual(list.count, 5)
    }).pipe(withApi(fetch))
  })

  it.effect("keeps a path prefix of a configured apiUrl (a host's proxy)", () => {
    const { fetch, seen } = fakeFetch(() => json({ count: 0, data: [] }))
    return Effect.gen(function* () {
      const api = yield* ProviderApi
      yield* api.getWallets({ page: 1, entries: 40 })
      assert.strictEqual(seen[0]?.url, `https://proxy.example/wc/getWallets?${IDENTITY}&page=1&entries=40`)
      assert.strictEqual(api.walletImageUrl("x"), `https://proxy.example/wc/getWalletImage/x?${IDENTITY}`)
    }).pipe(withApi(fetch, { apiUrl: "https://proxy.example/wc/?drop=me" }))
  })

  it.effect("image URLs carry the identity params and an encoded id", () => {
    const { fetch, seen } = fakeFetch(() => json({}))
    return Effect.gen(function* () {
      const api = yield* ProviderApi
      assert.strictEqual(api.walletImageUrl("a3f0-77"), `${API}/getWalletImage/a3f0-77?${IDENTITY}`)
      assert.strictEqual(
        api.assetImageUrl("692ed6ba-e569"),
        `${API}/public/getAssetImage/692ed6ba-e569?${IDENTITY}`
      )
      assert.strictEqual(
        api.walletImageUrl("../x?y#z/ü"),
        `${API}/getWalletImage/..%2Fx%3Fy%23z%2F%C3%BC?${IDENTITY}`
      )
      assert.strictEqual(api.currencyImageUrl("USD"), `${API}/public/getCurrencyImage/USD?${IDENTITY}`)
      assert.strictEqual(api.tokenImageUrl("sUSD"), `${API}/public/getTokenImage/sUSD?${IDENTITY}`)
      // Segments that URL parsing would resolve away name no image.
      for (const id of ["", ".", ".."]) {
        assert.isUndefined(api.walletImageUrl(id))
        assert.isUndefined(api.assetImageUrl(id))
        assert.isUndefined(api.currencyImageUrl(id))
        assert.isUndefined(api.tokenImageUrl(id))
      }
      assert.strictEqual(seen.length, 0)
    }).pipe(withApi(fetch))
  })

  it("image URLs stay under their endpoint for any id", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (id) => {
        const segment = encodePathSegment(id)
        if (segment === undefined) return assert.include(["", ".", ".."], id)
        const url = buildUrl({ baseUrl: API, projectId: "p1" }, `getWalletImage/${segment}`)
        assert.isString(url)
        const parsed = new URL(url ?? "")
        assert.strictEqual(parsed.origin, API)
        assert.isTrue(parsed.pathname.startsWith("/getWalletImage/"))
        assert.strictEqual(decodeURIComponent(parsed.pathname.slice("/getWalletImage/".length)), id)
        assert.strictEqual(parsed.searchParams.get("projectId"), "p1")
        assert.strictEqual(parsed.hash, "")
      }),
      { numRuns: 1000 }
    )
  })

  it.effect("GET /projects/v1/origins returns the list", () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ allowedOrigins: ["https://app.example", "https://*.ex.org"] })
    )
    return Effect.gen(function* () {
      const origins = yield* (yield* ProviderApi).getAllowedOrigins
      assert.deepStrictEqual(origins, ["https://app.example", "https://*.ex.org"])
      assert.strictEqual(seen[0]?.url, `${API}/projects/v1/origins?${IDENTITY}`)
    }).pipe(withApi(fetch))
  })

  it.effect("an allow list with a bad entry is refused whole (it must not shrink to 'allow all')", () => {
    const { fetch } = fakeFetch(() => json({ allowedOrigins: [42] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* ProviderApi).getAllowedOrigins)
      assert.strictEqual(error._tag, "ProviderRequestError")
      assert.strictEqual(error._tag === "ProviderRequestError" && error.reason, "malformed-body")
    }).pipe(withApi(fetch))
  })

  it.effect("GET /getAnalyticsConfig", () => {
    const { fetch, seen } = fakeFetch(() => json({ isAnalyticsEnabled: true }))
    return Effect.gen(function* () {
      const remote = yield* (yield* ProviderApi).getAnalyticsConfig
      assert.deepStrictEqual(remote, { isAnalyticsEnabled: true })
      assert.strictEqual(seen[0]?.url, `${API}/getAnalyticsConfig?${IDENTITY}`)
    }).pipe(withApi(fetch))
  })

  it.effect(
    "POST /e on the analytics host with the FACTS §1.4 body, as a simple (text/plain) request",
    () => {
      vi.stubGlobal("location", { href: "https://app.example/swap?x=1", hostname: "app.example" })
      const { fetch, seen } = fakeFetch(() => text("ok"))
      return Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        yield* (yield* ProviderApi).sendEvent({
          type: "track",
          event: "MODAL_OPEN",
          properties: { connected: false }
        })
        assert.strictEqual(seen[0]?.url, `https://pulse.walletconnect.org/e?${IDENTITY}`)
        assert.strictEqual(seen[0]?.method, "POST")
        assert.strictEqual(seen[0]?.contentType, "text/plain")
        const body = JSON.parse(seen[0]?.body ?? "null")
        assert.match(body.eventId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        assert.deepStrictEqual(
          { ...body, eventId: "any" },
          {
            eventId: "any",
            url: "https://app.example/swap?x=1",
            domain: "app.example",
            timestamp: 1_700_000_000_000,
            props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } }
          }
        )
      }).pipe(withApi(fetch))
    }
  )

  it.effect(
    "POST /e: a 403 is 'Invalid App Configuration' (analytics-forbidden), a 500 is not retried",
    () => {
      const { fetch, seen } = fakeFetch((_request, n) => text("", n === 1 ? 403 : 500))
      return Effect.gen(function* () {
        const api = yield* ProviderApi
        const forbidden = yield* Effect.flip(api.sendEvent({ type: "track", event: "A" }))
        assert.strictEqual(forbidden._tag, "InvalidAppConfigurationError")
        if (forbidden._tag === "InvalidAppConfigurationError")
          assert.strictEqual(forbidden.reason, "analytics-forbidden")
        assert.strictEqual(present(forbidden).message, "Invalid App Configuration")
        const fiber = yield* Effect.forkChild(Effect.flip(api.sendEvent({ type: "track", event: "B" })))
        yield* advance(60_000)
        const failed = yield* Fiber.join(fiber)
        assert.strictEqual(failed._tag, "ProviderRequestError")
        assert.strictEqual(seen.length, 2)
      }).pipe(withApi(fetch))
    }
  )

  it.effect("POST /e: properties that cannot be encoded fail typed, without a request", () => {
    const { fetch, seen } = fakeFetch(() => text("ok"))
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    return Effect.gen(function* () {
      const api = yield* ProviderApi
      for (const properties of [{ big: 1n }, cyclic]) {
        const error = yield* Effect.flip(api.sendEvent({ type: "track", event: "A", properties }))
        assert.strictEqual(error._tag, "ProviderRequestError")
        if (error._tag === "ProviderRequestError") assert.strictEqual(error.reason, "invalid-request")
      }
      assert.strictEqual(seen.length, 0)
    }).pipe(withApi(fetch))
  })

  it("event ids are v4 UUIDs, also without crypto.randomUUID (insecure contexts)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    assert.match(randomUuid(), uuid)
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) })
    const ids = new Set(Array.from({ length: 100 }, randomUuid))
    assert.strictEqual(ids.size, 100)
    for (const id of ids) assert.match(id, uuid)
    vi.stubGlobal("crypto", undefined)
    assert.match(randomUuid(), uuid)
  })
})

// ---------------------------------------------------------------------------------------------------------
// Failures, retries and timeouts (TestClock)
// ---------------------------------------------------------------------------------------------------------

const getWallets = Effect.flatMap(ProviderApi, (api) => api.getWallets({ page: 1, entries: 40 }))

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

// ---------------------------------------------------------------------------------------------------------
// R1: 1000 hostile responses per endpoint produce valid data or a typed error, never a throw or defect
// ---------------------------------------------------------------------------------------------------------

const HUGE_DECLARED = "x".repeat(MAX_RESPONSE_BYTES + 10)
const HUGE_JSON = JSON.stringify({ count: 1, data: [{ id: "a", name: "y".repeat(MAX_RESPONSE_BYTES) }] })

const hostileResponse = hostileResponses({
  canned: [
    "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>",
    "<html><head><title>Just a moment...</title></head></html>",
    "",
    "null",
    "[]",
    '{"__proto__": {"polluted": true}, "count": 1, "data": []}',
    "Unauthorized: invalid key",
    '{"message":"Unauthorized: origin not allowed"}',
    "\uFEFF{}",
    "1e999999",
    `${"[".repeat(100_000)}${"]".repeat(100_000)}`
  ],
  huge: [HUGE_DECLARED, HUGE_JSON],
  errorStatuses: [201, 400, 401, 403, 404, 408, 429, 500, 502, 503, 504]
})

/** One service for all runs: the fake fetch is read from each call's context. */
const sharedApi = Effect.runSync(Effect.provide(ProviderApi, apiLayer()))

/** Runs one call against one hostile response, every retry included. */
const runHostile =
  <A>(call: (api: ProviderApi["Service"]) => Effect.Effect<A, AirlockError>) =>
  (response: Hostile) =>
    runAgainst(call(sharedApi), response)

const isWallet = Schema.is(WalletListing)
const anyWallet = fc.oneof(
  fc.record({ id: fc.string(), name: fc.string(), image_id: fc.option(fc.string()) }),
  fc.anything()
)

describe("R1: hostile provider responses", () => {
  const rejections = countUnhandledRejections()

  it("the back-off skipping clock still makes every retry", async () => {
    let requests = 0
    const fetch: typeof globalThis.fetch = async () => {
      requests++
      return new Response("", { status: 503 })
    }
    const exit = await Effect.runPromiseExit(
      getWallets.pipe(
        Effect.provideService(ProviderApi, sharedApi),
        Effect.provideService(HttpFetch, fetch),
        Effect.provideService(Clock.Clock, backoffSkippingClock)
      )
    )
    assert.strictEqual(requests, 4)
    assert.strictEqual(failureOf(exit)._tag, "ServiceUnavailableError")
  })

  it("GET /getWallets: 1000 bodies", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(fc.record({ count: fc.oneof(fc.nat(), fc.anything()), data: fc.array(anyWallet) })),
      runHostile((api) => api.getWallets({ page: 1, entries: 40 })),
      (list) => list.data.every(isWallet) && Number.isInteger(list.count)
    )
  })

  it("GET /projects/v1/origins: 1000 bodies", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(fc.record({ allowedOrigins: fc.array(fc.oneof(fc.webUrl(), fc.anything())) })),
      runHostile((api) => api.getAllowedOrigins),
      (origins) => origins.every((origin) => typeof origin === "string")
    )
  })

  it("GET /getAnalyticsConfig: 1000 bodies", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(fc.record({ isAnalyticsEnabled: fc.anything() })),
      runHostile((api) => api.getAnalyticsConfig),
      (remote) => typeof remote.isAnalyticsEnabled === "boolean"
    )
  })

  it("POST /e: 1000 answers", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(fc.anything()),
      runHostile((api) => api.sendEvent({ type: "track", event: "X" })),
      (value) => value === undefined
    )
  })

  it("no unhandled rejection during the runs above", () => {
    assert.strictEqual(rejections(), 0)
  })
})
