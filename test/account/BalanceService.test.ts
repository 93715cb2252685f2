import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/testing/TestClock"
import { BalanceUnavailableError, ServiceUnavailableError } from "../../src/errors"
import {
  nativeFromBalances,
  showsZeroBalance,
  supportsAssetDiscovery,
  tokensFromWalletAssets
} from "../../src/layers/account/BalanceService.lazy"
import { BalanceServiceLive } from "../../src/layers/account/BalanceServiceLive"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import type { CaipNetwork } from "../../src/schemas/Network"
import { BalanceService } from "../../src/services/BalanceService"
import { BlockchainApi, type BlockchainApiShape } from "../../src/services/BlockchainApi"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { blockchainApiWith } from "../kit/blockchainApi"
import { configOf, fakeFetch, IDENTITY, json, type Respond } from "../kit/fakeFetch"
import { decodedOptions } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { bitcoin, mainnet, solana } from "../schemas/networks"

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

/** An RPC fallback that answers every read with `answer`, counting the reads in `calls.rpc`. */
const countingTransport = (calls: { rpc: number }, answer: string) =>
  Layer.succeed(FallbackTransport, {
    request: () =>
      Effect.sync(() => {
        calls.rpc++
        return answer
      }),
    ranking: () => Effect.die("unused")
  })

/** The services a balance lookup talks to, counting their calls. */
const world = (balance: BlockchainApiShape["balance"]) => {
  const calls = { balance: 0, rpc: 0 }
  const layer = BalanceServiceLive.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.succeed(ModalConfig, config),
        countingTransport(calls, "0xde0b6b3a7640000"),
        Layer.succeed(
          BlockchainApi,
          blockchainApiWith({
            balance: (...args) =>
              Effect.suspend(() => {
                calls.balance++
                return balance(...args)
              })
          })
        )
      )
    ),
    Layer.provide(preloadedParts)
  )
  return { calls, layer }
}

/** A connected wallet on 31337 that announces asset discovery and answers wallet_getAssets with `assets`. */
const walletDiscovering = (assets: ReadonlyArray<unknown>) => {
  const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
  wallet.setBehaviour("wallet_getCapabilities", {
    _tag: "Result",
    value: { "0x7a69": { assetDiscovery: { supported: true } } }
  })
  wallet.setBehaviour("wallet_getAssets", { _tag: "Result", value: { "0x7a69": assets } })
  return wallet
}

/** `load` fails as 'Token Balance Unavailable'. */
const expectUnavailable = <A, E>(load: Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const error = yield* Effect.flip(load)
    assert.instanceOf(error, BalanceUnavailableError)
    assert.strictEqual(error.message, "Token Balance Unavailable")
  })

/** Asked once so far (`asked` counts), `load` asks once more only past the 30 s back-off. */
const asksOnceMoreAfter30s = <A, E>(load: Effect.Effect<A, E>, asked: () => number) =>
  Effect.gen(function* () {
    assert.strictEqual(asked(), 1)
    yield* TestClock.adjust("30001 millis")
    yield* Effect.exit(load)
    assert.strictEqual(asked(), 2)
  })

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
      const wallet = walletDiscovering([
        {
          address: "0x0000000000000000000000000000000000000000",
          balance: "0xde0b6b3a7640000",
          type: "NATIVE",
          metadata: { name: "Ether", symbol: "ETH", decimals: 18, price: 2000, iconUrl: "" }
        }
      ])
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
      const wallet = walletDiscovering([{ address: 1 }])
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
      yield* expectUnavailable(balances.tokenBalances(net, address))
      yield* asksOnceMoreAfter30s(balances.tokenBalances(net, address), () => calls.balance)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a wallet that never tells its capabilities only delays the list by 3 s", () => {
    const { layer } = world(() => Effect.succeed({ balances: [token("sUSD", "6")], dropped: 0 }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const wallet = makeMockEip1193Provider({ chainId: 31337, connected: true })
      wallet.setBehaviour("wallet_getCapabilities", { _tag: "Hang" })
      const fiber = yield* Effect.forkChild(balances.tokenBalances(net, address, wallet))
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

// ---------------------------------------------------------------------------------------------------------
// Solana and the namespaces without balances, over the real BlockchainApi and a fake fetch
// ---------------------------------------------------------------------------------------------------------

const solanaDevnet = {
  ...solana,
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  caipNetworkId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  name: "Solana Devnet",
  testnet: true
}
/** A host's network `id` of `chainNamespace`, paying in `symbol`. */
const hostNetwork = (
  chainNamespace: string,
  id: string,
  name: string,
  currency: string,
  symbol: string,
  decimals: number
) => ({
  id,
  caipNetworkId: `${chainNamespace}:${id}`,
  chainNamespace,
  name,
  nativeCurrency: { name: currency, symbol, decimals },
  rpcUrls: { default: { http: [`https://rpc.${chainNamespace}.example`] } }
})
const polkadot = hostNetwork(
  "polkadot",
  "91b171bb158e2d3848fa23a9f1c25182",
  "Polkadot",
  "Polkadot",
  "DOT",
  10
)
const cosmos = hostNetwork("cosmos", "cosmoshub-4", "Cosmos Hub", "Atom", "ATOM", 6)
const multiConfig = configOf({ networks: [mainnet, solana, solanaDevnet, bitcoin, polkadot, cosmos] })
const networkOf = (caipNetworkId: string): CaipNetwork =>
  multiConfig.networks.find((n) => n.caipNetworkId === caipNetworkId) ?? assert.fail(caipNetworkId)
const sol = networkOf(solana.caipNetworkId)

/** Base58 is case-sensitive: these are two accounts. */
const solAddress = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const solAddressUpper = "5EYKT4USFV8P8NJDTREPY1VZQKQZKVDP"

const solBalance = (numeric: string) => ({
  name: "Solana",
  symbol: "SOL",
  chainId: solana.caipNetworkId,
  value: Number(numeric) * 150,
  price: 150,
  quantity: { decimals: "9", numeric },
  iconUrl: ""
})
const usdcBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: solana.caipNetworkId,
  address: `${solana.caipNetworkId}:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`,
  value: 12.5,
  price: 1,
  quantity: { decimals: "6", numeric: "12.5" },
  iconUrl: ""
}

/** BalanceServiceLive over BlockchainApiLive and a fake fetch; the RPC fallback only counts. */
const httpWorld = (respond: Respond) => {
  const { fetch, seen } = fakeFetch(respond)
  const calls = { rpc: 0 }
  const layer = BalanceServiceLive.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.succeed(ModalConfig, multiConfig),
        BlockchainApiLive.pipe(Layer.provide(Layer.succeed(ModalConfig, multiConfig))),
        countingTransport(calls, "0x0")
      )
    ),
    Layer.provide(Layer.succeed(HttpFetch, fetch)),
    Layer.provide(preloadedParts)
  )
  return { calls, layer, seen }
}

