// @vitest-environment happy-dom

// Requests through RpcRouter to a wallet paired through WalletConnect.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { RpcRouter } from "../../src/services/RpcRouter"
import { type MockWalletConnect, makeMockWalletConnect } from "../../src/testing/mockWalletConnect"
import { ALICE } from "../kit/accounts"
import { makeArea } from "../kit/fixtures"
import { connectWalletConnect, layerOf, type PairedWorld, SOL, solanaDevnet } from "./walletConnectWorld"

// RpcRouter sends to the wallet Connection holds.
describe("RpcRouter.request", () => {
  const SIGNATURE = `0x${"ab".repeat(65)}`
  const SOL_SIGNATURE =
    "4jSzw3nVsfRTtP1RZCPqKtgMdGmyxXkMWRoxL1AyetWm8wuo6L13Aiwgkcc8TLyhJY4PeAzGDvyXMGWtr1Gdmz9n"
  const answers = (request: { readonly method: string }) => {
    switch (request.method) {
      case "personal_sign":
        return Promise.resolve(SIGNATURE)
      case "eth_signTypedData_v4":
        return Promise.reject({ code: 5000, message: "User rejected." })
      case "solana_signAndSendTransaction":
        return Promise.resolve({ signature: SOL_SIGNATURE })
      case "solana_signMessage":
        return Promise.resolve({ signature: "0x not base58" })
      default:
        return Promise.resolve(null)
    }
  }

  /** A test over a wallet paired through WalletConnect, answering as `answers` says. */
  const pairedTest = (
    name: string,
    body: (mock: MockWalletConnect) => Generator<Effect.Effect<unknown, unknown, PairedWorld>, void, never>
  ) =>
    it.effect(name, () => {
      const mock = makeMockWalletConnect({ answer: answers })
      return Effect.gen(function* () {
        yield* connectWalletConnect(mock)
        yield* Effect.gen(() => body(mock))
      }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
    })

  /** The error a request to the connected wallet fails with. */
  const failure = (...args: Parameters<RpcRouter["Service"]["request"]>) =>
    Effect.flatMap(RpcRouter, (rpc) => Effect.flip(rpc.request(...args)))
  const signSolanaMessage = { method: "solana_signMessage", params: { message: "2", pubkey: SOL } }
  const sendSolana = (options: Record<string, unknown>) => ({
    method: "solana_signAndSendTransaction",
    params: { transaction: "AQAB", options }
  })
  pairedTest("routes allowed methods to the namespace's wallet and decodes the answer", function* (mock) {
    const rpc = yield* RpcRouter
    assert.strictEqual(yield* rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }), SIGNATURE)
    const sent = yield* rpc.request(
      {
        method: "solana_signAndSendTransaction",
        params: {
          transaction: "AQAB",
          options: { skipPreflight: true, preflightCommitment: "confirmed", maxRetries: 3 }
        }
      },
      { namespace: "solana" }
    )
    assert.deepStrictEqual(sent, { signature: SOL_SIGNATURE })
    assert.deepStrictEqual(
      mock.requests.map((r) => [r.method, r.chainId]),
      [
        ["personal_sign", "eip155:31337"],
        ["solana_signAndSendTransaction", solanaDevnet.caipNetworkId]
      ]
    )
  })

  pairedTest(
    "refuses unlisted methods, wrong namespaces and bad options before the wallet hears of them",
    function* (mock) {
      const unlisted = yield* failure({ method: "eth_sign", params: [ALICE, "0x00"] })
      assert.strictEqual(unlisted.message, "Requested RPC call is not allowed")
      const wrongNamespace = yield* failure(signSolanaMessage, { namespace: "eip155" })
      assert.strictEqual(wrongNamespace._tag, "MethodNotAllowedError")
      // Bad options, and options it does not know.
      for (const options of [{ maxRetries: -1 }, { retry: true }]) {
        const refused = yield* failure(sendSolana(options), { namespace: "solana" })
        assert.strictEqual(refused._tag, "SchemaDecodeError", JSON.stringify(options))
      }
      assert.strictEqual(mock.requests.length, 0)
    }
  )

  pairedTest(
    "a declined signature reads 'Signature declined'; a malformed answer is a decode error",
    function* () {
      const declined = yield* failure({ method: "eth_signTypedData_v4", params: [ALICE, "{}"] })
      assert.strictEqual(declined.message, "Signature declined")
      const malformed = yield* failure(signSolanaMessage, { namespace: "solana" })
      assert.strictEqual(malformed._tag, "SchemaDecodeError")
    }
  )

  it.effect("without a wallet on the namespace it fails with 'Connector not connected.'", () => {
    const mock = makeMockWalletConnect()
    return Effect.gen(function* () {
      const rpc = yield* RpcRouter
      const error = yield* Effect.flip(rpc.request({ method: "personal_sign", params: ["0x00", ALICE] }))
      assert.strictEqual(error.message, "Connector not connected.")
    }).pipe(Effect.provide(layerOf(mock, makeArea().area)))
  })
})
