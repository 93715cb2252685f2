import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { BalanceUnavailableError } from "../errors"
import type { TokenBalance } from "../schemas/Balance"
import type { CaipNetwork } from "../schemas/Network"
import type { Eip1193Provider } from "./Connectors"

/** A native-coin balance, exact and formatted for display. */
export interface NativeBalance {
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
  /**
   * en-US, 2 decimals (SPEC.md §9); "0.00" on testnets and on namespaces other than eip155 and solana,
   * which the balance services do not cover.
   */
  readonly formatted: string
}

export interface BalanceServiceShape {
  /**
   * eip155: `eth_getBalance` through the RPC fallback; solana: the native entry of the balance API's answer
   * (the same request and cache entry as `tokenBalances`). Cached for 30 s per chain-qualified address,
   * failures included (SPEC.md §8: retry after 30 s).
   */
  readonly nativeBalance: (
    network: CaipNetwork,
    address: string
  ) => Effect.Effect<NativeBalance, BalanceUnavailableError>
  /**
   * The account's tokens (SPEC.md §7): from the wallet's `wallet_getAssets` where it announces asset
   * discovery for the chain, else from the provider's balance API. Tokens with decimals "0" are left out.
   * Cached for 30 s per chain-qualified address, failures included; concurrent callers share one request.
   */
  readonly tokenBalances: (
    network: CaipNetwork,
    address: string,
    wallet?: Eip1193Provider
  ) => Effect.Effect<ReadonlyArray<TokenBalance>, BalanceUnavailableError>
  /** Forgets the cached balances, e.g. after the account sent a transaction. */
  readonly refresh: (network: CaipNetwork, address: string) => Effect.Effect<void>
}

/**
 * Balances of the connected account.
 *
 * @since 0.1.0
 * @category tags
 */
export class BalanceService extends Context.Service<BalanceService, BalanceServiceShape>()(
  "@airlock/BalanceService"
) {}
