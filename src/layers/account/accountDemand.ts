import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { AccountDatum } from "../../services/AccountData"

/** How many views and host listeners show each datum now. */
export type Demand = Readonly<Record<AccountDatum, number>>

export const NO_DEMAND: Demand = { identity: 0, nativeBalance: 0, tokens: 0, activity: 0, nfts: 0 }

/** Whether anyone shows any datum. */
export const anyDemanded = (demand: Demand): boolean => Object.values(demand).some((count) => count > 0)

/** `datum` counted as shown for the life of the scope. */
export const demandIn =
  (counts: SubscriptionRef.SubscriptionRef<Demand>) =>
  (datum: AccountDatum): Effect.Effect<void, never, Scope.Scope> => {
    const add = (step: number) =>
      SubscriptionRef.update(counts, (now) => ({ ...now, [datum]: now[datum] + step }))
    return Effect.acquireRelease(add(1), () => add(-1))
  }
