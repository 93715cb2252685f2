/**
 * THREATS.md T3: names, symbols and image URLs from the balance, history and identity APIs (and a wallet's
 * `wallet_getAssets`) are made safe while they are decoded, so the views print decoded values as they are.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import fc from "fast-check"
import { SafeImageUrl, SanitizedName } from "../../src/schemas/ApiFields"
import { decodeBalanceResponse, TokenBalance, validWalletAssets } from "../../src/schemas/Balance"
import { decodeIdentityResponse } from "../../src/schemas/Identity"
import { decodeHistoryResponse, Transaction } from "../../src/schemas/Transaction"
import { accepts, NUM_RUNS, succeeded, usdcBalance as usdc } from "./helpers"

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/
const PWN = "window.__pwned=1"
const PNG = "data:image/png;base64,iVBORw0KGgo="

/** Names as a hostile API sends them, and what a view may show of each. */
const HOSTILE_NAMES: ReadonlyArray<readonly [string, string | undefined]> = [
  ["USD\u202eCoin", "USDCoin"],
  ["\u2066USDC\u2069", "USDC"],
  ["US\u200bD\u200cC\ufeff", "USDC"],
  ["US\u0000DC\u0085", "USDC"],
  ["USD\nCoin\r\n", "USDCoin"],
  ["  Wrapped \t Ether  ", "Wrapped Ether"],
  [`<img src=x onerror="${PWN}">`, `<img src=x onerror="${PWN}">`],
  ["\u202e\u200b\u0000 \t", undefined]
]

/** Image URLs a hostile API sends; none of them may reach `<img src>`. */
const HOSTILE_URLS: ReadonlyArray<string> = [
  `javascript:${PWN}`,
  `JaVaScRiPt:${PWN}`,
  ` javascript:${PWN}`,
  `\u0000javascript:${PWN}`,
  `data:text/html,<script>${PWN}</script>`,
  `data:image/svg+xml;base64,${"A".repeat(200 * 1024)}`,
  "http://evil.example/i.png",
  "//evil.example/i.png",
  "https://evil.example/\u202ei.png",
  "not a url",
  ""
]

const transfer = {
  fungible_info: { name: "USD Coin", symbol: "USDC", icon: { url: "https://cdn.example/usdc.png" } },
  direction: "in",
  quantity: { numeric: "1" }
}

const receive = {
  id: "tx",
  metadata: {
    operationType: "receive",
    status: "confirmed",
    sentFrom: "0x1",
    sentTo: "0x2",
    minedAt: "2024-05-01T10:00:00Z"
  },
  transfers: [transfer]
}

const nftTransfer = (name: unknown, url: unknown) => ({
  nft_info: { name, content: { preview: { url } } },
  direction: "in",
  quantity: { numeric: "1" }
})

describe("SanitizedName and SafeImageUrl", () => {
  for (const [input, shown] of HOSTILE_NAMES) {
    it(`${JSON.stringify(input)} decodes to ${JSON.stringify(shown)}`, () =>
      assert.strictEqual(accepts(SanitizedName, input), shown))
  }

  it("a 1 MB name decodes to at most 64 characters", () => {
    assert.strictEqual(accepts(SanitizedName, "x".repeat(1024 * 1024))?.length, 64)
  })

  it("a non-string is still rejected: the shape of the answer is checked first", () => {
    assert.isTrue(Result.isFailure(decodeIdentityResponse({ name: 42, avatar: null })))
  })

  for (const url of HOSTILE_URLS) {
    it(`${JSON.stringify(url.slice(0, 40))} decodes to undefined`, () =>
      assert.isUndefined(accepts(SafeImageUrl, url)))
  }

  it("keeps https, image data and the visitor's own machine", () => {
    assert.strictEqual(accepts(SafeImageUrl, "https://cdn.example/a.png"), "https://cdn.example/a.png")
    assert.strictEqual(accepts(SafeImageUrl, PNG), PNG)
    assert.strictEqual(accepts(SafeImageUrl, "http://127.0.0.1:4000/a.svg"), "http://127.0.0.1:4000/a.svg")
  })
})

describe("balances", () => {
  it("a token's name, symbol and icon decode safe", () => {
    for (const [input, shown] of HOSTILE_NAMES) {
      const token = accepts(TokenBalance, { ...usdc, name: input, symbol: input })
      assert.strictEqual(token.name, shown)
      assert.strictEqual(token.symbol, shown)
    }
    for (const url of HOSTILE_URLS)
      assert.isUndefined(accepts(TokenBalance, { ...usdc, iconUrl: url }).iconUrl)
  })

  it("a hostile token is kept, cleaned, in a balance answer", () => {
    const decoded = succeeded(
      decodeBalanceResponse({
        balances: [{ ...usdc, name: "USD\u202eCoin", iconUrl: `javascript:${PWN}` }]
      })
    )
    assert.strictEqual(decoded.balances[0]?.name, "USDCoin")
    assert.isUndefined(decoded.balances[0]?.iconUrl)
  })

  it("a wallet's assets decode safe too (still all or nothing on their shape)", () => {
    const asset = {
      address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      balance: "0x1",
      type: "ERC20",
      metadata: {
        name: "\u2066USDC\u2069",
        symbol: "US\u200bDC",
        decimals: 6,
        price: 1,
        iconUrl: `javascript:${PWN}`
      }
    }
    const answer = validWalletAssets({ "0x1": [asset] })
    assert.isTrue(Option.isSome(answer))
    if (Option.isSome(answer)) {
      assert.deepStrictEqual(answer.value["0x1"]?.[0]?.metadata, {
        name: "USDC",
        symbol: "USDC",
        decimals: 6,
        price: 1,
        iconUrl: undefined
      })
    }
  })
})

