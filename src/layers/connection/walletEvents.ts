/**
 * `Connection`'s ear on a connected browser wallet: its `accountsChanged`, `chainChanged` and
 * `disconnect` events become changes of the connection, and only the provider connected now counts.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { AccountType, ChainNamespace } from "../../schemas/Primitives"
import type { NamespaceConnection } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import { decodeAccounts, listenToWallet } from "./walletIo"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export interface WalletListenerDeps {
  readonly current: (ns: ChainNamespace) => Effect.Effect<Option.Option<Connected>>
  readonly setNamespace: (ns: ChainNamespace, connection: NamespaceConnection) => Effect.Effect<void>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly followChain: (chainId: unknown) => Effect.Effect<void>
  readonly accountTypeOf: (connector: WalletConnector) => Effect.Effect<AccountType>
  readonly runFork: (effect: Effect.Effect<void>) => unknown
}

/** Starts following `connector`'s events; answers the function that stops. */
export const makeWalletListener =
  ({ current, setNamespace, dropConnection, followChain, accountTypeOf, runFork }: WalletListenerDeps) =>
  (connector: WalletConnector): (() => void) => {
    const { provider } = connector
    const ns = connector.chain === "solana" ? "solana" : "eip155"
    const isCurrent = Effect.map(
      current(ns),
      Option.exists((c) => c.connector.provider === provider)
    )
    const whenCurrent = (effect: Effect.Effect<void>) => {
      runFork(Effect.when(effect, isCurrent))
    }
    return listenToWallet(provider, {
      accountsChanged: (payload) =>
        whenCurrent(
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
          })
        ),
      chainChanged: (payload) => (ns === "eip155" ? whenCurrent(followChain(payload)) : undefined),
      disconnect: () => whenCurrent(dropConnection(ns))
    })
  }
