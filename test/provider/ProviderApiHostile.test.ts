// R1: 1000 hostile responses per endpoint produce valid data or a typed error, never a throw or defect
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import type { AirlockError } from "../../src/errors"
import { MAX_RESPONSE_BYTES } from "../../src/layers/provider/providerHttp"
import { WalletListing } from "../../src/schemas/WalletListing"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ProviderApi } from "../../src/services/ProviderApi"
import {
  assertHostileRuns,
  backoffSkippingClock,
  countUnhandledRejections,
  failureOf,
  type Hostile,
  hostileResponses,
  runAgainst
} from "../kit/fakeFetch"
import { apiLayer, getWallets } from "./providerApiHarness"

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
