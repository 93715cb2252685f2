import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { NamespaceConnection } from "../../services/Connection"
import { lazyPart, loadPart } from "../runtime/lazy"
import type { RestoreDeps, RestorePlan } from "./restoreWaits"

const connecting: NamespaceConnection = { status: "connecting" }

/** The restore's wait for the stored wallets (`restoreWaits.ts`), loaded only when storage names one. */
export const RestoreWaitsLazy = lazyPart("@airlock/restoreWaits", () => import("./restoreWaits"))

/**
 * The connection's start from storage (SPEC.md §3, THREATS.md T5): what was stored only suggests a
 * reconnect, which the wallet itself must confirm. The stored namespaces show connecting at once, and a
 * stored browser wallet's until the restore's window has closed with it alone in claiming its key; the wait
 * for their wallets (`restoreWaits`) loads only when storage names one, so a first visit never
 * downloads it.
 */
export const makeRestore = (deps: RestoreDeps) => {
  const { epoch, stored, storedWalletConnect, setNamespace, dropConnection, stillCurrent } = deps

  /** The namespace's stored wallet key when it was connected; a stale status is cleared. */
  const storedWallet = (ns: "eip155" | "solana" | "bip122") =>
    Effect.gen(function* () {
      const { status, key } = yield* stored(ns)
      if (Option.contains(status, "connected") && Option.isSome(key)) return key.value
      if (Option.isSome(status) && status.value !== "disconnected") yield* dropConnection(ns)
      return undefined
    })

  /** Shows the stored namespaces connecting; answers the rest, which waits for the wallets. */
  const restore: Effect.Effect<Effect.Effect<void>> = Effect.gen(function* () {
    const since = yield* Ref.make(yield* Ref.get(epoch))
    // The stored browser wallets' window (`RESTORE_WINDOW`) runs from here, however long its code takes
    // to load.
    const startedAt = yield* Clock.currentTimeMillis
    const walletConnect = yield* storedWalletConnect
    const wallets: Array<RestorePlan["wallets"][number]> = []
    for (const ns of ["eip155", "solana", "bip122"] as const) {
      if (walletConnect.includes(ns)) continue
      const key = yield* storedWallet(ns)
      // The embedded wallet's Solana side comes back with its EVM side.
      if (key !== undefined && !(ns === "solana" && key === deps.authKey)) wallets.push({ ns, key })
    }
    const waiting = [...walletConnect, ...wallets.map((w) => w.ns)]
    for (const ns of waiting) yield* setNamespace(ns, connecting)
    if (waiting.length === 0) return Effect.void
    return loadPart(RestoreWaitsLazy).pipe(
      Effect.flatMap((module) => module.awaitStored(deps, { walletConnect, wallets, startedAt }, since)),
      // Code that would not load restores nothing: the namespaces it would have waited for go.
      Effect.catch(() =>
        Effect.gen(function* () {
          if (!(yield* stillCurrent(since))) return
          for (const ns of waiting) yield* dropConnection(ns)
        })
      )
    )
  })

  return restore
}
