import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import {
  BalanceResponse,
  decodeBalanceResponse,
  filterZeroDecimals,
  TokenBalance,
  validWalletAssets,
  WalletAsset,
  WalletAssetResponse
} from "../../src/schemas/Balance"
import {
  accepts,
  alwaysDecodes,
  caipNetworkIdArb,
  decoderNeverThrows,
  evmAddressArb,
  finiteArb,
  hexArb,
  hostile,
  hostileListBody,
  mutated,
  NUM_RUNS,
  neverThrows,
  nullable,
  rejects,
  succeeded,
  usdcBalance as usdc
} from "./helpers"

const ether = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  value: 3000,
  price: 3000,
  quantity: { decimals: "18", numeric: "1" },
  iconUrl: ""
}

const tokenBalanceArb = fc.record(
  {
    name: fc.string(),
    symbol: fc.string(),
    chainId: caipNetworkIdArb,
    address: nullable(evmAddressArb),
    value: nullable(finiteArb),
    price: finiteArb,
    quantity: fc.record({ decimals: fc.nat(36).map(String), numeric: fc.string() }),
    iconUrl: fc.string()
  },
  { requiredKeys: ["name", "symbol", "chainId", "price", "quantity", "iconUrl"] }
)

const asset = {
  address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  balance: "0x1312d00",
  type: "ERC20",
  metadata: {
    name: "USD Coin",
    symbol: "USDC",
    decimals: 6,
    value: 20,
    price: 1,
    iconUrl: "https://x/usdc.png"
  }
}
const nativeAsset = {
  address: "native",
  balance: "0xde0b6b3a7640000",
  type: "NATIVE",
  metadata: { name: "Ether", symbol: "ETH", decimals: 18, price: 3000, iconUrl: "" }
}

const walletAssetArb = fc.record({
  address: fc.oneof(evmAddressArb, fc.constant("native")),
  balance: hexArb,
  type: fc.constantFrom("ERC20", "NATIVE"),
  metadata: fc.record(
    {
      name: fc.string(),
      symbol: fc.string(),
      decimals: fc.nat(255),
      value: finiteArb,
      price: finiteArb,
      iconUrl: fc.string()
    },
    { requiredKeys: ["name", "symbol", "decimals", "price", "iconUrl"] }
  )
})
const walletAssetResponseArb = fc.dictionary(hexArb, fc.array(walletAssetArb, { maxLength: 4 }), {
  maxKeys: 4
})

describe("TokenBalance", () => {
  it("accepts a token and the native coin (no address)", () => {
    assert.deepStrictEqual(accepts(TokenBalance, usdc), usdc)
    const native = accepts(TokenBalance, ether)
    assert.isUndefined(native.address)
    assert.isFalse("address" in accepts(TokenBalance, { ...ether, address: null }))
  })

  it("a missing value becomes 0", () => {
    const { value: _value, ...withoutValue } = usdc
    assert.strictEqual(accepts(TokenBalance, withoutValue).value, 0)
    assert.strictEqual(accepts(TokenBalance, { ...usdc, value: null }).value, 0)
  })

  it("rejects wrong field types with the path in the message", () => {
    rejects(TokenBalance, { ...usdc, price: "1" }, "price: Expected number")
    rejects(TokenBalance, { ...usdc, price: Number.NaN }, "price: Expected a finite number")
    rejects(TokenBalance, { ...usdc, quantity: { decimals: 6, numeric: "1" } }, "quantity.decimals")
    rejects(TokenBalance, { ...usdc, quantity: { decimals: "six", numeric: "1" } }, "string of digits")
    rejects(TokenBalance, { ...usdc, symbol: undefined }, "symbol")
  })

  it("property: generated balances decode", () => alwaysDecodes(TokenBalance, tokenBalanceArb))
})

describe("BalanceResponse and decodeBalanceResponse", () => {
  it("the strict schema needs every item valid", () => {
    accepts(BalanceResponse, { balances: [usdc, ether] })
    rejects(BalanceResponse, { balances: [usdc, { ...ether, price: "x" }] }, "balances[1].price")
  })

  it("per-item tolerance: invalid tokens are dropped, valid ones kept in order", () => {
    const decoded = succeeded(decodeBalanceResponse({ balances: [usdc, { junk: true }, ether, null] }))
    assert.deepStrictEqual(
      decoded.balances.map((b) => b.symbol),
      ["USDC", "ETH"]
    )
    assert.strictEqual(decoded.dropped, 2)
  })

  it("an invalid envelope is a SchemaDecodeError", () => {
    for (const input of [null, [], { balance: [] }, { balances: "x" }, "<html>503</html>"]) {
      const result = decodeBalanceResponse(input)
      assert.isTrue(Result.isFailure(result))
      if (Result.isFailure(result)) assert.isTrue(result.failure.message.startsWith("Balance response: "))
    }
  })

  it("filterZeroDecimals removes tokens whose decimals is '0'", () => {
    const nft = { ...usdc, symbol: "NFT", quantity: { decimals: "0", numeric: "1" } }
    assert.deepStrictEqual(
      filterZeroDecimals([usdc, nft, ether]).map((b) => b.symbol),
      ["USDC", "ETH"]
    )
  })

  it("property: random bodies never throw; kept items are valid and counted", () =>
    decoderNeverThrows(
      decodeBalanceResponse,
      hostileListBody("balances", tokenBalanceArb),
      (decoded, input) => {
        assert.isTrue(decoded.balances.every(Schema.is(TokenBalance)))
        const sent =
          typeof input === "object" && input !== null && "balances" in input && Array.isArray(input.balances)
            ? input.balances.length
            : -1
        assert.strictEqual(decoded.balances.length + decoded.dropped, sent)
      }
    ))

  it("property: the strict BalanceResponse schema is total", () => neverThrows(BalanceResponse))
})

