/**
 * The network's Esplora as the modal reads it: answers decoded and bounded, a silent server given up on
 * after 10 s (TestClock), a refused broadcast worded by the chain's own reason.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/testing/TestClock"
import type { BitcoinError } from "../../src/errors"
import { makeEsplora } from "../../src/layers/requests/esplora"
import { ESPLORA } from "./bitcoinRouterWorld"
import { ALICE_BTC, utxo } from "./bitcoinWorld"

/** The Esplora at ESPLORA over a fetch that answers every request with `body` and `status`. */
const answering = (body: string, status = 200) =>
  makeEsplora(async () => new Response(body, { status }), ESPLORA)

const failureTag = <A>(effect: Effect.Effect<A, BitcoinError>) =>
  Effect.map(Effect.flip(effect), (error) => error.failure)

describe("Esplora", () => {
  const address = ALICE_BTC.payment.address

  it.effect("decodes the coins, and refuses more than 500 or a malformed one", () =>
    Effect.gen(function* () {
      const coins = [utxo(1, 1000), utxo(2, 2000, 3)]
      assert.deepStrictEqual(yield* answering(JSON.stringify(coins)).utxos(address), coins)
      const many = Array.from({ length: 501 }, (_, i) => utxo((i % 250) + 1, 1000, i))
      assert.deepStrictEqual(yield* failureTag(answering(JSON.stringify(many)).utxos(address)), {
        _tag: "NetworkUnreachable"
      })
      const bad = [{ txid: "zz", vout: 0, value: 1 }]
      assert.deepStrictEqual(yield* failureTag(answering(JSON.stringify(bad)).utxos(address)), {
        _tag: "NetworkUnreachable"
      })
    })
  )

  it.effect("refuses an answer past its size bound", () =>
    Effect.gen(function* () {
      const huge = JSON.stringify({ "6": 1, pad: "x".repeat(300_000) })
      assert.deepStrictEqual(yield* failureTag(answering(huge).feeEstimates), {
        _tag: "NetworkUnreachable"
      })
    })
  )

  it.effect("gives up on a server that does not answer after 10 s", () =>
    Effect.gen(function* () {
      const silent = makeEsplora(() => new Promise<Response>(() => {}), ESPLORA)
      const fiber = yield* Effect.forkChild(failureTag(silent.feeEstimates))
      yield* TestClock.adjust("10 seconds")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { _tag: "NetworkUnreachable" })
    })
  )

  it.effect("a refused broadcast carries the chain's reason; a lost server is unreachable", () =>
    Effect.gen(function* () {
      const refused = answering("sendrawtransaction RPC error: min relay fee not met", 400)
      assert.deepStrictEqual(yield* failureTag(refused.broadcast("00")), {
        _tag: "BroadcastRefused",
        code: "sendrawtransaction RPC error: min relay fee not met"
      })
      assert.deepStrictEqual(yield* failureTag(answering("", 503).broadcast("00")), {
        _tag: "NetworkUnreachable"
      })
    })
  )
})
