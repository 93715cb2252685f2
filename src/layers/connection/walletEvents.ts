/**
 * `Connection`'s ear on a connected browser wallet: its `accountsChanged`, `chainChanged` and
 * `disconnect` events become changes of the connection, and only the provider connected now counts.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import type { AccountType, ChainNamespace } from "../../schemas/Primitives"
import type { NamespaceConnection } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import { listen } from "../platform/listen"
import { decodeAccounts, walletEvents } from "./walletIo"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export interface WalletListenerDeps {
  readonly current: (ns: ChainNamespace) => Effect.Effect<Option.Option<Connected>>
  readonly setNamespace: (ns: ChainNamespace, connection: NamespaceConnection) => Effect.Effect<void>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly followChain: (chainId: unknown) => Effect.Effect<void>
  readonly accountTypeOf: (connector: WalletConnector) => Effect.Effect<AccountType>
}

/** Follows `connector`'s events until the scope closes. */
export const makeWalletListener =
  ({ current, setNamespace, dropConnection, followChain, accountTypeOf }: WalletListenerDeps) =>
  (connector: WalletConnector): Effect.Effect<void, never, Scope.Scope> => {
    const { provider } = connector
    const ns = connector.chain === "solana" ? "solana" : "eip155"
    const isCurrent = Effect.map(
      current(ns),
      Option.exists((c) => c.connector.provider === provider)
    )
    return listen(
      walletEvents(provider, {
        accountsChanged: (payload) =>
          Effect.gen(function* () {
            const accounts = decodeAccounts(payload, ns)
            const [address] = accounts
            if (address === undefined) return yield* dropConnection(ns)
            const now = yield* current(ns)
            if (Option.isSome(now))
              yield* setNamespace(ns, {
                ...now.value,
                address,
                allAccounts: accounts,
                accountType: yield* accountTypeOf(connector)
              })
          }),
        chainChanged: (payload) => (ns === "eip155" ? followChain(payload) : Effect.void),
        disconnect: () => dropConnection(ns)
      }),
      (effect: Effect.Effect<void>) => Effect.asVoid(Effect.when(effect, isCurrent))
    )
  }
