import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import type { AirlockError } from "../../src/errors"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { MAX_RESPONSE_BYTES } from "../../src/layers/provider/providerHttp"
import { present } from "../../src/presentation"
import { TokenBalance } from "../../src/schemas/Balance"
import { Identity } from "../../src/schemas/Identity"
import { Transaction } from "../../src/schemas/Transaction"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import {
  advance,
  apiHarness,
  assertHostileRuns,
  assertTimesOutAt10s,
  countUnhandledRejections,
  failureOf,
  fakeFetch,
  type Hostile,
  hostileResponses,
  IDENTITY,
  json,
  runAgainst,
  settle,
  text
} from "../kit/fakeFetch"

const { apiLayer, withApi } = apiHarness(BlockchainApiLive)

const RPC = "https://rpc.walletconnect.org"
const ADDRESS = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"

const token = (symbol: string) => ({
  name: symbol,
  symbol,
  chainId: "eip155:1",
  address: null,
  value: 12.5,
  price: 2500,
  quantity: { decimals: "18", numeric: "0.005" },
  iconUrl: "https://cdn.example/eth.png"
})

const transaction = (id: string) => ({
  id,
  metadata: {
    operationType: "send",
    hash: `0x${id}`,
    chain: "eip155:1",
    minedAt: "2024-05-01T10:00:00Z",
    sentFrom: ADDRESS,
    sentTo: "0x0000000000000000000000000000000000000001",
    status: "confirmed",
    nonce: 1
  },
  transfers: null
})

// ---------------------------------------------------------------------------------------------------------
// Wire format
// ---------------------------------------------------------------------------------------------------------

