import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { BalanceUnavailableError } from "../errors"
import type { CaipNetwork } from "../schemas/Network"

/** A native-coin balance, exact and formatted for display. */
export interface NativeBalance {
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
  /** en-US, 2 decimals (SPEC.md §9); "0.00" on testnets, which the balance services do not cover. */
  readonly formatted: string
}

export interface BalanceServiceShape {
  /** Cached for 30 s per chain-qualified address, failures included (SPEC.md §8: retry after 30 s). */
  readonly nativeBalance: (
    network: CaipNetwork,
    address: string
  ) => Effect.Effect<NativeBalance, BalanceUnavailableError>
  /** Forgets the cached balance, e.g. after the account sent a transaction. */
  readonly refreshNative: (network: CaipNetwork, address: string) => Effect.Effect<void>
}

/**
 * Balances of the connected account.
 *
 * @since 0.1.0
 * @category tags
 */
export class BalanceService extends Context.Tag("@airlock/BalanceService")<
  BalanceService,
  BalanceServiceShape
>() {}
