import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { BalanceUnavailableError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import { BalanceService } from "../../services/BalanceService"
import { type ChunkLoadError, call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** Balances (`BalanceService.lazy.ts`), loaded with the first one asked for. */
export const BalanceServiceLazy = lazyPart("@airlock/BalanceService.lazy", () =>
  accountStage().then((stage) => stage.balanceService)
)

const unavailable = (error: ChunkLoadError, network: CaipNetwork, address: string) =>
  Effect.fail(new BalanceUnavailableError({ chainId: network.id, address, cause: error.cause }))

/**
 * Native and token balances, cached for 30 s; the code (`BalanceService.lazy.ts`) loads with the
 * first balance asked for.
 *
 * @since 0.1.0
 * @category layers
 */
export const BalanceServiceLive = Layer.effect(
  BalanceService,
  Effect.map(
    lazyImplementation(BalanceServiceLazy, (module) => module.makeBalanceService),
    (balances) =>
      BalanceService.of(
        lazyService(balances, {
          nativeBalance: call(unavailable),
          tokenBalances: call(unavailable),
          // Nothing is cached before the code has loaded.
          refresh: call(() => Effect.void)
        })
      )
  )
)
