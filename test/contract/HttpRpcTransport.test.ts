import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/testing/TestClock"
import { makeHttpRpcTransport, rpcContentType, transportName } from "../../src/layers/rpc/httpRpcTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import type { RpcError, RpcRequest } from "../../src/services/RpcTransport"
import { type Anvil, startAnvil } from "./anvil"
import { rpcTransportContract } from "./RpcTransport.contract"

let anvil: Anvil | undefined

beforeAll(async () => {
  anvil = await startAnvil()
})

afterAll(async () => {
  await anvil?.stop()
})

const anvilUrl = (): string => {
  if (anvil === undefined) throw new Error("anvil is not running")
  return anvil.url
}

rpcTransportContract("HttpRpcTransport", () => makeHttpRpcTransport(anvilUrl()))

describe("HttpRpcTransport against anvil", () => {
  it.live("anvil refuses text/plain bodies, so only the provider's host gets them", () =>
    Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(anvilUrl(), { contentType: "text/plain" })
      const error = yield* Effect.flip(transport.request({ method: "eth_chainId" }))
      // The node could not read the request: JSON-RPC's id-null error, still a typed RpcResponseError.
      assert.strictEqual(error._tag, "RpcResponseError")
      if (error._tag === "RpcResponseError") assert.strictEqual(error.code, -32600)
      assert.strictEqual(rpcContentType(anvilUrl()), "application/json")
    })
  )
})

// ---------------------------------------------------------------------------------------------------------
// Wire details, on a fake fetch and TestClock
// ---------------------------------------------------------------------------------------------------------

/** What the transport must put on the wire, and nothing else. */
const WireRequest = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Schema.Number,
  method: Schema.String,
  params: Schema.optional(Schema.Unknown)
}).annotate({ parseOptions: { onExcessProperty: "error" } })
type WireRequest = typeof WireRequest.Type

const decodeWire = Schema.decodeUnknownSync(Schema.fromJsonString(WireRequest))

interface Seen {
  readonly url: string
  readonly contentType: string | null
  readonly body: WireRequest
}

const fakeFetch = (respond: (body: WireRequest, signal: AbortSignal | undefined) => Promise<Response>) => {
  const seen: Array<Seen> = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    const body = decodeWire(await request.text())
    seen.push({ url: request.url, contentType: request.headers.get("content-type"), body })
    return respond(body, init?.signal ?? undefined)
  }
  return { fetch, seen }
}

const json = (value: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } })
  )

const withFetch =
  (fetch: typeof globalThis.fetch) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    effect.pipe(Effect.provideService(HttpFetch, fetch))

const NODE = "https://node.example/rpc?key=secret"

/** How `request` to NODE fails through `fetch`, narrowed to `tag` (a failed assertion otherwise). */
const failure = <T extends RpcError["_tag"]>(fetch: typeof globalThis.fetch, request: RpcRequest, tag: T) =>
  Effect.gen(function* () {
    const transport = yield* makeHttpRpcTransport(NODE)
    const error = yield* Effect.flip(transport.request(request))
    if (error._tag !== tag) return assert.fail(`expected ${tag}, got ${error._tag}`)
    return error as Extract<RpcError, { readonly _tag: T }>
  }).pipe(withFetch(fetch))

