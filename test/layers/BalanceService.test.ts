import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { BalanceUnavailableError, ServiceUnavailableError } from "../../src/errors"
import {
  BalanceServiceLive,
  supportsAssetDiscovery,
  tokensFromWalletAssets
} from "../../src/layers/BalanceServiceLive"
import { BalanceService } from "../../src/services/BalanceService"
import { BlockchainApi, type BlockchainApiShape } from "../../src/services/BlockchainApi"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { ModalConfig } from "../../src/services/ModalConfig"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { decodedOptions } from "../fixtures"

const config = decodedOptions({ projectId: "p" })
const net = config.networks[0]!
const address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

const token = (symbol: string, decimals: string) => ({
  name: symbol,
  symbol,
  chainId: "eip155:31337",
  value: 1,
  price: 1,
  quantity: { decimals, numeric: "1" },
  iconUrl: ""
})

/** The services a balance lookup talks to, counting their calls. */
const world = (balance: BlockchainApiShape["balance"]) => {
  const calls = { balance: 0, rpc: 0 }
  const layer = BalanceServiceLive.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.succeed(ModalConfig, config),
        Layer.succeed(FallbackTransport, {
          request: () =>
            Effect.sync(() => {
              calls.rpc++
              return "0xde0b6b3a7640000"
            }),
          ranking: () => Effect.die("unused")
        }),
        Layer.succeed(BlockchainApi, {
          supportedChains: Effect.die("unused"),
          balance: (...args) =>
            Effect.suspend(() => {
              calls.balance++
              return balance(...args)
            }),
          history: () => Effect.die("unused"),
          identity: () => Effect.die("unused")
        })
      )
    )
  )
  return { calls, layer }
}

describe("BalanceService", () => {
  it.effect("reads the native balance through the RPC fallback and caches it for 30 s", () => {
    const { calls, layer } = world(() => Effect.succeed({ balances: [], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const first = yield* balances.nativeBalance(net, address)
      assert.strictEqual(first.formatted, "1.00")
      assert.strictEqual(first.symbol, "ETH")
      yield* balances.nativeBalance(net, address)
      assert.strictEqual(calls.rpc, 1)
      yield* TestClock.adjust("30001 millis")
      yield* balances.nativeBalance(net, address)
      assert.strictEqual(calls.rpc, 2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("shows 0.00 on testnets without asking anybody", () => {
    const { calls, layer } = world(() => Effect.succeed({ balances: [], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const zero = yield* balances.nativeBalance({ ...net, testnet: true }, address)
      assert.strictEqual(zero.formatted, "0.00")
      assert.deepStrictEqual(yield* balances.tokenBalances({ ...net, testnet: true }, address), [])
      assert.deepStrictEqual(calls, { balance: 0, rpc: 0 })
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "uses the balance API without asset discovery, drops decimals '0', one request for many callers",
    () => {
      const { calls, layer } = world(() =>
        Effect.succeed({ balances: [token("sUSD", "6"), token("DUST", "0")], dropped: 0 })
      )
      return Effect.gen(function* () {
        const balances = yield* BalanceService
        const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
        const all = yield* Effect.all(
          Array.from({ length: 20 }, () => balances.tokenBalances(net, address, wallet)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(calls.balance, 1)
        for (const tokens of all)
          assert.deepStrictEqual(
            tokens.map((t) => t.symbol),
            ["sUSD"]
          )
        assert.strictEqual(wallet.count("wallet_getAssets"), 0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("asks the wallet's wallet_getAssets where it announces asset discovery", () => {
    const { calls, layer } = world(() => Effect.succeed({ balances: [], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
      wallet.setBehaviour("wallet_getCapabilities", {
        _tag: "Result",
        value: { "0x7a69": { assetDiscovery: { supported: true } } }
      })
      wallet.setBehaviour("wallet_getAssets", {
        _tag: "Result",
        value: {
          "0x7a69": [
            {
              address: "0x0000000000000000000000000000000000000000",
              balance: "0xde0b6b3a7640000",
              type: "NATIVE",
              metadata: { name: "Ether", symbol: "ETH", decimals: 18, price: 2000, iconUrl: "" }
            }
          ]
        }
      })
      const tokens = yield* balances.tokenBalances(net, address, wallet)
      assert.strictEqual(calls.balance, 0)
      assert.deepStrictEqual(
        tokens.map((t) => [t.symbol, t.quantity.numeric, t.value]),
        [["ETH", "1", 2000]]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("falls back to the balance API when one wallet asset is invalid (all or nothing)", () => {
    const { calls, layer } = world(() => Effect.succeed({ balances: [token("sUSD", "6")], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
      wallet.setBehaviour("wallet_getCapabilities", {
        _tag: "Result",
        value: { "0x7a69": { assetDiscovery: { supported: true } } }
      })
      wallet.setBehaviour("wallet_getAssets", { _tag: "Result", value: { "0x7a69": [{ address: 1 }] } })
      const tokens = yield* balances.tokenBalances(net, address, wallet)
      assert.strictEqual(calls.balance, 1)
      assert.deepStrictEqual(
        tokens.map((t) => t.symbol),
        ["sUSD"]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("fails as 'Token Balance Unavailable' and does not ask again for 30 s", () => {
    const { calls, layer } = world(() => Effect.fail(new ServiceUnavailableError({})))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const first = yield* Effect.exit(balances.tokenBalances(net, address))
      assert.isTrue(Exit.isFailure(first))
      const again = yield* Effect.flip(balances.tokenBalances(net, address))
      assert.instanceOf(again, BalanceUnavailableError)
      assert.strictEqual(again.message, "Token Balance Unavailable")
      assert.strictEqual(calls.balance, 1)
      yield* TestClock.adjust("30001 millis")
      yield* Effect.exit(balances.tokenBalances(net, address))
      assert.strictEqual(calls.balance, 2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a wallet that never tells its capabilities only delays the list by 3 s", () => {
    const { layer } = world(() => Effect.succeed({ balances: [token("sUSD", "6")], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
      wallet.setBehaviour("wallet_getCapabilities", { _tag: "Hang" })
      const fiber = yield* Effect.fork(balances.tokenBalances(net, address, wallet))
      yield* TestClock.adjust("3 seconds")
      const tokens = yield* Fiber.join(fiber)
      assert.deepStrictEqual(
        tokens.map((t) => t.symbol),
        ["sUSD"]
      )
    }).pipe(Effect.provide(layer))
  })

  it("reads capabilities and wallet assets defensively", () => {
    assert.isTrue(supportsAssetDiscovery({ "0x1": { assetDiscovery: { supported: true } } }, "0x1"))
    assert.isFalse(supportsAssetDiscovery({ "0x1": { assetDiscovery: { supported: true } } }, "0x2"))
    assert.isFalse(supportsAssetDiscovery(null, "0x1"))
    assert.isFalse(supportsAssetDiscovery({ "0x1": "yes" }, "0x1"))
    assert.deepStrictEqual(tokensFromWalletAssets(net, {}), [])
  })
})
