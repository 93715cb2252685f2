import { assert, describe, it } from "@effect/vitest"
import { CaipNetwork, NativeCurrency } from "../../src/schemas/Network"
import { accepts, alwaysDecodes, hostile, mutated, neverThrows, rejects } from "./helpers"
import { base, bitcoin, mainnet, networkArb, solana } from "./networks"

describe("CaipNetwork", () => {
  it("accepts EVM, Solana and Bitcoin networks", () => {
    accepts(CaipNetwork, mainnet)
    accepts(CaipNetwork, base)
    accepts(CaipNetwork, solana)
    accepts(CaipNetwork, bitcoin)
  })

  it("keeps viem's extra keys, functions included, untouched", () => {
    const formatters = { block: { format: (b: unknown) => b } }
    const serializers = { transaction: () => "0x" }
    const decoded: Record<string, unknown> = accepts(CaipNetwork, { ...mainnet, formatters, serializers })
    assert.strictEqual(decoded.formatters, formatters)
    assert.strictEqual(decoded.serializers, serializers)
    assert.deepStrictEqual(decoded.contracts, mainnet.contracts)
  })

  it("accepts other rpcUrls keys of the same shape and validates them", () => {
    const rpcUrls = {
      default: { http: ["https://a.example"], webSocket: ["wss://a.example"] },
      chainDefault: { http: ["https://b.example"] }
    }
    assert.deepStrictEqual<unknown>(accepts(CaipNetwork, { ...mainnet, rpcUrls }).rpcUrls, rpcUrls)
    rejects(
      CaipNetwork,
      { ...mainnet, rpcUrls: { ...rpcUrls, chainDefault: { http: ["javascript:alert(1)"] } } },
      "rpcUrls.chainDefault.http[0]: Expected an absolute http(s) URL"
    )
  })

  it("requires caipNetworkId to belong to chainNamespace", () => {
    rejects(
      CaipNetwork,
      { ...solana, chainNamespace: "eip155" },
      "caipNetworkId: caipNetworkId solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp does not belong to chainNamespace eip155"
    )
  })

  it("rejects each broken field with its path", () => {
    rejects(CaipNetwork, { ...mainnet, id: -1 }, "id: Expected a network id")
    rejects(CaipNetwork, { ...mainnet, id: "" }, "id: Expected a network id")
    rejects(CaipNetwork, { ...mainnet, caipNetworkId: "1" }, "caipNetworkId: Expected a CAIP-2 network id")
    rejects(CaipNetwork, { ...mainnet, chainNamespace: "sui" }, "chainNamespace: Expected a chain namespace")
    rejects(
      CaipNetwork,
      { ...mainnet, rpcUrls: { default: { http: [] } } },
      "Expected at least one http(s) RPC URL"
    )
    rejects(CaipNetwork, { ...mainnet, rpcUrls: {} }, "rpcUrls.default: is missing")
    rejects(
      CaipNetwork,
      { ...mainnet, rpcUrls: { default: { http: ["https://a"], webSocket: ["https://a"] } } },
      "rpcUrls.default.webSocket[0]: Expected an absolute WebSocket URL"
    )
    rejects(
      CaipNetwork,
      { ...mainnet, blockExplorers: { default: { name: "x", url: "javascript:alert(1)" } } },
      "blockExplorers.default.url: Expected an absolute http(s) URL"
    )
    rejects(CaipNetwork, { ...mainnet, testnet: "no" }, "testnet")
  })

  it("nativeCurrency decimals are an integer 0..36", () => {
    accepts(NativeCurrency, { name: "x", symbol: "x", decimals: 0 })
    accepts(NativeCurrency, { name: "x", symbol: "x", decimals: 36 })
    rejects(NativeCurrency, { name: "x", symbol: "x", decimals: 37 }, "between 0 and 36")
    rejects(NativeCurrency, { name: "x", symbol: "x", decimals: 1.5 }, "as an integer")
  })

  it("a JSON __proto__ key cannot smuggle unvalidated fields", () => {
    const text = `{"__proto__": {"testnet": "yes"}, ${JSON.stringify(mainnet).slice(1)}`
    rejects(CaipNetwork, JSON.parse(text), "Unexpected __proto__ key")
    const nested = JSON.parse(
      `{"default": {"http": ["https://a.example"]}, "__proto__": {"http": ["javascript:alert(1)"]}}`
    )
    const decoded = accepts(CaipNetwork, { ...mainnet, rpcUrls: nested })
    assert.strictEqual(Object.getPrototypeOf(decoded.rpcUrls), Object.prototype)
    assert.deepStrictEqual(Object.keys(decoded.rpcUrls), ["default"])
  })

  it("property: generated networks decode", () => alwaysDecodes(CaipNetwork, networkArb))

  it("property: random and near-miss input never throws", () => {
    neverThrows(CaipNetwork, hostile)
    neverThrows(CaipNetwork, mutated(networkArb))
  })
})