describe("BlockchainApi wire format", () => {
  it.effect("GET v1/supported-chains, asked once for the layer's life after a success", () => {
    const { fetch, seen } = fakeFetch(() => json({ http: ["eip155:1", "eip155:137"], ws: ["eip155:1"] }))
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const first = yield* api.supportedChains
      const second = yield* api.supportedChains
      assert.deepStrictEqual(first, { http: ["eip155:1", "eip155:137"], ws: ["eip155:1"] })
      assert.deepStrictEqual(second, first)
      assert.strictEqual(seen.length, 1)
      assert.strictEqual(seen[0]?.url, `${RPC}/v1/supported-chains?${IDENTITY}`)
      assert.strictEqual(seen[0]?.method, "GET")
    }).pipe(withApi(fetch))
  })

  it.effect("supported chains: concurrent first callers share one request; a failure is not kept", () => {
    const { fetch, seen } = fakeFetch((_r, n) =>
      n === 1 ? text("", 404) : json({ http: ["eip155:1"], ws: [] })
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const failed = yield* Effect.flip(api.supportedChains)
      assert.strictEqual(failed._tag, "ProviderRequestError")
      const all = yield* Effect.all([api.supportedChains, api.supportedChains, api.supportedChains], {
        concurrency: "unbounded"
      })
      assert.deepStrictEqual(
        all.map((chains) => chains.http),
        [["eip155:1"], ["eip155:1"], ["eip155:1"]]
      )
      assert.strictEqual(seen.length, 2)
    }).pipe(withApi(fetch))
  })

  it.effect("supported chains: non-string ids are dropped, a missing ws list is empty", () => {
    const { fetch } = fakeFetch(() => json({ http: ["eip155:1", 5, null, { id: 1 }, "solana:x"] }))
    return Effect.gen(function* () {
      const chains = yield* (yield* BlockchainApi).supportedChains
      assert.deepStrictEqual(chains, { http: ["eip155:1", "solana:x"], ws: [] })
    }).pipe(withApi(fetch))
  })

  it.effect("GET /v1/account/{address}/balance?currency=usd&chainId=…[&forceUpdate=true]", () => {
    const { fetch, seen } = fakeFetch(() => json({ balances: [token("ETH"), { symbol: 1 }, token("USDC")] }))
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const decoded = yield* api.balance(ADDRESS, "eip155:1")
      yield* api.balance(ADDRESS, "eip155:1", { forceUpdate: true })
      yield* api.balance(ADDRESS, "eip155:1", { forceUpdate: false })
      assert.deepStrictEqual(
        seen.map((s) => s.url),
        [
          `${RPC}/v1/account/${ADDRESS}/balance?${IDENTITY}&currency=usd&chainId=eip155%3A1`,
          `${RPC}/v1/account/${ADDRESS}/balance?${IDENTITY}&currency=usd&chainId=eip155%3A1&forceUpdate=true`,
          `${RPC}/v1/account/${ADDRESS}/balance?${IDENTITY}&currency=usd&chainId=eip155%3A1`
        ]
      )
      assert.deepStrictEqual(
        decoded.balances.map((b) => b.symbol),
        ["ETH", "USDC"]
      )
      assert.strictEqual(decoded.dropped, 1)
    }).pipe(withApi(fetch))
  })

  it.effect("GET /v1/account/{address}/history[?cursor&chainId]", () => {
    const { fetch, seen } = fakeFetch(() =>
      json({ data: [transaction("a"), { id: 3 }, transaction("b")], next: "cursor-2" })
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const page = yield* api.history(ADDRESS, { chainId: "eip155:1", cursor: "c 1" })
      yield* api.history(ADDRESS, {})
      assert.deepStrictEqual(
        seen.map((s) => s.url),
        [
          `${RPC}/v1/account/${ADDRESS}/history?${IDENTITY}&cursor=c+1&chainId=eip155%3A1`,
          `${RPC}/v1/account/${ADDRESS}/history?${IDENTITY}`
        ]
      )
      assert.deepStrictEqual(
        page.data.map((t) => t.id),
        ["a", "b"]
      )
      assert.strictEqual(page.next, "cursor-2")
      assert.strictEqual(page.dropped, 1)
    }).pipe(withApi(fetch))
  })

  it.effect("GET /v1/identity/{address}[?sender]: null reads as undefined", () => {
    const { fetch, seen } = fakeFetch((_r, n) =>
      json(
        n === 1 ? { name: "vitalik.eth", avatar: null } : { name: null, avatar: "https://a.example/x.png" }
      )
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const first = yield* api.identity(ADDRESS, { sender: "0xdef" })
      const second = yield* api.identity(ADDRESS)
      assert.deepStrictEqual(first, { name: "vitalik.eth", avatar: undefined })
      assert.deepStrictEqual(second, { name: undefined, avatar: "https://a.example/x.png" })
      assert.deepStrictEqual(
        seen.map((s) => s.url),
        [
          `${RPC}/v1/identity/${ADDRESS}?${IDENTITY}&sender=0xdef`,
          `${RPC}/v1/identity/${ADDRESS}?${IDENTITY}`
        ]
      )
    }).pipe(withApi(fetch))
  })

  it.effect(
    "addresses are one encoded path segment; `.`, `..` and empty are refused without a request",
    () => {
      const { fetch, seen } = fakeFetch(() => json({ name: null, avatar: null }))
      return Effect.gen(function* () {
        const api = yield* BlockchainApi
        yield* api.identity("../../v1/sessions?x=1#y")
        assert.strictEqual(seen[0]?.url, `${RPC}/v1/identity/..%2F..%2Fv1%2Fsessions%3Fx%3D1%23y?${IDENTITY}`)
        for (const address of ["", ".", ".."]) {
          const calls: ReadonlyArray<Effect.Effect<unknown, AirlockError>> = [
            api.identity(address),
            api.balance(address, "eip155:1"),
            api.history(address, {})
          ]
          for (const call of calls) {
            const error = yield* Effect.flip(call)
            assert.strictEqual(
              error._tag === "ProviderRequestError" ? error.reason : error._tag,
              "invalid-request"
            )
          }
        }
        assert.strictEqual(seen.length, 1)
      }).pipe(withApi(fetch))
    }
  )

  it.effect("uses a configured blockchainApiUrl", () => {
    const { fetch, seen } = fakeFetch(() => json({ http: [], ws: [] }))
    return Effect.gen(function* () {
      yield* (yield* BlockchainApi).supportedChains
      assert.strictEqual(seen[0]?.url, `http://localhost:8545/bapi/v1/supported-chains?${IDENTITY}`)
    }).pipe(withApi(fetch, { blockchainApiUrl: "http://localhost:8545/bapi" }))
  })
})

// ---------------------------------------------------------------------------------------------------------
// Failures on the shared plumbing
// ---------------------------------------------------------------------------------------------------------

