/**
 * What RpcRouter refuses for the visitor (issue 28 items 3, 4 and 8): a request for another account than
 * the connected one, a wallet whose answer to a send names another transaction, and a wallet's own text in
 * the error a dapp receives.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ChainNotConfiguredError } from "../../src/errors"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { RpcRouter, type WalletRequest } from "../../src/services/RpcRouter"
import { makeMockEip1193Provider } from "../../src/testing/mockWallet"
import { ALICE, BOB, CAROL } from "../kit/accounts"
import { browserWallet, HASH, world } from "./requestWorld"

const request = (args: WalletRequest) => Effect.flatMap(RpcRouter, (rpc) => Effect.exit(rpc.request(args)))
const approvals = Effect.flatMap(RpcRouter, (rpc) => SubscriptionRef.get(rpc.approvals))

/** The typed error a request failed with, as plain fields (its tag, message and own fields). */
const failureOf = (exit: Exit.Exit<unknown, unknown>): Record<string, unknown> => {
  const error = Exit.isFailure(exit) ? Option.getOrUndefined(Exit.findErrorOption(exit)) : undefined
  if (typeof error !== "object" || error === null)
    return assert.fail("the request did not fail with an error")
  const { _tag, message, cause } = error as { _tag?: unknown; message?: unknown; cause?: unknown }
  return { ...error, _tag, message, cause }
}

/** A wallet connected on the sandbox chain that answers every send with `HASH`. */
const sendingWallet = () => {
  const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true, accounts: [ALICE] })
  wallet.setBehaviour("eth_sendTransaction", { _tag: "Result", value: HASH })
  return wallet
}

/**
 * A chain whose node answers `eth_getTransactionByHash` with `transaction`, and `eth_getTransactionCount`
 * with `minedCount` when given; nothing else.
 */
const chainHolding = (transaction: unknown, minedCount?: string) =>
  Layer.succeed(
    FallbackTransport,
    FallbackTransport.of({
      request: (_network, rpcRequest) =>
        rpcRequest.method === "eth_getTransactionByHash"
          ? Effect.succeed(transaction)
          : rpcRequest.method === "eth_getTransactionCount" && minedCount !== undefined
            ? Effect.succeed(minedCount)
            : Effect.fail(new ChainNotConfiguredError({})),
      ranking: () => Effect.die("unused")
    })
  )

/** 0.01 ETH from ALICE to BOB on the sandbox chain, as the node records it. */
const onChain = (fields: Record<string, unknown> = {}) => ({
  hash: HASH,
  from: ALICE.toLowerCase(),
  to: BOB.toLowerCase(),
  value: "0x2386f26fc10000",
  input: "0x",
  chainId: "0x7a69",
  blockNumber: null,
  ...fields
})
const send = (fields: Record<string, unknown> = {}) =>
  request({
    method: "eth_sendTransaction",
    params: [{ from: ALICE, to: BOB, value: "0x2386f26fc10000", ...fields }]
  })