const balancePath = (address: string, network: CaipNetwork) =>
  `https://rpc.walletconnect.org/v1/account/${address}/balance?${IDENTITY}&currency=usd&chainId=${encodeURIComponent(network.caipNetworkId)}`

describe("BalanceService on Solana", () => {
  it.effect("native and tokens come from one balance API request, cached 30 s", () => {
    const { calls, layer, seen } = httpWorld(() =>
      json({ balances: [solBalance("1.5"), usdcBalance, { ...solBalance("9"), chainId: "eip155:1" }] })
    )
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const native = yield* balances.nativeBalance(sol, solAddress)
      assert.deepStrictEqual(native, { value: 1_500_000_000n, decimals: 9, symbol: "SOL", formatted: "1.50" })
      const tokens = yield* balances.tokenBalances(sol, solAddress)
      assert.deepStrictEqual(
        tokens.map((t) => t.symbol),
        ["SOL", "USDC", "SOL"]
      )
      yield* balances.nativeBalance(sol, solAddress)
      assert.strictEqual(seen.length, 1)
      assert.strictEqual(seen[0]?.url, balancePath(solAddress, sol))
      assert.strictEqual(calls.rpc, 0)

      yield* TestClock.adjust("30001 millis")
      yield* balances.nativeBalance(sol, solAddress)
      assert.strictEqual(seen.length, 2)

      yield* balances.refresh(sol, solAddress)
      yield* balances.tokenBalances(sol, solAddress)
      assert.strictEqual(seen.length, 3)
    }).pipe(Effect.provide(layer))
  })

  it.effect("shows 0.00 when the answer has no native entry for the chain", () => {
    const { layer } = httpWorld(() => json({ balances: [usdcBalance] }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const native = yield* balances.nativeBalance(sol, solAddress)
      assert.deepStrictEqual(native, { value: 0n, decimals: 9, symbol: "SOL", formatted: "0.00" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("keeps the address's case: two base58 addresses differing in case are two accounts", () => {
    const { layer, seen } = httpWorld((request) =>
      json({ balances: [solBalance(request.url.includes(solAddressUpper) ? "2" : "1")] })
    )
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const lower = yield* balances.nativeBalance(sol, solAddress)
      const upper = yield* balances.nativeBalance(sol, solAddressUpper)
      assert.strictEqual(lower.formatted, "1.00")
      assert.strictEqual(upper.formatted, "2.00")
      assert.deepStrictEqual(
        seen.map((r) => r.url),
        [balancePath(solAddress, sol), balancePath(solAddressUpper, sol)]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a failure is 'Token Balance Unavailable' for native and tokens, not asked again for 30 s",
    () => {
      const { layer, seen } = httpWorld(() => json({ message: "bad request" }, 400))
      return Effect.gen(function* () {
        const balances = yield* BalanceService
        yield* expectUnavailable(balances.nativeBalance(sol, solAddress))
        assert.instanceOf(
          yield* Effect.flip(balances.tokenBalances(sol, solAddress)),
          BalanceUnavailableError
        )
        yield* asksOnceMoreAfter30s(balances.nativeBalance(sol, solAddress), () => seen.length)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("an unreadable native quantity is 'Token Balance Unavailable', not a wrong number", () => {
    const { layer } = httpWorld(() => json({ balances: [solBalance("1e-7")] }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const error = yield* Effect.flip(balances.nativeBalance(sol, solAddress))
      assert.instanceOf(error, BalanceUnavailableError)
      assert.strictEqual(error.chainId, solana.caipNetworkId)
    }).pipe(Effect.provide(layer))
  })
})

describe("BalanceService on Bitcoin (issue 35)", () => {
  const btc = networkOf(bitcoin.caipNetworkId)
  const btcAddress = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
  const btcBalance = (numeric: string) => ({
    name: "Bitcoin",
    symbol: "BTC",
    chainId: bitcoin.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: "8", numeric },
    iconUrl: ""
  })

  it.effect("the balance API's BTC is the native balance, in sats, from one request", () => {
    const { calls, layer, seen } = httpWorld(() => json({ balances: [btcBalance("0.00123456")] }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      const native = yield* balances.nativeBalance(btc, btcAddress)
      assert.deepStrictEqual(native, { value: 123_456n, decimals: 8, symbol: "BTC", formatted: "0.00" })
      yield* balances.tokenBalances(btc, btcAddress)
      assert.deepStrictEqual(
        seen.map((r) => r.url),
        [balancePath(btcAddress, btc)]
      )
      assert.strictEqual(calls.rpc, 0)
    }).pipe(Effect.provide(layer))
  })

  it("a Bitcoin test network (regtest) is asked too, not shown as 0.00", () => {
    const regtest = {
      ...btc,
      caipNetworkId: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328" as const,
      testnet: true
    }
    assert.isFalse(showsZeroBalance(regtest))
    assert.isTrue(showsZeroBalance(networkOf(solanaDevnet.caipNetworkId)))
  })
})

describe("BalanceService without balance support", () => {
  it.effect("polkadot, cosmos and Solana devnet show 0.00 and no tokens, with no HTTP call", () => {
    const { calls, layer, seen } = httpWorld(() => json({ balances: [solBalance("1")] }))
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      for (const id of [polkadot.caipNetworkId, cosmos.caipNetworkId, solanaDevnet.caipNetworkId]) {
        const network = networkOf(id)
        const native = yield* balances.nativeBalance(network, solAddress)
        assert.strictEqual(native.formatted, "0.00", id)
        assert.strictEqual(native.value, 0n)
        assert.strictEqual(native.symbol, network.nativeCurrency.symbol)
        assert.deepStrictEqual(yield* balances.tokenBalances(network, solAddress), [], id)
      }
      assert.strictEqual(seen.length, 0)
      assert.strictEqual(calls.rpc, 0)
    }).pipe(Effect.provide(layer))
  })
})

describe("BalanceService cache keys", () => {
  it.effect("EVM addresses differing only in case share one entry (their case is a checksum)", () => {
    const seenAddresses: Array<string> = []
    const { calls, layer } = world((address) => {
      seenAddresses.push(address)
      return Effect.succeed({ balances: [token("sUSD", "6")], dropped: 0 })
    })
    return Effect.gen(function* () {
      const balances = yield* BalanceService
      yield* balances.tokenBalances(net, address)
      yield* balances.tokenBalances(net, address.toLowerCase())
      yield* balances.tokenBalances(net, address.toUpperCase().replace("0X", "0x"))
      assert.strictEqual(calls.balance, 1)
      assert.deepStrictEqual(seenAddresses, [address.toLowerCase()])
    }).pipe(Effect.provide(layer))
  })

  it("nativeFromBalances picks the chain's entry without a token address", () => {
    const found = nativeFromBalances(sol, [
      { ...usdcBalance, address: usdcBalance.address },
      { ...solBalance("0.000000001"), address: undefined }
    ])
    assert.deepStrictEqual(
      found,
      nativeFromBalances(sol, [{ ...solBalance("0.000000001"), address: undefined }])
    )
    if (found._tag === "Success") {
      assert.strictEqual(found.success.value, 1n)
      assert.strictEqual(found.success.formatted, "0.00")
    } else assert.fail("expected a balance")
    const cut = nativeFromBalances(sol, [{ ...solBalance("2.0000000019"), address: undefined }])
    assert.strictEqual(cut._tag === "Success" ? cut.success.value : undefined, 2_000_000_001n)
  })
})
