import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Scope from "effect/Scope"
import { keccak256, toHex } from "viem"
import type { RpcTransportShape } from "../../src/services/RpcTransport"

/**
 * The behaviour every `RpcTransport` owes its callers, run against a real node (anvil, chain 31337 by
 * default). `makeTransport` is called inside each test, after the node has started.
 */
export const rpcTransportContract = (
  name: string,
  makeTransport: () => Effect.Effect<RpcTransportShape, never, Scope.Scope>,
  expected: { readonly chainIdHex: string } = { chainIdHex: "0x7a69" }
) =>
  describe(`RpcTransport contract: ${name}`, () => {
    it.live("eth_chainId returns the chain id in hex", () =>
      Effect.gen(function* () {
        const transport = yield* makeTransport()
        assert.strictEqual(yield* transport.request({ method: "eth_chainId" }), expected.chainIdHex)
      })
    )

    it.live("a JSON-RPC error from the node surfaces as RpcResponseError with its code", () =>
      Effect.gen(function* () {
        const transport = yield* makeTransport()
        const error = yield* Effect.flip(
          transport.request({ method: "eth_getBalance", params: ["0xnot-an-address", "latest"] })
        )
        assert.strictEqual(error._tag, "RpcResponseError")
        if (error._tag === "RpcResponseError") {
          assert.strictEqual(error.code, -32602)
          assert.isNotEmpty(error.message)
        }
      })
    )

    it.live("an unknown method fails typed (method not found), not as a defect", () =>
      Effect.gen(function* () {
        const transport = yield* makeTransport()
        const exit = yield* Effect.exit(transport.request({ method: "airlock_noSuchMethod", params: [] }))
        assert.isTrue(Exit.isFailure(exit))
        const error = yield* Effect.flip(transport.request({ method: "airlock_noSuchMethod", params: [] }))
        assert.strictEqual(error._tag, "RpcResponseError")
        if (error._tag === "RpcResponseError") assert.strictEqual(error.code, -32601)
      })
    )

    it.live("concurrent requests each get their own answer", () =>
      Effect.gen(function* () {
        const transport = yield* makeTransport()
        const inputs = Array.from({ length: 24 }, (_, i) => toHex(`airlock-${i}`))
        const answers = yield* Effect.forEach(
          inputs,
          (input, i) =>
            i % 4 === 0
              ? transport.request({ method: "eth_chainId" })
              : transport.request({ method: "web3_sha3", params: [input] }),
          { concurrency: "unbounded" }
        )
        answers.forEach((answer, i) => {
          const input = inputs[i]
          assert.strictEqual(
            answer,
            i % 4 === 0 || input === undefined ? expected.chainIdHex : keccak256(input),
            `answer ${i}`
          )
        })
      })
    )
  })
