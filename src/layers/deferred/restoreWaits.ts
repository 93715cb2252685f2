/**
 * The restore's wait for the wallets storage named (`connectionRestore`): the WalletConnect SDK's session,
 * and each browser wallet's announcement and its own answer. Loaded only when storage names one.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { RestoreDeps, RestorePlan } from "../connectionRestore"

/** How long a stored wallet may take to announce itself after a reload. */
export const RESTORE_DISCOVERY_TIMEOUT = Duration.seconds(3)

export const awaitStored = (deps: RestoreDeps, plan: RestorePlan, since: Ref.Ref<number>) => {
  const { state, walletConnect, awaitKey, askQuietly, commit, commitSession, dropConnection, stillCurrent } =
    deps

  /** A stored WalletConnect connection comes back only when the SDK still holds a session that decodes. */
  const restoreWalletConnect = (namespaces: ReadonlyArray<ChainNamespace>) =>
    Effect.gen(function* () {
      const session = yield* walletConnect.restore
      // Code that would not load counts as no session: the stored connection goes, the SDK's stays.
      const restored =
        Option.isSome(session) &&
        (yield* Effect.orElseSucceed(commitSession(session.value, since), () => false))
      if (restored || !(yield* stillCurrent(since))) return
      for (const ns of namespaces) {
        if ((yield* SubscriptionRef.get(state)).namespaces[ns]?.status === "connecting")
          yield* dropConnection(ns)
      }
    })

  /** A stored browser wallet comes back once it is on the page again and names its accounts unasked. */
  const restoreWallet = (ns: "eip155" | "solana", key: string) =>
    Effect.gen(function* () {
      const connector = yield* awaitKey(key, Duration.toMillis(RESTORE_DISCOVERY_TIMEOUT))
      const answer = Option.isSome(connector) ? yield* askQuietly(connector.value) : undefined
      const restored =
        Option.isSome(connector) &&
        answer !== undefined &&
        (yield* commit(connector.value, answer.accounts, answer.chain, since, ns === "eip155"))
      if (!restored && (yield* stillCurrent(since))) yield* dropConnection(ns)
    })

  return Effect.all(
    [
      ...(plan.walletConnect.length > 0 ? [restoreWalletConnect(plan.walletConnect)] : []),
      ...plan.wallets.map(({ ns, key }) => restoreWallet(ns, key))
    ],
    { concurrency: "unbounded", discard: true }
  )
}