describe("BlockchainApi failures", () => {
  it.effect("403 on balance is 'Invalid App Configuration', never retried", () => {
    const { fetch, seen } = fakeFetch(() => text("Forbidden", 403))
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* BlockchainApi).balance(ADDRESS, "eip155:1"))
      yield* advance(60_000)
      const error = failureOf(yield* Fiber.await(fiber))
      assert.strictEqual(present(error).message, "Invalid App Configuration")
      assert.strictEqual(seen.length, 1)
    }).pipe(withApi(fetch))
  })

  it.effect("503 on history: retried after 1 s, 2 s, 4 s, then ServiceUnavailableError", () => {
    const { fetch, seen } = fakeFetch(() => text("", 503))
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* BlockchainApi).history(ADDRESS, {}))
      yield* settle
      const counts = [seen.length]
      for (const step of [999, 1, 1999, 1, 3999, 1, 60_000]) {
        yield* advance(step)
        counts.push(seen.length)
      }
      assert.deepStrictEqual(counts, [1, 1, 2, 2, 3, 3, 4, 4])
      assert.strictEqual(failureOf(yield* Fiber.await(fiber))._tag, "ServiceUnavailableError")
    }).pipe(withApi(fetch))
  })

  it.effect("429 on identity: 3 retries, then a typed error", () => {
    const { fetch, seen } = fakeFetch(() => json({ message: "Too Many Requests" }, 429))
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild((yield* BlockchainApi).identity(ADDRESS))
      yield* settle
      yield* advance(1000)
      yield* advance(2000)
      yield* advance(4000)
      const error = failureOf(yield* Fiber.await(fiber))
      assert.strictEqual(seen.length, 4)
      assert.strictEqual(error._tag === "ProviderRequestError" ? error.status : undefined, 429)
    }).pipe(withApi(fetch))
  })

  it.effect("a hanging supported-chains request times out at 10 s", () => {
    const { fetch, seen } = fakeFetch(() => new Promise<Response>(() => {}))
    return Effect.gen(function* () {
      yield* assertTimesOutAt10s(Effect.flatMap(BlockchainApi, (api) => api.supportedChains))
      assert.isTrue(seen[0]?.aborted)
    }).pipe(withApi(fetch))
  })
})

// ---------------------------------------------------------------------------------------------------------
// R1: 1000 hostile responses per endpoint
// ---------------------------------------------------------------------------------------------------------

const HUGE = "x".repeat(MAX_RESPONSE_BYTES + 10)
const HUGE_JSON = JSON.stringify({ balances: [{ name: "y".repeat(MAX_RESPONSE_BYTES) }] })

const hostileResponse = hostileResponses({
  canned: [
    "<!DOCTYPE html><html><body><h1>504 Gateway Time-out</h1></body></html>",
    "",
    "null",
    "{}",
    '{"__proto__": {"polluted": true}}',
    '{"reasons":[{"description":"Name not found"}]}',
    "JWT validation error: JWT Token is not yet valid",
    `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`
  ],
  huge: [HUGE, HUGE_JSON],
  errorStatuses: [201, 400, 401, 403, 404, 429, 500, 502, 503]
})

const hostileLayer = apiLayer()

/** A fresh service per run, so the supported-chains cache does not hide later bodies. */
const runHostile =
  <A>(call: (api: BlockchainApi["Service"]) => Effect.Effect<A, AirlockError>) =>
  (response: Hostile) =>
    runAgainst(call(Effect.runSync(Effect.provide(BlockchainApi, hostileLayer))), response)

const isToken = Schema.is(TokenBalance)
const isTransaction = Schema.is(Transaction)
const isIdentity = Schema.is(Schema.toType(Identity))
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.anything())

describe("R1: hostile Blockchain API responses", () => {
  const rejections = countUnhandledRejections()

  it("GET v1/supported-chains: 1000 bodies", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(fc.record({ http: fc.array(maybe(fc.string())), ws: maybe(fc.array(fc.string())) })),
      runHostile((api) => api.supportedChains),
      (chains) =>
        chains.http.every((id) => typeof id === "string") && chains.ws.every((id) => typeof id === "string")
    )
  })

  it("GET /v1/account/{address}/balance: 1000 bodies", { timeout: 120_000 }, async () => {
    const tokenArb = maybe(
      fc.record({
        name: fc.string(),
        symbol: fc.string(),
        chainId: fc.constant("eip155:1"),
        value: maybe(fc.double()),
        price: fc.double(),
        quantity: fc.record({ decimals: fc.stringMatching(/^\d{1,2}$/), numeric: fc.string() }),
        iconUrl: fc.string()
      })
    )
    await assertHostileRuns(
      hostileResponse(fc.record({ balances: fc.array(tokenArb) })),
      runHostile((api) => api.balance(ADDRESS, "eip155:1")),
      (decoded) => decoded.balances.every(isToken)
    )
  })

  it("GET /v1/account/{address}/history: 1000 bodies", { timeout: 120_000 }, async () => {
    const transactionArb = maybe(fc.string({ minLength: 1 }).map(transaction))
    await assertHostileRuns(
      hostileResponse(fc.record({ data: fc.array(transactionArb), next: maybe(fc.option(fc.string())) })),
      runHostile((api) => api.history(ADDRESS, { chainId: "eip155:1" })),
      (page) => page.data.every(isTransaction) && (page.next === undefined || typeof page.next === "string")
    )
  })

  it("GET /v1/identity/{address}: 1000 bodies", { timeout: 120_000 }, async () => {
    await assertHostileRuns(
      hostileResponse(
        fc.record({ name: maybe(fc.option(fc.string())), avatar: maybe(fc.option(fc.webUrl())) })
      ),
      runHostile((api) => api.identity(ADDRESS)),
      isIdentity
    )
  })

  it("no unhandled rejection during the runs above", () => {
    assert.strictEqual(rejections(), 0)
  })
})
