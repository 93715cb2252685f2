import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { BalanceUnavailableError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import { BalanceService } from "../../services/BalanceService"
import { type ChunkLoadError, deferredImplementation } from "../runtime/deferred"

const unavailable = (network: CaipNetwork, address: string) => (error: ChunkLoadError) =>
  new BalanceUnavailableError({ chainId: network.id, address, cause: error.cause })

/**
 * Native and token balances, cached for 30 s; the code (`BalanceService.lazy.ts`) loads with the
 * first balance asked for.
 *
 * @since 0.1.0
 * @category layers
 */
export const BalanceServiceLive = Layer.effect(
  BalanceService,
  Effect.gen(function* () {
    const balances = yield* deferredImplementation(() =>
      import("./BalanceService.lazy").then((module) => module.makeBalanceService)
    )
    const use = <A>(
      network: CaipNetwork,
      address: string,
      f: (loaded: BalanceService["Service"]) => Effect.Effect<A, BalanceUnavailableError>
    ) => Effect.flatMap(Effect.mapError(balances, unavailable(network, address)), f)
    return BalanceService.of({
      nativeBalance: (network, address) =>
        use(network, address, (loaded) => loaded.nativeBalance(network, address)),
      tokenBalances: (network, address, wallet) =>
        use(network, address, (loaded) => loaded.tokenBalances(network, address, wallet)),
      // Nothing is cached before the code has loaded.
      refresh: (network, address) =>
        Effect.ignore(use(network, address, (loaded) => loaded.refresh(network, address)))
    })
  })
)
