import { assert, describe, it } from "@effect/vitest"
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system"
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import * as Effect from "effect/Effect"
import { UserRejectedRequestError } from "../../../src/errors"
import { associatedTokenAccount } from "../../../src/layers/flows/send/solanaTransfer"
import {
  ALICE,
  SOLANA_BOB as RECEIVER,
  SOLANA_ALICE as SENDER,
  SOLANA_SIGNATURE as SIGNATURE
} from "../../kit/accounts"
import { USDC_MINT } from "../../kit/networks"
import { stateTagged } from "../../kit/waits"
import { BLOCKHASHES, balance, FEE, inWorld, RENT, type World } from "./sendWorld"
import { decodeWire } from "./wireTransaction"

/** The message of the wire transaction the wallet was asked to sign and send. */
const sentMessage = (w: World) => {
  const [sent] = w.requests
  assert.isDefined(sent)
  const params = sent?.request.params as { readonly transaction: string }
  return decodeWire(params.transaction).message
}

const fill = (w: World, token: string, amount: string, receiver = RECEIVER) =>
  w.send.edit({ token, amount, receiver })

/** Reviewing a send of 1 USDC with `sol` SOL in the account: the form names `problem`. */
const splReviewRefused = (sol: string, problem: string) =>
  inWorld({ balances: [balance("SOL", sol, 9), balance("USDC", "100", 6, USDC_MINT)] }, (w) =>
    Effect.gen(function* () {
      yield* fill(w, USDC_MINT, "1")
      yield* w.send.review
      assert.strictEqual((yield* stateTagged(w.send.state, "Editing")).amountProblem, problem)
    })
  )

const methods = (w: World) => w.reads.map((r) => r.method)

