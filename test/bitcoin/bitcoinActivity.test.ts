/**
 * Bitcoin activity (issue 35): the provider's history API is asked for a bip122 account, and its answer
 * (the shape the API uses for every chain: a Bitcoin send with its BTC transfer) decodes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { BITCOIN_REGTEST } from "../../sandbox/shared/bitcoin"
import { HistoryServiceLive } from "../../src/layers/account/HistoryServiceLive"
import type { CaipNetwork } from "../../src/schemas/Network"
import { decodeHistoryResponse } from "../../src/schemas/Transaction"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { HistoryService } from "../../src/services/HistoryService"
import { blockchainApiWith } from "../kit/blockchainApi"
import { preloadedParts } from "../kit/lazyParts"
import { regtestNetwork } from "./bitcoinRouterWorld"
import { ALICE_BTC, CAROL_BTC, txidOf } from "./bitcoinWorld"

const send = {
  id: txidOf(5),
  metadata: {
    operationType: "send",
    hash: txidOf(5),
    chain: BITCOIN_REGTEST,
    minedAt: "2026-11-29T08:00:00Z",
    sentFrom: ALICE_BTC.payment.address,
    sentTo: CAROL_BTC.payment.address,
    status: "confirmed"
  },
  transfers: [
    {
      fungible_info: { name: "Bitcoin", symbol: "BTC", icon: null },
      direction: "out",
      quantity: { numeric: "0.001" },
      value: null,
      price: null
    }
  ]
}

describe("Bitcoin activity", () => {
  it("a Bitcoin send decodes in the history API's shape", () => {
    const decoded = decodeHistoryResponse({ data: [send], next: null })
    assert.isTrue(Result.isSuccess(decoded))
    if (Result.isSuccess(decoded)) {
      assert.strictEqual(decoded.success.data[0]?.metadata.sentTo, CAROL_BTC.payment.address)
      assert.strictEqual(decoded.success.data[0]?.transfers[0]?.quantity.numeric, "0.001")
    }
  })

  it.effect("a bip122 account's activity is read from the history API with its chain id", () => {
    const asked: Array<{ address: string; chainId: string | undefined }> = []
    const api = blockchainApiWith({
      history: (address, options) =>
        Effect.sync(() => {
          asked.push({ address, chainId: options.chainId })
          return Result.getOrThrow(decodeHistoryResponse({ data: [send], next: null }))
        })
    })
    const layer = HistoryServiceLive.pipe(
      Layer.provide(Layer.succeed(BlockchainApi, api)),
      Layer.provide(preloadedParts)
    )
    return Effect.gen(function* () {
      const history = yield* HistoryService
      const page = yield* history.page(regtestNetwork as unknown as CaipNetwork, ALICE_BTC.payment.address)
      assert.strictEqual(page.transactions.length, 1)
      assert.deepStrictEqual(asked, [{ address: ALICE_BTC.payment.address, chainId: BITCOIN_REGTEST }])
    }).pipe(Effect.provide(layer))
  })
})
