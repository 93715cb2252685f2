/**
 * Send's Bitcoin path (issue 35): the amount in BTC through sendForm's rules, the receiver by the network's
 * address rules, the review the PSBT the modal builds (fee and fee rate before confirming), and what the
 * confirmation asks the wallet (`signPsbt` with broadcast, every input the payment address's).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { makeBitcoinSend } from "../../src/layers/flows/send/bitcoinSend"
import { makeSendPreviews, type Refusal } from "../../src/layers/flows/send/sendPreview"
import type { CaipNetwork } from "../../src/schemas/Network"
import type { SendableToken, SendPreview } from "../../src/services/Send"
import { blockchainApiWith } from "../kit/blockchainApi"
import { esploraFetch, regtestNetwork } from "./bitcoinRouterWorld"
import { ALICE_BTC, CAROL_BTC, utxo } from "./bitcoinWorld"

const network = regtestNetwork as unknown as CaipNetwork
const alice = ALICE_BTC.payment.address
const btc: SendableToken = {
  key: "native",
  name: "Bitcoin",
  symbol: "BTC",
  decimals: 8,
  balance: 290_000n,
  price: 0
}

const fetch = esploraFetch((method, path) => {
  if (method === "GET" && path === `/address/${alice}/utxo`)
    return { status: 200, body: JSON.stringify([utxo(1, 40_000), utxo(2, 250_000, 1)]) }
  if (method === "GET" && path === "/fee-estimates") return { status: 200, body: '{"6":3.5}' }
  return { status: 500, body: "" }
}, [])

const previewOf = (draft: { amount: string; receiver: string }) => {
  const previews = makeSendPreviews(
    {} as never,
    blockchainApiWith({}),
    Effect.die("no Solana here"),
    Effect.succeed(makeBitcoinSend(fetch))
  )
  return previews({ namespace: "bip122", address: alice, network }, { token: "native", ...draft }, [btc])
}

describe("Send on Bitcoin", () => {
  it.effect("reviews 0.001 BTC as the PSBT the modal builds, with its fee and fee rate", () =>
    Effect.gen(function* () {
      const preview = (yield* previewOf({
        amount: "0.001",
        receiver: CAROL_BTC.payment.address
      })) as SendPreview
      assert.strictEqual(preview.amount, 100_000n)
      assert.strictEqual(preview.request.namespace, "bip122")
      assert.strictEqual(preview.call._tag, "BitcoinTransfer")
      if (preview.call._tag === "BitcoinTransfer" && preview.request.namespace === "bip122") {
        assert.strictEqual(preview.call.feeRate, 3.5)
        assert.strictEqual(preview.fee?.amount, BigInt(Math.ceil(3.5 * preview.call.vsize)))
        assert.deepStrictEqual(preview.request.signInputs, [{ address: alice, index: 0 }])
      }
    })
  )

  it.effect("refuses another network's address and an amount with more than 8 decimals, in the form", () =>
    Effect.gen(function* () {
      const mainnet = (yield* previewOf({
        amount: "0.001",
        receiver: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
      })) as Refusal
      assert.strictEqual(mainnet.receiverProblem, "format")
      const decimals = (yield* previewOf({
        amount: "0.000000001",
        receiver: CAROL_BTC.payment.address
      })) as Refusal
      assert.strictEqual(decimals.amountProblem, "decimals")
    })
  )

  it.effect("funds short of the amount and its fee fail the review with the fee in words", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(previewOf({ amount: "0.0029", receiver: CAROL_BTC.payment.address }))
      assert.strictEqual(error._tag, "BitcoinError")
      if (error._tag === "BitcoinError") assert.strictEqual(error.failure._tag, "InsufficientFunds")
    })
  )
})
