/**
 * The Blockchain API's account-name and onramp endpoints (issue 15 item 5; FACTS.md §1.5): the request
 * each sends (paths as one encoded segment, POST bodies), the answer decoded with bad items dropped and
 * lists bounded, amounts read whether numbers or strings, and a URL that is not http(s) refused.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { MAX_NAME_SUGGESTIONS } from "../../src/schemas/Profile"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { apiHarness, fakeFetch, IDENTITY, json } from "../kit/fakeFetch"

const { withApi } = apiHarness(BlockchainApiLive)

const RPC = "https://rpc.walletconnect.org"
const ADDRESS = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"
const profile = (name: string) => ({
  name,
  registered_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
  addresses: { "60": { address: ADDRESS, created: "2026-11-01T00:00:00Z" } },
  attributes: []
})

describe("BlockchainApi names", () => {
  it.effect("a name, an address's names, suggestions and registering, each as the API shapes them", () => {
    const { fetch, seen } = fakeFetch((request) => {
      const { pathname } = new URL(request.url)
      if (pathname.startsWith("/v1/profile/reverse/")) return json([profile("ada.reown.id"), { name: 5 }])
      if (pathname.startsWith("/v1/profile/suggestions/"))
        return json({
          suggestions: [
            ...Array.from({ length: MAX_NAME_SUGGESTIONS + 3 }, (_, i) => ({
              name: `ada${i}.reown.id`,
              registered: false
            })),
            { name: "x" }
          ]
        })
      return json(profile("ada.reown.id"))
    })
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      assert.strictEqual((yield* api.profile("ada.reown.id")).addresses["60"]?.address, ADDRESS)
      const names = yield* api.reverseProfiles(ADDRESS, { sender: ADDRESS })
      assert.deepStrictEqual(
        names.map((p) => p.name),
        ["ada.reown.id"]
      )
      assert.strictEqual((yield* api.nameSuggestions("ada")).length, MAX_NAME_SUGGESTIONS)
      yield* api.registerName({ coinType: 60, address: ADDRESS, message: "{}", signature: "0x01" })
      assert.deepStrictEqual(
        seen.map((s) => `${s.method} ${s.url}`),
        [
          `GET ${RPC}/v1/profile/account/ada.reown.id?${IDENTITY}&apiVersion=2`,
          `GET ${RPC}/v1/profile/reverse/${ADDRESS}?${IDENTITY}&sender=${ADDRESS}&apiVersion=2`,
          `GET ${RPC}/v1/profile/suggestions/ada?${IDENTITY}&zone=reown.id`,
          `POST ${RPC}/v1/profile/account?${IDENTITY}`
        ]
      )
      assert.deepStrictEqual(JSON.parse(seen[3]!.body ?? "{}"), {
        coin_type: 60,
        address: ADDRESS,
        message: "{}",
        signature: "0x01"
      })
    }).pipe(withApi(fetch))
  })

  it.effect("a name that is not one path segment is refused without a request", () => {
    const { fetch, seen } = fakeFetch(() => json(profile("x")))
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const refused = yield* Effect.flip(api.profile(".."))
      assert.strictEqual(refused._tag === "ProviderRequestError" && refused.reason, "invalid-request")
      assert.strictEqual(seen.length, 0)
    }).pipe(withApi(fetch))
  })
})

describe("BlockchainApi onramp", () => {
  it.effect("options: amounts as numbers or strings, a bad currency dropped", () => {
    const { fetch } = fakeFetch(() =>
      json({
        paymentCurrencies: [
          { id: "USD", payment_method_limits: [{ id: "card", min: "10", max: 7500 }] },
          { id: "EUR", payment_method_limits: [{ id: "card", min: "ten", max: 7500 }] }
        ],
        purchaseCurrencies: [
          {
            id: "sUSD",
            name: "Sandbox USD",
            symbol: "sUSD",
            networks: [
              { name: "sandbox", display_name: "Sandbox Chain", chain_id: "31337", contract_address: "0x5F" }
            ]
          }
        ]
      })
    )
    return Effect.gen(function* () {
      const options = yield* (yield* BlockchainApi).onrampOptions
      assert.deepStrictEqual(options.fiat, [{ id: "USD", limits: [{ method: "card", min: 10, max: 7500 }] }])
      assert.strictEqual(options.crypto[0]?.networks[0]?.chain_id, "31337")
    }).pipe(withApi(fetch))
  })

  it.effect("a quote, and the provider's page for the address; a page that is not http(s) is refused", () => {
    const { fetch, seen } = fakeFetch((request) =>
      new URL(request.url).pathname === "/v1/onramp/quote"
        ? json({
            paymentTotal: "51.25",
            paymentSubtotal: 50,
            purchaseAmount: "49.5",
            networkFee: { amount: 0.25, currency: "USD" },
            quoteId: "q1"
          })
        : json({ url: seen.length > 2 ? "javascript:alert(1)" : "https://pay.example/buy?session=1" })
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const quote = yield* api.onrampQuote({
        purchaseCurrency: "sUSD",
        paymentCurrency: "USD",
        amount: "50",
        network: "sandbox"
      })
      assert.deepStrictEqual(quote, {
        paymentTotal: 51.25,
        paymentSubtotal: 50,
        purchaseAmount: 49.5,
        networkFee: { amount: 0.25, currency: "USD" },
        quoteId: "q1"
      })
      const request = {
        address: ADDRESS,
        blockchains: ["sandbox"],
        assets: ["sUSD"],
        partnerUserId: ADDRESS,
        presetFiatAmount: 50
      }
      assert.strictEqual(yield* api.onrampUrl(request), "https://pay.example/buy?session=1")
      assert.deepStrictEqual(JSON.parse(seen[1]!.body ?? "{}"), {
        destinationWallets: [{ address: ADDRESS, blockchains: ["sandbox"], assets: ["sUSD"] }],
        partnerUserId: ADDRESS,
        defaultExperience: "buy",
        presetFiatAmount: 50
      })
      const refused = yield* Effect.flip(api.onrampUrl(request))
      assert.strictEqual(refused._tag === "ProviderRequestError" && refused.reason, "malformed-body")
    }).pipe(withApi(fetch))
  })
})

describe("BlockchainApi smart sessions", () => {
  const session = (pci: string) => ({
    project: { id: "p1", name: "Dapp", url: "https://dapp.example", iconUrl: "https://dapp.example/i.png" },
    pci,
    expiry: 1_800_000_000,
    createdAt: 1_700_000_000,
    permissions: [{ type: "native-token-recurring-allowance", data: { allowance: "0x1", period: 86400 } }],
    policies: [],
    context: "0xabcd"
  })

  it.effect(
    "lists an account's sessions (bad ones dropped, at most 50) and revokes one with its signature, once",
    () => {
      const CAIP = `eip155:1:${ADDRESS}`
      const { fetch, seen } = fakeFetch((request) => {
        if (request.method === "POST") return json({}, seen.length > 2 ? 500 : 200)
        return json({
          pcis: [
            session("a"),
            { ...session("b"), context: "not hex" },
            { ...session("c"), permissions: [{ type: "x", data: "y".repeat(5000) }] },
            ...Array.from({ length: 60 }, (_, i) => session(`s${i}`))
          ]
        })
      })
      return Effect.gen(function* () {
        const api = yield* BlockchainApi
        const listed = yield* api.smartSessions(CAIP)
        assert.strictEqual(listed.items[0]?.pci, "a")
        assert.strictEqual(listed.items.length, 48)
        assert.strictEqual(listed.dropped, 2 + 13)
        yield* api.revokeSmartSession({ address: ADDRESS, pci: "a", signature: "0x01" })
        assert.deepStrictEqual(JSON.parse(seen[1]!.body ?? "{}"), { pci: "a", signature: "0x01" })
        // A failed revoke is not repeated: one request, and the failure is the caller's to show.
        const failed = yield* Effect.flip(
          api.revokeSmartSession({ address: ADDRESS, pci: "a", signature: "0x01" })
        )
        assert.strictEqual(failed._tag, "ProviderRequestError")
        assert.deepStrictEqual(
          seen.map((s) => `${s.method} ${s.url}`),
          [
            `GET ${RPC}/v1/sessions/${encodeURIComponent(CAIP)}?${IDENTITY}`,
            `POST ${RPC}/v1/sessions/${ADDRESS}/revoke?${IDENTITY}`,
            `POST ${RPC}/v1/sessions/${ADDRESS}/revoke?${IDENTITY}`
          ]
        )
      }).pipe(withApi(fetch))
    }
  )
})
