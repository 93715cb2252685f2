import * as Cache from "effect/Cache"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { BalanceUnavailableError } from "../../errors"
import {
  filterZeroDecimals,
  type TokenBalance,
  validWalletAssets,
  type WalletAssetResponse
} from "../../schemas/Balance"
import { DecimalString } from "../../schemas/Formats"
import type { CaipNetwork } from "../../schemas/Network"
import { HexString } from "../../schemas/Primitives"
import { BalanceService, type NativeBalance } from "../../services/BalanceService"
import { BlockchainApi } from "../../services/BlockchainApi"
import type { Eip1193Provider } from "../../services/Connectors"
import { FallbackTransport } from "../../services/FallbackTransport"
import { ModalConfig } from "../../services/ModalConfig"
import { walletRequest } from "../connection/walletIo"
import { formatAmount, formatUnits } from "../format/format"

export const BALANCE_TTL = Duration.seconds(30)
/** A wallet slow to tell its capabilities must not hold the token list back. */
export const CAPABILITIES_TIMEOUT = Duration.seconds(3)
export const WALLET_ASSETS_TIMEOUT = Duration.seconds(10)

const decodeQuantity = Schema.decodeUnknownEffect(HexString)

/** What the Account view shows for a native balance. */
export const nativeBalanceOf = (network: CaipNetwork, value: bigint): NativeBalance => {
  const { decimals, symbol } = network.nativeCurrency
  return { value, decimals, symbol, formatted: formatAmount(formatUnits(value, decimals)) }
}

/**
 * SPEC.md §9: testnets and namespaces without balance support show 0.00 and ask nobody. Bitcoin's
 * networks, regtest and testnets too, are asked of the balance API (issue 35), which serves them.
 */
export const showsZeroBalance = (network: CaipNetwork): boolean =>
  network.chainNamespace !== "bip122" &&
  (network.testnet === true || (network.chainNamespace !== "eip155" && network.chainNamespace !== "solana"))

export const hexChainId = (network: CaipNetwork) => `0x${Number(network.id).toString(16)}`

const Capabilities = Schema.Record(
  Schema.String,
  Schema.Struct({
    assetDiscovery: Schema.optional(Schema.Struct({ supported: Schema.Boolean }))
  })
)

/** Whether a `wallet_getCapabilities` answer announces asset discovery for the chain (ERC-7811). */
export const supportsAssetDiscovery = (capabilities: unknown, chainHex: string): boolean =>
  Option.match(Schema.decodeUnknownOption(Capabilities)(capabilities), {
    onNone: () => false,
    onSome: (byChain) => byChain[chainHex]?.assetDiscovery?.supported === true
  })

/** A valid `wallet_getAssets` answer for one chain, as token balances. */
export const tokensFromWalletAssets = (
  network: CaipNetwork,
  assets: WalletAssetResponse
): ReadonlyArray<TokenBalance> =>
  (assets[hexChainId(network)] ?? []).map((asset) => {
    const numeric = formatUnits(BigInt(asset.balance), asset.metadata.decimals)
    const price = asset.metadata.price
    return {
      name: asset.metadata.name,
      symbol: asset.metadata.symbol,
      chainId: network.caipNetworkId,
      ...(asset.type === "ERC20" ? { address: `${network.caipNetworkId}:${asset.address}` } : {}),
      value: asset.metadata.value ?? Number(numeric) * price,
      price,
      quantity: { decimals: String(asset.metadata.decimals), numeric },
      iconUrl: asset.metadata.iconUrl
    }
  })

/**
 * The cache key names the address the lookup sends. Only EVM addresses may be lowercased (their case is
 * a checksum); base58 is case-sensitive, so a lowercased Solana address is another account.
 */
const cacheKey = (network: CaipNetwork, address: string) =>
  `${network.caipNetworkId}|${network.chainNamespace === "eip155" ? address.toLowerCase() : address}`

/** `"1.5"` with 9 decimals is `1500000000n`; digits past `decimals` are cut. */
const toBaseUnits = (decimal: DecimalString, decimals: number): bigint => {
  const negative = decimal.startsWith("-")
  const [whole = "0", fraction = ""] = (negative ? decimal.slice(1) : decimal).split(".")
  const units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0"))
  return negative ? -units : units
}

const decodeDecimal = Schema.decodeUnknownResult(DecimalString)

/**
 * The native coin among a chain's balances (the entry without a token address), as the Account view shows
 * it; 0.00 when the list has none.
 */