describe("WalletAsset", () => {
  it("accepts ERC20 and NATIVE assets", () => {
    accepts(WalletAsset, asset)
    accepts(WalletAsset, nativeAsset)
  })

  it("rejects each broken rule of SPEC §5 readably", () => {
    rejects(WalletAsset, { ...asset, address: 1 }, "address: Expected string")
    rejects(WalletAsset, { ...asset, balance: 20 }, "balance")
    rejects(WalletAsset, { ...asset, balance: "20" }, "balance: Expected a hex string")
    rejects(WalletAsset, { ...asset, type: "ERC721" }, "type: Expected an asset type: ERC20 or NATIVE")
    rejects(WalletAsset, { ...asset, metadata: { ...asset.metadata, name: null } }, "metadata.name")
    rejects(WalletAsset, { ...asset, metadata: { ...asset.metadata, decimals: "6" } }, "metadata.decimals")
    rejects(WalletAsset, { ...asset, metadata: { ...asset.metadata, price: "1" } }, "metadata.price")
    rejects(WalletAsset, { ...asset, metadata: { ...asset.metadata, iconUrl: 0 } }, "metadata.iconUrl")
  })
})

describe("validWalletAssets (all-or-nothing)", () => {
  it("keeps a fully valid answer", () => {
    const answer = { "0x1": [asset, nativeAsset], "0x2105": [] }
    const result = validWalletAssets(answer)
    assert.isTrue(Option.isSome(result))
    // The native asset's empty icon URL is no image: it decodes to undefined (THREATS.md T3).
    const noIcon = { ...nativeAsset, metadata: { ...nativeAsset.metadata, iconUrl: undefined } }
    if (Option.isSome(result))
      assert.deepStrictEqual<unknown>(result.value, { ...answer, "0x1": [asset, noIcon] })
  })

  it("ignores extra fields inside an asset", () => {
    assert.isTrue(Option.isSome(validWalletAssets({ "0x1": [{ ...asset, extra: 1 }] })))
  })

  it("ignores the whole answer when one asset is invalid", () => {
    assert.isTrue(Option.isNone(validWalletAssets({ "0x1": [asset, { ...nativeAsset, type: "BTC" }] })))
    assert.isTrue(Option.isNone(validWalletAssets({ "0x1": [asset], "0xa": [{}] })))
  })

  it("ignores answers with keys that are not hex chain ids", () => {
    assert.isTrue(Option.isNone(validWalletAssets({ "1": [asset] })))
    assert.isTrue(Option.isNone(validWalletAssets(JSON.parse('{"0x1": [], "__proto__": []}'))))
  })

  it("ignores non-objects", () => {
    for (const input of [null, undefined, [], "0x1", 1])
      assert.isTrue(Option.isNone(validWalletAssets(input)))
  })

  it("property: generated answers are kept unchanged", () =>
    fc.assert(
      fc.property(walletAssetResponseArb, (answer) => {
        const result = validWalletAssets(answer)
        return Option.isSome(result) && Schema.is(WalletAssetResponse)(result.value)
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: one corrupted asset voids the whole answer", () =>
    fc.assert(
      fc.property(
        walletAssetResponseArb,
        hexArb,
        walletAssetArb,
        fc.constantFrom<[string, unknown]>(
          ["address", 1],
          ["balance", "12"],
          ["type", "ERC721"],
          ["metadata", null],
          ["metadata", { name: "x" }]
        ),
        (answer, key, good, [field, bad]) => {
          const broken = { ...answer, [key]: [...(answer[key] ?? []), { ...good, [field]: bad }] }
          return Option.isNone(validWalletAssets(broken))
        }
      ),
      { numRuns: NUM_RUNS }
    ))

  it("property: random and near-miss input never throws", () => {
    neverThrows(WalletAssetResponse)
    neverThrows(WalletAssetResponse, mutated(walletAssetResponseArb))
    fc.assert(
      fc.property(hostile, (input) => {
        validWalletAssets(input)
      }),
      { numRuns: NUM_RUNS }
    )
  })
})