describe("activity", () => {
  it("transfer names, symbols and icons, NFT names and previews, and the operation decode safe", () => {
    const decoded = accepts(Transaction, {
      ...receive,
      metadata: { ...receive.metadata, operationType: "re\u202eceive" },
      transfers: [
        {
          ...transfer,
          fungible_info: {
            name: "USD\u202eCoin",
            symbol: "\u2066USDC\u2069",
            icon: { url: `javascript:${PWN}` }
          }
        },
        nftTransfer("Punk\u200b #1", `JaVaScRiPt:${PWN}`),
        nftTransfer("\u202e\u200b", "https://nft.example/punk.png")
      ]
    })
    assert.strictEqual(decoded.metadata.operationType, "receive")
    const [fungible, nft, unnamed] = decoded.transfers
    assert.deepStrictEqual(fungible?.fungible_info, {
      name: "USDCoin",
      symbol: "USDC",
      icon: { url: undefined }
    })
    assert.strictEqual(nft?.nft_info?.name, "Punk #1")
    assert.isUndefined(nft?.nft_info?.content?.preview?.url)
    // A name with nothing readable left is absent, so the view's own fallback applies.
    assert.isFalse(unnamed?.nft_info !== undefined && "name" in unnamed.nft_info)
    assert.strictEqual(unnamed?.nft_info?.content?.preview?.url, "https://nft.example/punk.png")
  })

  it("an operation with nothing readable decodes to undefined, and the transaction is kept", () => {
    const decoded = succeeded(
      decodeHistoryResponse({
        data: [{ ...receive, metadata: { ...receive.metadata, operationType: "\u200b" } }]
      })
    )
    assert.strictEqual(decoded.dropped, 0)
    assert.isUndefined(decoded.data[0]?.metadata.operationType)
  })
})

describe("identity", () => {
  it("only a valid, normalised ENS-style name is kept; an unsafe avatar decodes to undefined", () => {
    const identity = decodeIdentityResponse({ name: "vitalik\u202eeth", avatar: `javascript:${PWN}` })
    assert.deepStrictEqual(Result.getOrUndefined(identity), { name: undefined, avatar: undefined })
    const named = (name: string) =>
      Result.getOrUndefined(decodeIdentityResponse({ name, avatar: null }))?.name
    assert.strictEqual(named("vitalik.eth"), "vitalik.eth")
    assert.strictEqual(named("sandbox.airlock.eth"), "sandbox.airlock.eth")
    assert.strictEqual(named("alice.reown.id"), "alice.reown.id")
    for (const hostile of [
      "Your wallet is compromised. Go to https://evil.example/recover",
      "Vitalik.eth",
      "vitalik",
      "-vitalik.eth",
      "vitalik..eth",
      "vitalik .eth",
      "vitalik.eth\u200b",
      "\u0430pple.eth",
      `${"a".repeat(120)}.eth`
    ])
      assert.isUndefined(named(hostile), hostile)
    assert.deepStrictEqual(
      Result.getOrUndefined(decodeIdentityResponse({ name: "\u200b", avatar: "https://a.example/x.png" })),
      { name: undefined, avatar: "https://a.example/x.png" }
    )
  })
})

describe("property: whatever the API sends, decoded text and images are safe", () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.constantFrom(...HOSTILE_NAMES.map(([name]) => name), ...HOSTILE_URLS)
  )
  /** Undefined, or a URL that `safeIconUrl` accepts as it is (so `<img src>` may load it). */
  const isSafeImage = (url: string | undefined) =>
    url === undefined ||
    url.startsWith("https:") ||
    url.startsWith("data:image/") ||
    /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/.test(url)
  const isPlainText = (name: string | undefined) =>
    name === undefined || (!INVISIBLE.test(name) && name.length > 0 && name.length <= 64)

  it("tokens", () =>
    fc.assert(
      fc.property(text, text, (name, url) => {
        const token = accepts(TokenBalance, { ...usdc, name, symbol: name, iconUrl: url })
        return isPlainText(token.name) && isPlainText(token.symbol) && isSafeImage(token.iconUrl)
      }),
      { numRuns: NUM_RUNS }
    ))

  it("transfers", () =>
    fc.assert(
      fc.property(text, text, (name, url) => {
        const decoded = accepts(Transaction, { ...receive, transfers: [nftTransfer(name, url)] })
        const nft = decoded.transfers[0]?.nft_info
        return isPlainText(nft?.name) && isSafeImage(nft?.content?.preview?.url)
      }),
      { numRuns: NUM_RUNS }
    ))

  it("identities", () =>
    fc.assert(
      fc.property(text, text, (name, avatar) => {
        const identity = Result.getOrUndefined(decodeIdentityResponse({ name, avatar }))
        return identity !== undefined && isPlainText(identity.name) && isSafeImage(identity.avatar)
      }),
      { numRuns: NUM_RUNS }
    ))
})
