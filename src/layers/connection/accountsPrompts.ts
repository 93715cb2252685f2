import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import type { WalletError } from "../../errors"
import type { Eip1193Provider } from "../../services/Connectors"
import { walletRequest } from "./walletIo"

/**
 * One accounts prompt per wallet (THREATS.md R5): `eth_requestAccounts` (or Solana's, or Bitcoin's) runs in the caller's scope (the
 * Connection's), keyed by the wallet's provider. A cancelled attempt stops waiting for it, not the prompt
 * the visitor may still answer, and the next attempt joins that prompt instead of stacking another.
 */
export const makeAccountsPrompts = Effect.gen(function* () {
  const scope = yield* Effect.scope
  const prompts = yield* Ref.make<ReadonlyMap<Eip1193Provider, Deferred.Deferred<unknown, WalletError>>>(
    new Map()
  )
  return (
    provider: Eip1193Provider,
    method: "eth_requestAccounts" | "solana_requestAccounts" | "getAccountAddresses",
    params?: unknown,
    chainId?: string
  ) =>
    Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const fresh = yield* Deferred.make<unknown, WalletError>()
        const open = yield* Ref.modify(prompts, (all) => {
          const existing = all.get(provider)
          return existing === undefined ? [undefined, new Map(all).set(provider, fresh)] : [existing, all]
        })
        if (open !== undefined) return yield* restore(Deferred.await(open))
        yield* walletRequest(provider, method, params, chainId).pipe(
          Effect.exit,
          Effect.flatMap((exit) =>
            Ref.update(prompts, (all) => {
              const rest = new Map(all)
              rest.delete(provider)
              return rest
            }).pipe(Effect.andThen(Deferred.done(fresh, exit)))
          ),
          Effect.forkIn(scope)
        )
        return yield* restore(Deferred.await(fresh))
      })
    )
})
