import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { decodeHistoryResponse, HistoryResponse, Transaction } from "../../src/schemas/Transaction"
import {
  accepts,
  caipNetworkIdArb,
  decoderNeverThrows,
  evmAddressArb,
  finiteArb,
  hostileListBody,
  httpsUrlArb,
  isoDateArb,
  mutated,
  NUM_RUNS,
  neverThrows,
  nullable,
  rejects,
  succeeded
} from "./helpers"

const receive = {
  id: "tx-1",
  metadata: {
    operationType: "receive",
    hash: "0xabc",
    minedAt: "2024-05-01T10:00:00Z",
    sentFrom: "0x52908400098527886e0f7030069857d2e4169ee7",
    sentTo: "0x8617e340b3d01fa5f11f306f4090fd50e238070d",
    status: "confirmed",
    nonce: 4,
    chain: "eip155:1"
  },
  transfers: [
    {
      fungible_info: { name: "USD Coin", symbol: "USDC", icon: { url: "https://x/usdc.png" } },
      direction: "in",
      quantity: { numeric: "12.5" },
      value: 12.5,
      price: 1
    }
  ]
}

const mint = {
  id: "tx-2",
  metadata: {
    operationType: "mint",
    minedAt: "2023-12-31T23:59:59.000Z",
    sentFrom: "0x0",
    sentTo: "0x1",
    status: "pending",
    chain: null
  },
  transfers: [
    {
      nft_info: {
        name: "Punk #1",
        content: { preview: { url: "https://x/punk.png", content_type: "image/png" } }
      },
      direction: "in",
      quantity: { numeric: "1" }
    }
  ]
}

const transferArb = fc.record(
  {
    fungible_info: nullable(
      fc.record(
        {
          name: nullable(fc.string()),
          symbol: nullable(fc.string()),
          icon: nullable(fc.record({ url: httpsUrlArb }))
        },
        { requiredKeys: [] }
      )
    ),
    nft_info: nullable(
      fc.record(
        {
          name: nullable(fc.string()),
          content: nullable(
            fc.record({ preview: nullable(fc.record({ url: httpsUrlArb })) }, { requiredKeys: [] })
          )
        },
        { requiredKeys: [] }
      )
    ),
    direction: fc.constantFrom("in", "out", "self"),
    quantity: fc.record({ numeric: fc.string() }),
    value: finiteArb,
    price: finiteArb
  },
  { requiredKeys: ["quantity"] }
)

const transactionArb = fc.record({
  id: fc.string(),
  metadata: fc.record(
    {
      operationType: fc.constantFrom("send", "receive", "deposit", "withdraw", "mint", "burn", "trade"),
      status: fc.constantFrom("confirmed", "failed", "pending"),
      sentFrom: evmAddressArb,
      sentTo: evmAddressArb,
      minedAt: isoDateArb,
      chain: nullable(caipNetworkIdArb)
    },
    { requiredKeys: ["operationType", "status", "sentFrom", "sentTo", "minedAt"] }
  ),
  transfers: fc.oneof(fc.constant(null), fc.array(transferArb, { maxLength: 3 }))
})

describe("Transaction", () => {
  it("accepts fungible and NFT transactions", () => {
    const decoded = accepts(Transaction, receive)
    assert.strictEqual(decoded.transfers[0]?.fungible_info?.icon?.url, "https://x/usdc.png")
    const nft = accepts(Transaction, mint)
    assert.strictEqual(nft.transfers[0]?.nft_info?.content?.preview?.url, "https://x/punk.png")
    assert.isFalse("chain" in nft.metadata)
  })

  it("null or missing transfers become an empty list", () => {
    assert.deepStrictEqual(accepts(Transaction, { ...receive, transfers: null }).transfers, [])
    const { transfers: _transfers, ...withoutTransfers } = receive
    assert.deepStrictEqual(accepts(Transaction, withoutTransfers).transfers, [])
  })

  it("rejects broken fields with their path", () => {
    rejects(
      Transaction,
      { ...receive, metadata: { ...receive.metadata, minedAt: "yesterday" } },
      "metadata.minedAt: Expected an ISO 8601 date-time"
    )
    rejects(Transaction, { ...receive, metadata: { ...receive.metadata, status: 1 } }, "metadata.status")
    rejects(
      Transaction,
      { ...receive, transfers: [{ ...receive.transfers[0], direction: "sideways" }] },
      "transfers[0].direction: Expected a transfer direction: in, out or self"
    )
    rejects(
      Transaction,
      { ...receive, transfers: [{ quantity: { numeric: 1 } }] },
      "transfers[0].quantity.numeric"
    )
  })
})

describe("HistoryResponse and decodeHistoryResponse", () => {
  it("the strict schema; next null means no further page", () => {
    const page = accepts(HistoryResponse, { data: [receive, mint], next: null })
    assert.isUndefined(page.next)
    assert.strictEqual(accepts(HistoryResponse, { data: [], next: "cursor-2" }).next, "cursor-2")
    rejects(HistoryResponse, { data: [receive, { id: 1 }] }, "data[1]")
  })

  it("per-item tolerance keeps the good transactions and the cursor", () => {
    const decoded = succeeded(decodeHistoryResponse({ data: [receive, { junk: 1 }, mint], next: "c" }))
    assert.deepStrictEqual(
      decoded.data.map((t) => t.id),
      ["tx-1", "tx-2"]
    )
    assert.strictEqual(decoded.next, "c")
    assert.strictEqual(decoded.dropped, 1)
  })

  it("an invalid envelope is a SchemaDecodeError", () => {
    const result = decodeHistoryResponse({ data: null })
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.include(result.failure.message, "History response: data")
  })

  it("property: generated pages decode without drops", () =>
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 4 }), nullable(fc.string()), (data, next) => {
        const result = decodeHistoryResponse(next === undefined ? { data } : { data, next })
        return Result.isSuccess(result) && result.success.dropped === 0
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: random bodies never throw; kept transactions are valid", () =>
    decoderNeverThrows(decodeHistoryResponse, hostileListBody("data", transactionArb), (decoded) =>
      assert.isTrue(decoded.data.every(Schema.is(Transaction)))
    ))

  it("property: the strict schemas are total", () => {
    neverThrows(HistoryResponse)
    neverThrows(Transaction, mutated(transactionArb))
  })
})