describe("HttpRpcTransport wire format", () => {
  it.effect("POSTs JSON-RPC 2.0 with a fresh id per call and returns the echoed result", () => {
    const { fetch, seen } = fakeFetch((body) =>
      json({ jsonrpc: "2.0", id: body.id, result: `r${String(body.id)}` })
    )
    return Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(NODE)
      const results = yield* Effect.all(
        [
          transport.request({ method: "eth_blockNumber" }),
          transport.request({ method: "eth_getBalance", params: ["0xabc", "latest"] }),
          transport.request({ method: "getBalance", params: { address: "x" } })
        ],
        { concurrency: "unbounded" }
      )
      const ids = seen.map(({ body }) => body.id)
      assert.strictEqual(new Set(ids).size, 3)
      assert.deepStrictEqual(results.slice().sort(), ids.map((id) => `r${String(id)}`).sort())
      const sent = (method: string) => {
        const body = seen.find((entry) => entry.body.method === method)?.body
        return body === undefined ? undefined : { ...body, id: "any" }
      }
      assert.deepStrictEqual(sent("eth_getBalance"), {
        jsonrpc: "2.0",
        id: "any",
        method: "eth_getBalance",
        params: ["0xabc", "latest"]
      })
      assert.deepStrictEqual(sent("getBalance"), {
        jsonrpc: "2.0",
        id: "any",
        method: "getBalance",
        params: { address: "x" }
      })
      // No params: the key is left out rather than sent as null.
      assert.deepStrictEqual(sent("eth_blockNumber"), {
        jsonrpc: "2.0",
        id: "any",
        method: "eth_blockNumber"
      })
      assert.strictEqual(seen[0]?.url, NODE)
      assert.strictEqual(seen[0]?.contentType, "application/json")
      assert.strictEqual(transport.name, "https://node.example/rpc")
    }).pipe(withFetch(fetch))
  })

  it.effect("sends text/plain to the provider's RPC host (no CORS preflight)", () => {
    const { fetch, seen } = fakeFetch((body) =>
      json({ jsonrpc: "2.0", id: body.id, result: "0x1", ok: true })
    )
    return Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(
        "https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=p"
      )
      assert.strictEqual(yield* transport.request({ method: "eth_chainId" }), "0x1")
      assert.strictEqual(seen[0]?.contentType, "text/plain")
      assert.strictEqual(transport.name, "https://rpc.walletconnect.org/v1/")
    }).pipe(withFetch(fetch))
  })

  it.effect("a null result is a success", () => {
    const { fetch } = fakeFetch((body) => json({ jsonrpc: "2.0", id: body.id, result: null }))
    return Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(NODE)
      assert.isNull(yield* transport.request({ method: "eth_getTransactionReceipt", params: ["0x1"] }))
    }).pipe(withFetch(fetch))
  })

  it.effect("a JSON-RPC error keeps code, message and data", () => {
    const { fetch } = fakeFetch((body) =>
      json({
        jsonrpc: "2.0",
        id: body.id,
        error: { code: 3, message: "execution reverted: no", data: "0x08c379a0" }
      })
    )
    return Effect.map(failure(fetch, { method: "eth_call" }, "RpcResponseError"), (error) => {
      assert.strictEqual(error.code, 3)
      assert.strictEqual(error.message, "execution reverted: no")
      assert.strictEqual(error.data, "0x08c379a0")
      assert.strictEqual(error.method, "eth_call")
    })
  })

  it.effect("a non-2xx status is RpcHttpError with the status and the start of the body", () => {
    const { fetch } = fakeFetch(() => Promise.resolve(new Response("rate limited", { status: 429 })))
    return Effect.map(failure(fetch, { method: "eth_chainId" }, "RpcHttpError"), (error) => {
      assert.strictEqual(error.status, 429)
      assert.strictEqual(error.body, "rate limited")
      assert.include(error.message, "429")
    })
  })

  const undecodable: ReadonlyArray<readonly [string, (id: unknown) => Promise<Response>]> = [
    ["HTML instead of JSON", () => Promise.resolve(new Response("<html>bad gateway</html>"))],
    ["JSON that is not JSON-RPC", () => json({ hello: "world" })],
    [
      "a response to another request",
      (id) => json({ jsonrpc: "2.0", id: `${String(id)}-other`, result: "0x1" })
    ],
    ["neither result nor error", (id) => json({ jsonrpc: "2.0", id })],
    ["a JSON-RPC 1.0 envelope", (id) => json({ id, result: "0x1", error: null })],
    [
      "an error object without a numeric code",
      (id) => json({ jsonrpc: "2.0", id, error: { code: "x", message: "m" } })
    ]
  ]
  for (const [label, respond] of undecodable) {
    it.effect(`${label} is RpcDecodeError`, () => {
      const { fetch } = fakeFetch((body) => respond(body.id))
      return Effect.asVoid(failure(fetch, { method: "eth_chainId" }, "RpcDecodeError"))
    })
  }

  it.effect("a network failure is RpcTransportError (Transport)", () => {
    const fetch: typeof globalThis.fetch = () => Promise.reject(new TypeError("fetch failed"))
    return Effect.map(failure(fetch, { method: "eth_chainId" }, "RpcTransportError"), (error) =>
      assert.strictEqual(error.reason, "Transport")
    )
  })

  it.effect("params that cannot be encoded fail as RpcTransportError (Encode) without a request", () => {
    const { fetch, seen } = fakeFetch((body) => json({ jsonrpc: "2.0", id: body.id, result: 1 }))
    return Effect.map(
      failure(fetch, { method: "eth_getBalance", params: [10n] }, "RpcTransportError"),
      (error) => {
        assert.strictEqual(error.reason, "Encode")
        assert.strictEqual(seen.length, 0)
      }
    )
  })

  it.effect("times out after 10 s by default and aborts the fetch", () => {
    let aborted = false
    const { fetch } = fakeFetch(
      (_body, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener("abort", () => {
            aborted = true
            reject(signal.reason)
          })
        })
    )
    return Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(NODE)
      const fiber = yield* Effect.forkChild(Effect.flip(transport.request({ method: "eth_chainId" })))
      yield* TestClock.adjust("9999 millis")
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust("1 millis")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "RpcTimeoutError")
      if (error._tag === "RpcTimeoutError") assert.strictEqual(error.timeoutMs, 10_000)
      assert.isTrue(aborted)
    }).pipe(withFetch(fetch))
  })

  it.effect("takes a custom timeout", () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}))
    return Effect.gen(function* () {
      const transport = yield* makeHttpRpcTransport(NODE, { timeout: "2 seconds" })
      const fiber = yield* Effect.forkChild(Effect.flip(transport.request({ method: "eth_chainId" })))
      yield* TestClock.adjust("2 seconds")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "RpcTimeoutError")
    }).pipe(withFetch(fetch))
  })

  it("names a transport by its URL without query", () => {
    assert.strictEqual(transportName("https://a.example/v3/key?projectId=p#x"), "https://a.example/v3/key")
    assert.strictEqual(transportName("not a url"), "not a url")
    assert.strictEqual(rpcContentType("https://rpc.walletconnect.org/v1"), "text/plain")
    assert.strictEqual(rpcContentType("https://eth.merkle.io"), "application/json")
  })
})
