// @vitest-environment happy-dom

// Switch network: the wallet Connection holds, asked to switch or add a chain.

import { assert, describe } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ChainNotSupportedError, NetworkNotFoundError } from "../../src/errors"
import type { CaipNetworkId } from "../../src/schemas/Primitives"
import { StorageKeys } from "../../src/schemas/StorageKeys"
import type { Eip1193Provider } from "../../src/services/Connectors"
import { RpcRouter } from "../../src/services/RpcRouter"
import type { MockEip1193Provider } from "../../src/testing/index"
import { activeNetwork, announce, connectTo, mockWallet, status, walletA } from "../kit/connectionWorld"
import { connectedWallet, connectionTest } from "./connectionTest"

// RpcRouter switches the wallet Connection holds.
describe("RpcRouter.switchNetwork", () => {
  /**
   * Connects `provider` (by default `mock` itself) as Wallet A and switches to `target`; answers how often
   * the wallet was asked to switch and to add a chain, and the network then active.
   */
  const switching = (mock: MockEip1193Provider, target: CaipNetworkId, provider: Eip1193Provider = mock) =>
    Effect.gen(function* () {
      yield* connectTo(walletA, provider)
      yield* Effect.flatMap(RpcRouter, (rpc) => rpc.switchNetwork(target))
      return {
        switched: mock.count("wallet_switchEthereumChain"),
        added: mock.count("wallet_addEthereumChain"),
        active: yield* activeNetwork
      }
    })

  /** The parameters of the wallet's first `method` request. */
  const paramsOf = (mock: MockEip1193Provider, method: string) =>
    mock.calls().find((c) => c.method === method)?.params

  connectionTest("switches a wallet that knows the chain", function* () {
    const mock = mockWallet()
    assert.deepStrictEqual(yield* switching(mock, "eip155:1"), { switched: 1, added: 0, active: "eip155:1" })
    assert.deepStrictEqual(paramsOf(mock, "wallet_switchEthereumChain"), [{ chainId: "0x1" }])
  })

  connectionTest("adds the chain on 4902, then switches (SPEC.md §8)", function* () {
    const mock = mockWallet()
    assert.deepStrictEqual(yield* switching(mock, "eip155:10"), {
      switched: 2,
      added: 1,
      active: "eip155:10"
    })
    assert.deepStrictEqual(paramsOf(mock, "wallet_addEthereumChain"), [
      {
        chainId: "0xa",
        chainName: "OP Mainnet",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: ["https://optimism.example"],
        blockExplorerUrls: ["https://optimistic.etherscan.io"]
      }
    ])
  })

  const onceThen = (mock: MockEip1193Provider, error: { code: number; message: string; data?: unknown }) => {
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Error", ...error })
    const provider: Eip1193Provider = {
      request: (args) => {
        if (args.method === "wallet_addEthereumChain")
          mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Default" })
        return mock.request(args)
      },
      on: mock.on,
      removeListener: mock.removeListener
    }
    return provider
  }

  const addCodes: ReadonlyArray<readonly [string, { code: number; message: string; data?: unknown }]> = [
    [
      "a MetaMask Mobile 4902 nested in data.originalError",
      {
        code: -32603,
        message: "Internal JSON-RPC error.",
        data: { originalError: { code: 4902, message: "Unrecognized chain ID" } }
      }
    ],
    ["-32603", { code: -32603, message: "Internal JSON-RPC error." }],
    ["5000", { code: 5000, message: "Chain not approved" }]
  ]
  for (const [label, error] of addCodes) {
    connectionTest(`adds the chain on ${label}, then switches`, function* () {
      const mock = mockWallet()
      assert.deepStrictEqual(yield* switching(mock, "eip155:10", onceThen(mock, error)), {
        switched: 2,
        added: 1,
        active: "eip155:10"
      })
    })
  }

  connectionTest(
    "fails with ChainNotSupportedError 'Chain is not supported' when adding fails",
    function* () {
      const rpc = yield* RpcRouter
      const mock = mockWallet()
      mock.setBehaviour("wallet_addEthereumChain", { _tag: "Error", code: -32000, message: "nope" })
      yield* connectTo(walletA, mock)
      const error = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
      assert.instanceOf(error, ChainNotSupportedError)
      assert.strictEqual(error.message, "Chain is not supported")
      assert.strictEqual(error._tag === "ChainNotSupportedError" && error.chainId, "eip155:10")
      assert.strictEqual(yield* activeNetwork, "eip155:31337")
      assert.strictEqual(yield* status, "connected")
    }
  )

  connectionTest(
    "fails with ChainNotSupportedError when the chain is still unknown after adding",
    function* () {
      const rpc = yield* RpcRouter
      const mock = mockWallet()
      mock.setBehaviour("wallet_addEthereumChain", { _tag: "Result", value: null })
      yield* connectTo(walletA, mock)
      const error = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
      assert.strictEqual(error._tag, "ChainNotSupportedError")
    }
  )

  connectionTest("passes a user rejection through, on the switch or on the add", function* () {
    const rpc = yield* RpcRouter
    const mock = yield* connectedWallet()
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Error", code: 4001, message: "User rejected" })
    const onSwitch = yield* Effect.flip(rpc.switchNetwork("eip155:1"))
    assert.strictEqual(onSwitch._tag, "UserRejectedRequestError")
    assert.strictEqual(mock.count("wallet_addEthereumChain"), 0)
    mock.setBehaviour("wallet_switchEthereumChain", { _tag: "Default" })
    mock.setBehaviour("wallet_addEthereumChain", { _tag: "Error", code: 4001, message: "User rejected" })
    const onAdd = yield* Effect.flip(rpc.switchNetwork("eip155:10"))
    assert.strictEqual(onAdd._tag, "UserRejectedRequestError")
    assert.strictEqual(yield* activeNetwork, "eip155:31337")
  })

  connectionTest("only changes the modal's network when not connected", function* ({ read }) {
    const rpc = yield* RpcRouter
    const mock = mockWallet()
    announce(walletA, mock)
    yield* rpc.switchNetwork("eip155:10")
    assert.strictEqual(yield* activeNetwork, "eip155:10")
    assert.strictEqual(mock.calls().length, 0)
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:10" })
  })

  connectionTest("refuses a network the host did not configure", function* () {
    const rpc = yield* RpcRouter
    const error = yield* Effect.flip(rpc.switchNetwork("eip155:56"))
    assert.instanceOf(error, NetworkNotFoundError)
  })
})
