/**
 * Send on EVM (`SendLive`, `Send.lazy.ts`) over fake services: the form on the account's ETH and ERC-20
 * balances, its checks, the preview (the fee in ETH and USD, the decoded call, the simulated change, a
 * receiver given by name), the request through RpcRouter, a rejected request, a network problem, back from
 * the review, and one request however often confirm is pressed. The request names the chain its preview
 * was made on (31337, `0x7a69`), so a wallet on another one refuses it.
 */

import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { encodeFunctionData, erc20Abi, getAddress } from "viem"
import { coinTypeOf } from "../../../src/layers/flows/names/accountNames"
import * as SendFlow from "../../../src/layers/flows/send/Send.lazy"
import { callSummaryText } from "../../../src/layers/requests/requestWords"
import { callSummary } from "../../../src/layers/requests/tokenCalls"
import { approveWords } from "../../../src/messages/compiled/en/approve"
import { present } from "../../../src/presentation"
import type { SendState } from "../../../src/services/Send"
import { ChainDisconnectedError, UserRejectedRequestError } from "../../../src/walletErrors"
import { ALICE, BOB, TX_HASH as HASH } from "../../kit/accounts"
import { SUSD_ADDRESS } from "../../kit/networks"
import { stateTagged, untilState } from "../../kit/waits"
import {
  evmBalance,
  GAS_PRICE,
  inWorld,
  NATIVE_GAS,
  type Options,
  type Read,
  TOKEN_GAS,
  type World
} from "./sendWorld"

const ETHER = 10n ** 18n
const CHAIN = "eip155:31337"

const onEvm = (options: Options, body: (w: World) => Effect.Effect<void>) =>
  inWorld({ namespace: "eip155", ...options }, body)

const fill = (w: World, token: string, amount: string, receiver: string = BOB) =>
  w.send.edit({ token, amount, receiver })

const methods = (w: World) => w.reads.map((r) => r.method).sort()

const tagged =
  <T extends SendState["_tag"]>(tag: T) =>
  (state: SendState): state is Extract<SendState, { _tag: T }> =>
    state._tag === tag

