import * as Cache from "effect/Cache"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { BalanceUnavailableError } from "../errors"
import { formatAmount, formatUnits } from "../internal/format"
import type { CaipNetwork } from "../schemas/Network"
import { HexString } from "../schemas/Primitives"
import { BalanceService, type NativeBalance } from "../services/BalanceService"
import { FallbackTransport } from "../services/FallbackTransport"
import { ModalConfig } from "../services/ModalConfig"

export const BALANCE_TTL = Duration.seconds(30)

const decodeQuantity = Schema.decodeUnknown(HexString)

/** What the Account view shows for a native balance. */
export const nativeBalanceOf = (network: CaipNetwork, value: bigint): NativeBalance => {
  const { decimals, symbol } = network.nativeCurrency
  return { value, decimals, symbol, formatted: formatAmount(formatUnits(value, decimals)) }
}

/** SPEC.md §9: testnets and namespaces without balance support show 0.00 and ask nobody. */
export const showsZeroBalance = (network: CaipNetwork): boolean =>
  network.testnet === true || network.chainNamespace !== "eip155"

const cacheKey = (network: CaipNetwork, address: string) =>
  `${network.caipNetworkId}|${address.toLowerCase()}`

export const makeBalanceService = Effect.gen(function* () {
  const config = yield* ModalConfig
  const rpc = yield* FallbackTransport

  const lookup = (key: string) =>
    Effect.gen(function* () {
      const [id, address] = key.split("|")
      const network = config.networks.find((n) => n.caipNetworkId === id)
      if (network === undefined || address === undefined)
        return yield* new BalanceUnavailableError({ chainId: id })
      const raw = yield* rpc.request(network.caipNetworkId, {
        method: "eth_getBalance",
        params: [address, "latest"]
      })
      const hex = yield* decodeQuantity(raw)
      return nativeBalanceOf(network, BigInt(hex))
    }).pipe(
      Effect.mapError((cause) =>
        cause instanceof BalanceUnavailableError
          ? cause
          : new BalanceUnavailableError({ chainId: key.split("|")[0], cause })
      )
    )

  const cache = yield* Cache.make({ capacity: 64, timeToLive: BALANCE_TTL, lookup })

  return BalanceService.of({
    nativeBalance: (network, address) =>
      showsZeroBalance(network)
        ? Effect.succeed(nativeBalanceOf(network, 0n))
        : cache.get(cacheKey(network, address)),
    refreshNative: (network, address) => cache.invalidate(cacheKey(network, address))
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const BalanceServiceLive = Layer.effect(BalanceService, makeBalanceService)
