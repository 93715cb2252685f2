/**
 * The Send flow on a Bitcoin account (issue 35): BTC in the form (8 decimals), the review the PSBT the
 * modal builds with its fee and rate before confirming, the confirmation asked of the wallet as
 * `signPsbt` with broadcast on the request path (described: no second preview), sent with the txid.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { BITCOIN_REGTEST } from "../../sandbox/shared/bitcoin"
import { inWorld } from "../flows/send/sendWorld"
import { tokenBalance } from "../kit/flowWorld"
import { stateTagged } from "../kit/waits"
import type { EsploraRoutes } from "./bitcoinRouterWorld"
import { ALICE_BTC, CAROL_BTC, utxo } from "./bitcoinWorld"

const alice = ALICE_BTC.payment.address
const esplora: EsploraRoutes = (method, path) => {
  if (method === "GET" && path === `/address/${alice}/utxo`)
    return { status: 200, body: JSON.stringify([utxo(1, 40_000), utxo(2, 250_000, 1)]) }
  if (method === "GET" && path === "/fee-estimates") return { status: 200, body: '{"6":2}' }
  return { status: 404, body: "" }
}
const options = {
  namespace: "bip122" as const,
  balances: [tokenBalance(BITCOIN_REGTEST, "BTC", "0.0029", 8, { price: 0 })],
  esplora
}

describe("Send on Bitcoin (the flow)", () => {
  it.effect(
    "0.001 BTC: the review shows the modal's PSBT and its fee; confirming asks signPsbt with broadcast",
    () =>
      inWorld(options, (w) =>
        Effect.gen(function* () {
          const editing = yield* stateTagged(w.send.state, "Editing")
          assert.strictEqual(editing.namespace, "bip122")
          yield* w.send.edit({ token: "native", amount: "0.001", receiver: CAROL_BTC.payment.address })
          yield* w.send.review
          const { preview } = yield* stateTagged(w.send.state, "Preview")
          assert.strictEqual(preview.amount, 100_000n)
          assert.strictEqual(preview.call._tag, "BitcoinTransfer")
          assert.isDefined(preview.fee)
          yield* w.send.confirm
          const sent = yield* stateTagged(w.send.state, "Sent")
          assert.strictEqual(sent.hash, "00".repeat(32))
          const [asked] = w.requests
          const params = asked?.request.params as { psbt: string; broadcast: boolean; account: string }
          assert.strictEqual(asked?.request.method, "signPsbt")
          assert.isTrue(params.broadcast)
          assert.strictEqual(params.account, alice)
          assert.strictEqual(
            params.psbt,
            preview.request.namespace === "bip122" ? preview.request.psbt : "",
            "the PSBT reviewed is the one sent"
          )
          assert.deepStrictEqual(asked?.options, { namespace: "bip122", described: true })
          // No watcher follows a Bitcoin send: the balances are read again once it is sent.
          assert.strictEqual(w.refreshes(), 1)
        })
      )
  )

  it.effect("an amount past the balance is the form's problem; an address of another network too", () =>
    inWorld(options, (w) =>
      Effect.gen(function* () {
        yield* w.send.edit({ token: "native", amount: "0.01", receiver: CAROL_BTC.payment.address })
        yield* w.send.review
        assert.strictEqual((yield* stateTagged(w.send.state, "Editing")).amountProblem, "over-balance")
        yield* w.send.edit({ amount: "0.001", receiver: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" })
        yield* w.send.review
        assert.strictEqual((yield* stateTagged(w.send.state, "Editing")).receiverProblem, "format")
      })
    )
  )
})