describe("Send on EVM", () => {
  it.effect("starts on the EVM account's ETH and ERC-20 tokens, ETH chosen", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.namespace, "eip155")
        assert.deepStrictEqual(editing.draft, { token: "native", amount: "", receiver: "" })
        assert.deepStrictEqual(
          editing.tokens.map((t) => [t.key, t.symbol, t.decimals, t.balance]),
          [
            ["native", "ETH", 18, 2n * ETHER],
            [getAddress(SUSD_ADDRESS), "sUSD", 6, 100_000_000n]
          ]
        )
      })
    )
  )

  it.effect("ETH: the preview has the fee in ETH and USD and the simulated change; confirming sends it", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "0.5")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        const transaction = { from: ALICE, to: BOB, value: `0x${(ETHER / 2n).toString(16)}` }
        assert.deepStrictEqual(preview.request, { namespace: "eip155", transaction })
        assert.strictEqual(preview.amount, ETHER / 2n)
        assert.strictEqual(preview.receiver, BOB)
        assert.isUndefined(preview.receiverName)
        // 21 000 gas at 1 gwei, ETH at 3000 USD.
        assert.strictEqual(preview.fee?.amount, NATIVE_GAS * GAS_PRICE)
        assert.closeTo(preview.fee?.usd ?? Number.NaN, 0.063, 1e-9)
        assert.strictEqual(preview.accountRent, 0n)
        assert.strictEqual(preview.nativeSymbol, "ETH")
        assert.strictEqual(preview.nativeDecimals, 18)
        assert.deepStrictEqual(preview.call, { _tag: "None" })
        assert.deepStrictEqual(preview.simulation, {
          _tag: "Simulated",
          changes: [{ token: "native", delta: -(ETHER / 2n), symbol: undefined, decimals: undefined }],
          tokens: []
        })
        assert.deepStrictEqual(methods(w), ["eth_estimateGas", "eth_gasPrice", "eth_simulateV1"])
        assert.isTrue(w.reads.every((r) => r.network === CHAIN))
        assert.deepStrictEqual(w.reads.find((r) => r.method === "eth_estimateGas")?.params, [transaction])
        assert.strictEqual(w.requests.length, 0)

        yield* w.send.confirm
        const sent = yield* stateTagged(w.send.state, "Sent")
        assert.strictEqual(sent.hash, HASH)
        assert.strictEqual(sent.preview, preview)
        assert.deepStrictEqual(w.requests, [
          {
            request: { method: "eth_sendTransaction", params: [{ ...transaction, chainId: "0x7a69" }] },
            options: { namespace: "eip155", described: true }
          }
        ])
      })
    )
  )

  it.effect("ERC-20: a transfer call to the token's contract, decoded, its fee paid in ETH", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        const token = getAddress(SUSD_ADDRESS)
        yield* fill(w, token, "12.5")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [BOB, 12_500_000n] })
        assert.deepStrictEqual(preview.request, {
          namespace: "eip155",
          transaction: { from: ALICE, to: token, data }
        })
        assert.strictEqual(preview.token.symbol, "sUSD")
        assert.strictEqual(preview.amount, 12_500_000n)
        // The review words the call data it decodes.
        assert.strictEqual(
          preview.call._tag === "EvmData" &&
            callSummaryText(approveWords, callSummary(preview.call.data, preview.token), "en-US"),
          `Transfer 12.5 sUSD to ${BOB}`
        )
        assert.strictEqual(preview.fee?.amount, TOKEN_GAS * GAS_PRICE)
        assert.deepStrictEqual(preview.simulation, {
          _tag: "Simulated",
          changes: [
            {
              token: SUSD_ADDRESS.toLowerCase() as `0x${string}`,
              delta: -12_500_000n,
              symbol: "sUSD",
              decimals: 6
            }
          ],
          tokens: [{ token: SUSD_ADDRESS.toLowerCase() as `0x${string}`, symbol: "sUSD", decimals: 6 }]
        })

        yield* w.send.confirm
        assert.strictEqual((yield* stateTagged(w.send.state, "Sent")).hash, HASH)
        assert.deepStrictEqual(w.requests[0]?.request, {
          method: "eth_sendTransaction",
          params: [{ from: ALICE, to: token, data, chainId: "0x7a69" }]
        })
      })
    )
  )

  it.effect("the form's problems come back with the form, and the chain is not asked", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        const cases = [
          ["3", BOB, "over-balance", undefined],
          ["0", BOB, "zero", undefined],
          ["1.5.", BOB, "format", undefined],
          ["0.1", "", undefined, "empty"],
          ["0.1", "0x1234", undefined, "format"],
          ["0.1", BOB.replace("C5", "c5"), undefined, "checksum"],
          ["0.1", "nobody.reown.id", undefined, "unknown-name"]
        ] as const
        for (const [amount, receiver, amountProblem, receiverProblem] of cases) {
          yield* fill(w, "native", amount, receiver)
          yield* w.send.review
          const editing = yield* stateTagged(w.send.state, "Editing")
          assert.strictEqual(editing.amountProblem, amountProblem, `${amount} to ${receiver}`)
          assert.strictEqual(editing.receiverProblem, receiverProblem, `${amount} to ${receiver}`)
          assert.strictEqual(editing.namespace, "eip155")
          assert.deepStrictEqual(editing.draft, { token: "native", amount, receiver })
        }
        assert.deepStrictEqual(w.reads, [])
        // The next edit clears what the review found.
        yield* fill(w, "native", "0.2")
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.isUndefined(editing.amountProblem)
        assert.isUndefined(editing.receiverProblem)
      })
    )
  )

  it.effect("a fee the account cannot pay: over-balance-with-fee for ETH, no-fee-balance for a token", () =>
    onEvm({ balances: [evmBalance("ETH", "0.00001", 18), evmBalance("sUSD", "100", 6, SUSD_ADDRESS)] }, (w) =>
      Effect.gen(function* () {
        // 0.00001 ETH less a 0.000021 ETH fee.
        yield* fill(w, "native", "0.00001")
        yield* w.send.review
        assert.strictEqual(
          (yield* stateTagged(w.send.state, "Editing")).amountProblem,
          "over-balance-with-fee"
        )
        yield* fill(w, getAddress(SUSD_ADDRESS), "1")
        yield* w.send.review
        assert.strictEqual((yield* stateTagged(w.send.state, "Editing")).amountProblem, "no-fee-balance")
      })
    )
  )

  it.effect("a receiver given by name: its address for this chain's coin type, shown with the name", () =>
    onEvm(
      {
        profiles: {
          "bobby.reown.id": {
            name: "bobby.reown.id",
            addresses: { [String(coinTypeOf(31337))]: { address: BOB.toLowerCase() } }
          }
        }
      },
      (w) =>
        Effect.gen(function* () {
          yield* fill(w, "native", "0.01", "  Bobby.reown.id ")
          yield* w.send.review
          const { preview } = yield* stateTagged(w.send.state, "Preview")
          assert.strictEqual(preview.receiver, BOB)
          assert.strictEqual(preview.receiverName, "bobby.reown.id")
          assert.deepStrictEqual(
            preview.request.namespace === "eip155" && preview.request.transaction.to,
            BOB
          )
        })
    )
  )

  it.effect("a request the wallet rejects: Failed with its error; back returns to the EVM form", () => {
    const rejected = new UserRejectedRequestError({ code: 4001, message: "no", cause: undefined })
    return onEvm({ wallet: () => Effect.fail(rejected) }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        yield* w.send.confirm
        const failed = yield* stateTagged(w.send.state, "Failed")
        assert.strictEqual(failed.error, rejected)
        assert.strictEqual(failed.preview, preview)
        assert.strictEqual(present(failed.error).message, "Request rejected in wallet")
        // A failed send is not sent again from the failure.
        yield* w.send.confirm
        assert.strictEqual(w.requests.length, 1)
        yield* w.send.back
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.namespace, "eip155")
        assert.deepStrictEqual(editing.draft, { token: "native", amount: "1", receiver: BOB })
      })
    )
  })

  it.effect("a chain that does not answer: no fee, not simulated, and the send still goes", () =>
    onEvm({ answers: { eth_estimateGas: { fail: true }, eth_simulateV1: { fail: true } } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        assert.isUndefined(preview.fee)
        assert.deepStrictEqual(preview.simulation, { _tag: "NotSimulated" })
        yield* w.send.confirm
        yield* stateTagged(w.send.state, "Sent")
      })
    )
  )

  it.effect("a wallet that lost the network: Failed, in the catalogue's words", () =>
    onEvm(
      {
        wallet: () =>
          Effect.fail(new ChainDisconnectedError({ code: 4901, message: "disconnected", cause: undefined }))
      },
      (w) =>
        Effect.gen(function* () {
          yield* fill(w, "native", "1")
          yield* w.send.review
          yield* w.send.confirm
          const { error } = yield* stateTagged(w.send.state, "Failed")
          assert.strictEqual(error._tag, "ChainDisconnectedError")
          assert.strictEqual(present(error).message, "Wallet is not connected to this network")
        })
    )
  )

  it.effect("back from the preview keeps the draft; a review still on its way after back never lands", () =>
    Effect.gen(function* () {
      const gasPrice = yield* Deferred.make<void>()
      // The second review's gas price waits until the visitor went back.
      const before = (read: Read, n: number) =>
        read.method === "eth_gasPrice" && n === 1 ? Deferred.await(gasPrice) : Effect.void
      yield* onEvm({ before }, (w) =>
        Effect.gen(function* () {
          yield* fill(w, "native", "0.1")
          yield* w.send.review
          yield* stateTagged(w.send.state, "Preview")
          yield* w.send.back
          const form = yield* stateTagged(w.send.state, "Editing")
          assert.deepStrictEqual(form.draft, { token: "native", amount: "0.1", receiver: BOB })

          const reviewing = yield* Effect.forkChild(w.send.review)
          yield* untilState(w.send.state, tagged("Reviewing"))
          yield* w.send.back
          const back = yield* stateTagged(w.send.state, "Editing")
          yield* Deferred.succeed(gasPrice, undefined)
          yield* Fiber.join(reviewing)
          assert.strictEqual(yield* SubscriptionRef.get(w.send.state), back)
        })
      )
    })
  )

  it.effect("confirm pressed twice asks the wallet once", () =>
    Effect.gen(function* () {
      const answer = yield* Deferred.make<unknown>()
      yield* onEvm({ wallet: () => Deferred.await(answer) }, (w) =>
        Effect.gen(function* () {
          yield* fill(w, "native", "0.1")
          yield* w.send.review
          const first = yield* Effect.forkChild(w.send.confirm)
          yield* untilState(w.send.state, tagged("Sending"))
          yield* w.send.confirm
          yield* Deferred.succeed(answer, HASH)
          yield* Fiber.join(first)
          yield* stateTagged(w.send.state, "Sent")
          assert.strictEqual(w.requests.length, 1)
        })
      )
    })
  )

  it.effect("balances that arrive while the form shows join it", () =>
    onEvm({}, (w) =>
      Effect.gen(function* () {
        yield* SubscriptionRef.set(w.tokens, {
          _tag: "Ready",
          value: [evmBalance("ETH", "5", 18), evmBalance("sUSD", "100", 6, SUSD_ADDRESS)]
        })
        const form = yield* untilState(
          w.send.state,
          (state): state is Extract<SendState, { _tag: "Editing" }> =>
            state._tag === "Editing" && state.tokens[0]?.balance === 5n * ETHER
        )
        assert.strictEqual(form.tokens.length, 2)
      })
    )
  )

  it.effect("code that did not load: the command does nothing, and the next one loads it", () => {
    let loads = 0
    const load = () => {
      loads += 1
      return loads === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(SendFlow)
    }
    return inWorld({ namespace: "eip155", load }, (w) =>
      Effect.gen(function* () {
        // inWorld's start found no code.
        yield* stateTagged(w.send.state, "Idle")
        yield* w.send.start
        yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(loads, 2)
      })
    )
  })
})