export const nativeFromBalances = (
  network: CaipNetwork,
  balances: ReadonlyArray<TokenBalance>
): Result.Result<NativeBalance, BalanceUnavailableError> => {
  const coin = balances.find((b) => b.address === undefined && b.chainId === network.caipNetworkId)
  if (coin === undefined) return Result.succeed(nativeBalanceOf(network, 0n))
  return Result.match(decodeDecimal(coin.quantity.numeric), {
    onFailure: (cause) => Result.fail(new BalanceUnavailableError({ chainId: network.caipNetworkId, cause })),
    onSuccess: (numeric) =>
      Result.succeed(nativeBalanceOf(network, toBaseUnits(numeric, network.nativeCurrency.decimals)))
  })
}

export const makeBalanceService = Effect.gen(function* () {
  const config = yield* ModalConfig
  const rpc = yield* FallbackTransport
  const api = yield* BlockchainApi
  /** The network and address a cache key names (see `cacheKey`). */
  const parseKey = (key: string) => {
    const [id, address] = key.split("|")
    const network = config.networks.find((n) => n.caipNetworkId === id)
    return network === undefined || address === undefined
      ? Effect.fail(new BalanceUnavailableError({ chainId: id }))
      : Effect.succeed({ network, address })
  }
  // The wallet to ask for a key's next lookup; a cache key must stay a plain string.
  const wallets = new Map<string, Eip1193Provider>()

  const unavailable = (key: string) => (cause: unknown) =>
    cause instanceof BalanceUnavailableError
      ? cause
      : new BalanceUnavailableError({ chainId: key.split("|")[0], cause })

  const native = yield* Cache.make({
    capacity: 64,
    timeToLive: BALANCE_TTL,
    lookup: (key: string) =>
      Effect.gen(function* () {
        const { network, address } = yield* parseKey(key)
        const raw = yield* rpc.request(network.caipNetworkId, {
          method: "eth_getBalance",
          params: [address, "latest"]
        })
        return nativeBalanceOf(network, BigInt(yield* decodeQuantity(raw)))
      }).pipe(Effect.mapError(unavailable(key)))
  })

  const fromWallet = (network: CaipNetwork, address: string, wallet: Eip1193Provider) =>
    Effect.gen(function* () {
      const chainHex = hexChainId(network)
      const capabilities = yield* walletRequest(wallet, "wallet_getCapabilities", [address]).pipe(
        Effect.timeout(CAPABILITIES_TIMEOUT),
        Effect.option
      )
      if (!Option.exists(capabilities, (c) => supportsAssetDiscovery(c, chainHex))) return Option.none()
      const answer = yield* walletRequest(wallet, "wallet_getAssets", [
        { account: address, chainFilter: [chainHex] }
      ]).pipe(Effect.timeout(WALLET_ASSETS_TIMEOUT), Effect.option)
      // All or nothing (SPEC.md §5): one bad asset voids the answer and the balance API answers instead.
      return Option.map(Option.flatMap(answer, validWalletAssets), (assets) =>
        tokensFromWalletAssets(network, assets)
      )
    })

  const tokens = yield* Cache.make({
    capacity: 64,
    timeToLive: BALANCE_TTL,
    lookup: (key: string) =>
      Effect.gen(function* () {
        const { network, address } = yield* parseKey(key)
        const wallet = wallets.get(key)
        if (network.chainNamespace === "eip155" && wallet !== undefined) {
          const viaWallet = yield* fromWallet(network, address, wallet)
          if (Option.isSome(viaWallet)) return filterZeroDecimals(viaWallet.value)
        }
        const answer = yield* api.balance(address, network.caipNetworkId)
        return filterZeroDecimals(answer.balances)
      }).pipe(Effect.mapError(unavailable(key)))
  })

  return BalanceService.of({
    nativeBalance: (network, address) => {
      if (showsZeroBalance(network)) return Effect.succeed(nativeBalanceOf(network, 0n))
      const key = cacheKey(network, address)
      // Solana's and Bitcoin's coin comes from the balance API with the tokens: one request, one entry.
      return network.chainNamespace === "solana" || network.chainNamespace === "bip122"
        ? Effect.flatMap(Cache.get(tokens, key), (balances) =>
            Effect.fromResult(nativeFromBalances(network, balances))
          )
        : Cache.get(native, key)
    },
    tokenBalances: (network, address, wallet) => {
      if (showsZeroBalance(network)) return Effect.succeed([])
      const key = cacheKey(network, address)
      return Effect.suspend(() => {
        if (wallet === undefined) wallets.delete(key)
        else wallets.set(key, wallet)
        return Cache.get(tokens, key)
      })
    },
    refresh: (network, address) =>
      Effect.andThen(
        Cache.invalidate(native, cacheKey(network, address)),
        Cache.invalidate(tokens, cacheKey(network, address))
      )
  })
})