describe("a request for another account than the connected one", () => {
  const foreign: ReadonlyArray<readonly [string, WalletRequest]> = [
    [
      "eth_sendTransaction",
      { method: "eth_sendTransaction", params: [{ from: BOB, to: CAROL, value: "0x1" }] }
    ],
    ["wallet_sendCalls", { method: "wallet_sendCalls", params: [{ from: BOB, calls: [{ to: CAROL }] }] }],
    ["personal_sign", { method: "personal_sign", params: ["0x68656c6c6f", BOB] }],
    ["eth_signTypedData_v4", { method: "eth_signTypedData_v4", params: [BOB, "{}"] }]
  ]
  for (const [method, args] of foreign) {
    it.effect(`${method}: refused with AccountMismatchError, never shown nor sent to the wallet`, () => {
      const wallet = sendingWallet()
      return Effect.gen(function* () {
        const error = failureOf(yield* request(args))
        assert.strictEqual(error._tag, "AccountMismatchError")
        assert.strictEqual(error.expected, ALICE)
        assert.strictEqual(error.requested, BOB)
        assert.strictEqual(error.message, "Account mismatch: the request is not from the connected account")
        assert.strictEqual(wallet.count(method), 0)
        assert.deepStrictEqual(yield* approvals, [])
      }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
    })
  }

  it.effect("the connected account in another case, or no sender named, goes to the wallet", () => {
    const wallet = sendingWallet()
    return Effect.gen(function* () {
      assert.isTrue(Exit.isSuccess(yield* send({ from: ALICE.toLowerCase() })))
      assert.isTrue(Exit.isSuccess(yield* send({ from: undefined })))
      assert.strictEqual(wallet.count("eth_sendTransaction"), 2)
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })

  it.effect("a send whose receiver, value or data does not read is refused before the wallet", () => {
    const wallet = sendingWallet()
    return Effect.gen(function* () {
      for (const fields of [
        { to: "0x01" },
        { value: "12" },
        { data: "0xzz" },
        { data: "0x01", input: "0x02" }
      ]) {
        assert.strictEqual(failureOf(yield* send(fields))._tag, "SchemaDecodeError")
      }
      assert.strictEqual(wallet.count("eth_sendTransaction"), 0)
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })
})

describe("a wallet's answer to a send", () => {
  it.effect(
    "naming a transaction of another sender, receiver, value, data or chain: TransactionMismatchError, nothing tracked",
    () => {
      const cases: ReadonlyArray<readonly [Record<string, unknown>, ReadonlyArray<string>]> = [
        [{ from: CAROL }, ["from"]],
        [{ to: CAROL, value: "0x1" }, ["to", "value"]],
        [{ input: "0xa9059cbb" }, ["data"]],
        [{ chainId: "0x1" }, ["chain"]]
      ]
      return Effect.forEach(cases, ([fields, differing]) => {
        const wallet = sendingWallet()
        const { layer, tracked } = world(browserWallet(wallet), { chains: chainHolding(onChain(fields)) })
        return Effect.gen(function* () {
          const error = failureOf(yield* send())
          assert.strictEqual(error._tag, "TransactionMismatchError")
          assert.strictEqual(error.hash, HASH)
          assert.deepStrictEqual(error.fields, differing)
          assert.deepStrictEqual(tracked, [])
        }).pipe(Effect.provide(layer))
      })
    }
  )

  it.effect(
    "naming the transaction sent (any case), or one the node does not know yet: the hash, tracked with the request",
    () => {
      const answers = [
        onChain({ from: ALICE, to: BOB }),
        null,
        "garbage",
        onChain({ hash: `0x${"00".repeat(32)}` })
      ]
      return Effect.forEach(answers, (answer) => {
        const wallet = sendingWallet()
        const { layer, tracked } = world(browserWallet(wallet), { chains: chainHolding(answer) })
        return Effect.gen(function* () {
          const exit = yield* send()
          assert.deepStrictEqual(exit, Exit.succeed(HASH))
          assert.deepStrictEqual(
            tracked.map((t) => (t.kind === "transaction" ? t.sent : undefined)),
            [{ from: ALICE, to: BOB, value: 10_000_000_000_000_000n, data: "0x" }]
          )
        }).pipe(Effect.provide(layer))
      })
    }
  )
})

describe("a wallet that answers the hash of the account's own earlier, identical send", () => {
  /** A node that has mined 5 of the account's transactions (nonces 0 to 4), holding `transaction`. */
  const chainAfterFive = (transaction: unknown) => chainHolding(transaction, "0x5")

  it.effect("is refused: that transaction's nonce was mined before the wallet was asked", () => {
    const wallet = sendingWallet()
    const { layer, tracked } = world(browserWallet(wallet), {
      chains: chainAfterFive(onChain({ nonce: "0x4" }))
    })
    return Effect.gen(function* () {
      const error = failureOf(yield* send())
      assert.strictEqual(error._tag, "TransactionMismatchError")
      assert.deepStrictEqual(error.fields, ["nonce"])
      assert.deepStrictEqual(tracked, [])
    }).pipe(Effect.provide(layer))
  })

  it.effect("while the new one (nonce 5) is the hash's: sent, tracked with the floor", () => {
    const wallet = sendingWallet()
    const { layer, tracked } = world(browserWallet(wallet), {
      chains: chainAfterFive(onChain({ nonce: "0x5" }))
    })
    return Effect.gen(function* () {
      assert.deepStrictEqual(yield* send(), Exit.succeed(HASH))
      assert.deepStrictEqual(
        tracked.map((t) => (t.kind === "transaction" ? t.sent?.nonceFloor : undefined)),
        [5n]
      )
    }).pipe(Effect.provide(layer))
  })
})

describe("a smart account's send", () => {
  it.effect(
    "reaches the chain as its owner's call into the account: it is not taken for another transaction, and tracked without the request to compare",
    () => {
      const wallet = sendingWallet()
      // What a smart account's hash names: the owner (CAROL here) calling the account with its own data.
      const ownersCall = onChain({ from: CAROL, to: ALICE, value: "0x0", input: "0xb61d27f6" })
      const { layer, tracked } = world(browserWallet(wallet), {
        chains: chainHolding(ownersCall),
        accountType: "smartAccount"
      })
      return Effect.gen(function* () {
        assert.deepStrictEqual(yield* send(), Exit.succeed(HASH))
        assert.deepStrictEqual(
          tracked.map((t) => (t.kind === "transaction" ? t.sent : "calls")),
          [undefined]
        )
      }).pipe(Effect.provide(layer))
    }
  )
})

describe("a wallet's refusal, as the dapp receives it", () => {
  it.effect("carries the catalogue's words, not the wallet's text; the wallet's error stays in cause", () => {
    const wallet = sendingWallet()
    const hostile = "Your wallet is compromised: visit evil.example and enter your seed phrase"
    wallet.setBehaviour("eth_sendTransaction", { _tag: "Error", code: 4001, message: hostile })
    wallet.setBehaviour("eth_getBalance", { _tag: "Error", code: -32000, message: hostile })
    return Effect.gen(function* () {
      const rejected = failureOf(yield* send())
      assert.strictEqual(rejected._tag, "UserRejectedRequestError")
      assert.strictEqual(rejected.code, 4001)
      assert.strictEqual(rejected.message, "Request rejected in wallet")
      assert.strictEqual((rejected.cause as { message?: unknown } | undefined)?.message, hostile)
      const read = failureOf(yield* request({ method: "eth_getBalance", params: [ALICE, "latest"] }))
      assert.strictEqual(read.message, "The wallet ran into an error. Try again.")
    }).pipe(Effect.provide(world(browserWallet(wallet)).layer))
  })
})
