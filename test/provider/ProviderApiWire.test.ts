// Wire format
import { afterEach, assert, describe, it, vi } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { randomUuid } from "../../src/layers/platform/randomUuid"
import { buildUrl, encodePathSegment, SDK_TYPE, SDK_VERSION } from "../../src/layers/provider/providerUrl"
import { present } from "../../src/presentation"
import { ProviderApi } from "../../src/services/ProviderApi"
import { advance, fakeFetch, IDENTITY, json, text } from "../kit/fakeFetch"
import { wallet, withApi } from "./providerApiHarness"

const API = "https://api.web3modal.org"

afterEach(() => {
  vi.unstubAllGlobals()
})

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
