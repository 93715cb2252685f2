import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { CustomWallet, RecentWallet } from "../../src/schemas/Wallet"
import { decodeWalletListResponse, WalletListing, WalletListResponse } from "../../src/schemas/WalletListing"
import {
  accepts,
  caipNetworkIdArb,
  decoderNeverThrows,
  hostileListBody,
  httpsUrlArb,
  mutated,
  NUM_RUNS,
  neverThrows,
  nonBlankArb,
  nullable,
  rejects,
  succeeded
} from "./helpers"

const rainbow = {
  id: "1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369",
  name: "Rainbow",
  image_id: "7a33d7f1-3d12-4b5c-f3ee-5cd83cb1b500",
  image_url: null,
  rdns: "me.rainbow",
  chains: ["eip155:1", "eip155:10", "near:mainnet"],
  homepage: "https://rainbow.me",
  mobile_link: "rainbow://",
  desktop_link: null,
  webapp_link: null,
  app_store: "https://apps.apple.com/app/rainbow",
  play_store: null,
  badge_type: "certified"
}

const listingArb = fc.record(
  {
    id: nonBlankArb,
    name: fc.string(),
    image_id: nullable(fc.uuid()),
    image_url: nullable(httpsUrlArb),
    rdns: nullable(fc.domain()),
    chains: nullable(fc.array(caipNetworkIdArb, { maxLength: 4 })),
    homepage: nullable(httpsUrlArb),
    mobile_link: nullable(fc.string()),
    desktop_link: nullable(fc.string()),
    webapp_link: nullable(httpsUrlArb),
    app_store: nullable(httpsUrlArb),
    play_store: nullable(httpsUrlArb)
  },
  { requiredKeys: ["id", "name"] }
)

describe("RecentWallet", () => {
  it("accepts id, optional rdns and name", () => {
    accepts(RecentWallet, { id: "io.metamask", rdns: "io.metamask", name: "MetaMask" })
    accepts(RecentWallet, { id: "abc", name: "Some wallet" })
  })

  it("rejects a blank id or a missing name", () => {
    rejects(RecentWallet, { id: "", name: "x" }, "id: Expected a non-empty wallet id")
    rejects(RecentWallet, { id: "x" }, "name: is missing")
  })
})

describe("WalletListing", () => {
  it("decodes null fields to absent keys and keeps the known ones", () => {
    const decoded = accepts(WalletListing, rainbow)
    assert.isFalse("image_url" in decoded)
    assert.isFalse("desktop_link" in decoded)
    assert.strictEqual(decoded.rdns, "me.rainbow")
    assert.deepStrictEqual(decoded.chains, ["eip155:1", "eip155:10", "near:mainnet"])
    assert.isFalse("badge_type" in decoded)
  })

  it("accepts the minimal listing", () => {
    accepts(WalletListing, { id: "x", name: "X" })
  })

  it("rejects wrong types readably", () => {
    rejects(WalletListing, { ...rainbow, chains: "eip155:1" }, "chains")
    rejects(WalletListing, { ...rainbow, mobile_link: 3 }, "mobile_link")
    rejects(WalletListing, { ...rainbow, id: null }, "id")
  })
})

describe("WalletListResponse and decodeWalletListResponse", () => {
  it("the strict schema needs every listing valid", () => {
    accepts(WalletListResponse, { count: 1, data: [rainbow] })
    rejects(WalletListResponse, { count: 1, data: [{ id: 1 }] }, "data[0].id")
    rejects(WalletListResponse, { count: -1, data: [] }, "count")
  })

  it("per-item tolerance: bad listings are dropped, count is the API's", () => {
    const decoded = succeeded(
      decodeWalletListResponse({
        count: 400,
        data: [rainbow, { id: "", name: "x" }, 7, { id: "y", name: "Y" }]
      })
    )
    assert.strictEqual(decoded.count, 400)
    assert.deepStrictEqual(
      decoded.data.map((w) => w.id),
      [rainbow.id, "y"]
    )
    assert.strictEqual(decoded.dropped, 2)
  })

  it("an invalid envelope is a SchemaDecodeError", () => {
    const result = decodeWalletListResponse({ data: [] })
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result))
      assert.strictEqual(result.failure.message, "Wallet list response: count: is missing")
  })

  it("property: random bodies never throw; kept listings are valid", () =>
    decoderNeverThrows(
      decodeWalletListResponse,
      hostileListBody("data", listingArb, { count: fc.nat() }),
      (decoded) => assert.isTrue(decoded.data.every(Schema.is(WalletListing)))
    ))

  it("property: generated listings decode", () =>
    fc.assert(
      fc.property(fc.array(listingArb, { maxLength: 5 }), (data) => {
        const result = decodeWalletListResponse({ count: data.length, data })
        return Result.isSuccess(result) && result.success.dropped === 0
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: the strict schemas are total", () => {
    neverThrows(WalletListResponse)
    neverThrows(WalletListing, mutated(listingArb))
  })
})

describe("CustomWallet", () => {
  it("accepts the host's fields", () => {
    const wallet = {
      id: "my-wallet",
      name: "My Wallet",
      homepage: "https://wallet.example",
      image_url: "https://wallet.example/icon.png",
      mobile_link: "mywallet://",
      desktop_link: "mywallet-desktop://",
      webapp_link: "https://app.wallet.example",
      app_store: "https://apps.apple.com/x",
      play_store: "https://play.google.com/x"
    }
    assert.deepStrictEqual(accepts(CustomWallet, wallet), wallet)
  })

  it("rejects a blank name and non-string links", () => {
    rejects(CustomWallet, { id: "x", name: "  " }, "name: Expected a non-empty wallet name")
    rejects(CustomWallet, { id: "x", name: "X", mobile_link: null }, "mobile_link")
  })

  it("property: total on arbitrary input", () => neverThrows(CustomWallet))
})