describe("Send on Solana", () => {
  it.effect("starts on the Solana account's SOL and SPL tokens, SOL chosen", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.namespace, "solana")
        assert.deepStrictEqual(editing.draft, { token: "native", amount: "", receiver: "" })
        assert.deepStrictEqual(
          editing.tokens.map((t) => [t.key, t.symbol, t.decimals, t.balance]),
          [
            ["native", "SOL", 9, 2_000_000_000n],
            [USDC_MINT, "USDC", 6, 100_000_000n]
          ]
        )
      })
    )
  )

  it.effect("SOL: edit, preview with the fee in SOL, confirm on a fresh blockhash, sent", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1.5")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        assert.strictEqual(preview.amount, 1_500_000_000n)
        assert.strictEqual(preview.receiver, RECEIVER)
        assert.deepStrictEqual(preview.fee, { amount: BigInt(FEE), usd: (FEE / 1e9) * 150 })
        assert.strictEqual(preview.accountRent, 0n)
        assert.strictEqual(preview.nativeSymbol, "SOL")
        assert.strictEqual(preview.nativeDecimals, 9)
        assert.isUndefined(preview.simulation)
        assert.deepStrictEqual(preview.request, {
          namespace: "solana",
          network: w.network.caipNetworkId,
          transfer: { kind: "sol", from: SENDER, to: RECEIVER, lamports: 1_500_000_000n }
        })
        assert.deepStrictEqual(methods(w).sort(), [
          "getFeeForMessage",
          "getLatestBlockhash",
          "getMinimumBalanceForRentExemption"
        ])
        assert.isTrue(w.reads.every((r) => r.network === w.network.caipNetworkId))
        assert.strictEqual(w.requests.length, 0)

        yield* w.send.confirm
        const sent = yield* stateTagged(w.send.state, "Sent")
        assert.strictEqual(sent.hash, SIGNATURE)
        assert.strictEqual(w.requests.length, 1)
        assert.strictEqual(w.requests[0]?.request.method, "solana_signAndSendTransaction")
        assert.deepStrictEqual(w.requests[0]?.options, { namespace: "solana", described: true })
        const message = sentMessage(w)
        assert.strictEqual(message.feePayer.address, SENDER)
        assert.deepStrictEqual(
          (message.lifetimeConstraint as { readonly blockhash: string }).blockhash,
          BLOCKHASHES[1]
        )
        assert.strictEqual(message.instructions.length, 1)
        assert.strictEqual(message.instructions[0]?.programAddress, SYSTEM_PROGRAM_ADDRESS)
        const transfer = parseTransferSolInstruction(message.instructions[0] as never)
        assert.strictEqual(transfer.accounts.destination.address, RECEIVER)
        assert.strictEqual(transfer.data.amount, 1_500_000_000n)
      })
    )
  )

  it.effect("SOL: refused when the balance cannot pay the amount and the fee", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "2")
        yield* w.send.review
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.amountProblem, "over-balance-with-fee")
        assert.strictEqual(editing.namespace, "solana")
      })
    )
  )

  it.effect(
    "SOL: refused when it would leave less than an account's rent-exempt minimum, not when it leaves 0",
    () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          // 2 SOL less 1.9995 SOL and the fee leaves 495 000 lamports: above 0, below 890 880.
          yield* fill(w, "native", "1.9995")
          yield* w.send.review
          assert.strictEqual((yield* stateTagged(w.send.state, "Editing")).amountProblem, "below-reserve")
          // Everything but the fee leaves nothing, which the chain accepts.
          yield* fill(w, "native", "1.999995")
          yield* w.send.review
          yield* stateTagged(w.send.state, "Preview")
        })
      )
  )

  it.effect("SPL: the SOL left after the fee and the rent must not strand the account either", () =>
    splReviewRefused("0.0025", "below-reserve")
  )

  it.effect("without the minimum from the node, the send is not refused for it", () =>
    inWorld({ answers: { getMinimumBalanceForRentExemption: { fail: true } } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1.9995")
        yield* w.send.review
        yield* stateTagged(w.send.state, "Preview")
      })
    )
  )

  it.effect("refuses an EVM or malformed receiver without asking the cluster", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        for (const receiver of [ALICE, "alice.reown.id", `${RECEIVER}x`]) {
          yield* fill(w, "native", "1", receiver)
          yield* w.send.review
          const editing = yield* stateTagged(w.send.state, "Editing")
          assert.strictEqual(editing.receiverProblem, "solana-format")
        }
        yield* fill(w, "native", "0", "")
        yield* w.send.review
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.receiverProblem, "empty")
        assert.strictEqual(editing.amountProblem, "zero")
        assert.deepStrictEqual(w.reads, [])
      })
    )
  )

  it.effect("SPL: creates the receiver's token account, counts its rent, and sends transferChecked", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "")
        yield* fill(w, USDC_MINT, "12.5")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        const destination = yield* Effect.promise(() =>
          associatedTokenAccount(RECEIVER, USDC_MINT, TOKEN_PROGRAM_ADDRESS)
        )
        assert.strictEqual(preview.accountRent, BigInt(RENT))
        assert.strictEqual(preview.fee?.amount, BigInt(FEE))
        assert.deepStrictEqual(preview.call, {
          _tag: "SolanaTokenTransfer",
          mint:
            preview.request.namespace === "solana" && preview.request.transfer.kind === "token"
              ? preview.request.transfer.mint
              : "",
          createsAccount: true
        })
        assert.deepStrictEqual(preview.request.namespace === "solana" && preview.request.transfer, {
          kind: "token",
          from: SENDER,
          to: RECEIVER,
          mint: USDC_MINT,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
          decimals: 6,
          amount: 12_500_000n,
          source: yield* Effect.promise(() =>
            associatedTokenAccount(SENDER, USDC_MINT, TOKEN_PROGRAM_ADDRESS)
          ),
          destination,
          createsAccount: true
        })
        // The mint's owner and the receiver's account, then the rent of a legacy token account.
        const rents = w.reads.filter((r) => r.method === "getMinimumBalanceForRentExemption")
        assert.sameDeepMembers(
          rents.map((r) => r.params),
          [[165], [0]]
        )
        assert.deepStrictEqual(
          w.reads.filter((r) => r.method === "getAccountInfo").map((r) => r.params[0]),
          [USDC_MINT, destination]
        )

        yield* w.send.confirm
        yield* stateTagged(w.send.state, "Sent")
        const message = sentMessage(w)
        assert.deepStrictEqual(
          Array.from(message.instructions, (i) => i.programAddress),
          [ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS]
        )
        const transfer = parseTransferCheckedInstruction(message.instructions[1] as never)
        assert.strictEqual(transfer.accounts.destination.address, destination)
        assert.strictEqual(transfer.data.amount, 12_500_000n)
      })
    )
  )

  it.effect("SPL: an existing receiver account is not created, and costs no rent", () =>
    inWorld({ receiverAccount: true }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, USDC_MINT, "1")
        yield* w.send.review
        const { preview } = yield* stateTagged(w.send.state, "Preview")
        assert.strictEqual(preview.accountRent, 0n)
        assert.deepStrictEqual(
          w.reads.filter((r) => r.method === "getMinimumBalanceForRentExemption").map((r) => r.params),
          [[0]]
        )
        yield* w.send.confirm
        assert.deepStrictEqual(
          Array.from(sentMessage(w).instructions, (i) => i.programAddress),
          [TOKEN_PROGRAM_ADDRESS]
        )
      })
    )
  )

  it.effect("SPL: refused when the SOL left cannot pay the fee and the new account's rent", () =>
    splReviewRefused("0.002", "no-fee-balance")
  )

  it.effect("a blockhash answer that does not decode is a typed error in the form", () =>
    inWorld({ answers: { getLatestBlockhash: { value: { value: { blockhash: 42 } } } } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        const editing = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(editing.previewError?._tag, "SchemaDecodeError")
        assert.match(editing.previewError?.message ?? "", /^Latest blockhash: /)
      })
    )
  )

  it.effect("a failing cluster RPC is 'Network request failed', naming the method", () =>
    inWorld({ answers: { getLatestBlockhash: { fail: true } } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        const { previewError } = yield* stateTagged(w.send.state, "Editing")
        assert.strictEqual(previewError?._tag, "ProviderRequestError")
        assert.deepStrictEqual(
          previewError?._tag === "ProviderRequestError" && [previewError.reason, previewError.endpoint],
          ["network", "getLatestBlockhash"]
        )
      })
    )
  )

  it.effect("a mint no token program owns cannot be sent", () =>
    inWorld(
      { answers: { getAccountInfo: { value: { context: { slot: 1 }, value: { owner: SENDER } } } } },
      (w) =>
        Effect.gen(function* () {
          yield* fill(w, USDC_MINT, "1")
          yield* w.send.review
          const { previewError } = yield* stateTagged(w.send.state, "Editing")
          assert.strictEqual(previewError?._tag, "SchemaDecodeError")
        })
    )
  )

  it.effect("without a fee answer the preview says so, and still sends", () =>
    inWorld({ answers: { getFeeForMessage: { value: { context: { slot: 1 }, value: null } } } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        assert.isUndefined((yield* stateTagged(w.send.state, "Preview")).preview.fee)
        yield* w.send.confirm
        yield* stateTagged(w.send.state, "Sent")
      })
    )
  )

  it.effect("the wallet's refusal fails the send; back returns to the Solana form", () =>
    inWorld(
      {
        wallet: () =>
          Effect.fail(new UserRejectedRequestError({ code: 4001, message: "no", cause: undefined }))
      },
      (w) =>
        Effect.gen(function* () {
          yield* fill(w, "native", "1")
          yield* w.send.review
          yield* w.send.confirm
          assert.strictEqual(
            (yield* stateTagged(w.send.state, "Failed")).error._tag,
            "UserRejectedRequestError"
          )
          yield* w.send.back
          const editing = yield* stateTagged(w.send.state, "Editing")
          assert.strictEqual(editing.namespace, "solana")
          assert.strictEqual(editing.draft.amount, "1")
        })
    )
  )

  it.effect("no fresh blockhash at confirmation: failed, and the wallet is not asked", () =>
    inWorld({ answers: { getLatestBlockhash: [undefined, { fail: true }] } }, (w) =>
      Effect.gen(function* () {
        yield* fill(w, "native", "1")
        yield* w.send.review
        yield* stateTagged(w.send.state, "Preview")
        yield* w.send.confirm
        assert.strictEqual((yield* stateTagged(w.send.state, "Failed")).error._tag, "ProviderRequestError")
        assert.strictEqual(w.requests.length, 0)
      })
    )
  )
})
