/**
 * `Connection`'s ear on a connected browser wallet: its `accountsChanged`, `chainChanged` and
 * `disconnect` events become changes of the connection, and only the provider connected now counts.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import type { AccountType } from "../../schemas/Kinds"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { NamespaceConnection } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import { listen } from "../platform/listen"
import { type BitcoinAccountType, chooseBitcoinAccounts, decodeBitcoinAccounts } from "./bitcoinAccounts"
import { decodeAccounts, walletEvents } from "./walletIo"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export interface WalletListenerDeps {
  readonly current: (ns: ChainNamespace) => Effect.Effect<Option.Option<Connected>>
  readonly setNamespace: (ns: ChainNamespace, connection: NamespaceConnection) => Effect.Effect<void>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly followChain: (chainId: unknown) => Effect.Effect<void>
  readonly accountTypeOf: (connector: WalletConnector) => Effect.Effect<AccountType>
}

/** Accounts a wallet named, in its order, and each one's type when the wallet says it (Bitcoin's). */
interface Named {
  readonly accounts: ReadonlyArray<string>
  readonly types?: ReadonlyArray<BitcoinAccountType> | undefined
}

/**
 * After a change, the next one applies no sooner than this: fewer updates than a 60 Hz page paints frames,
 * and a timer, so a hidden tab (which paints none) still follows the wallet.
 */
export const ACCOUNTS_PACE = Duration.millis(50)

/**
 * Where the account changes stand: idle, or the pace is being waited out, with the newest accounts that
 * came meanwhile (none when nothing came).
 */
type AccountsPace =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Waiting"; readonly latest: Named | undefined }

const idle: AccountsPace = { _tag: "Idle" }
const waiting = (latest: Named | undefined): AccountsPace => ({ _tag: "Waiting", latest })

/** Follows `connector`'s events until the scope closes. */
export const makeWalletListener =
  ({ current, setNamespace, dropConnection, followChain, accountTypeOf }: WalletListenerDeps) =>
  (connector: WalletConnector): Effect.Effect<void, never, Scope.Scope> =>
    Effect.gen(function* () {
      const { provider } = connector
      const ns = connector.chain === "solana" || connector.chain === "bip122" ? connector.chain : "eip155"
      const scope = yield* Effect.scope
      const isCurrent = Effect.map(
        current(ns),
        Option.exists((c) => c.connector.provider === provider)
      )

      const applyAccounts = (named: Named) =>
        Effect.gen(function* () {
          const accountType = yield* accountTypeOf(connector)
          // A Bitcoin wallet's account of the host's type stays the active one when it names one.
          const { accounts, accountTypes } =
            named.types === undefined || accountType === "eoa" || accountType === "smartAccount"
              ? { accounts: named.accounts, accountTypes: undefined }
              : chooseBitcoinAccounts(
                  named.accounts.map((address, i) => ({ address, type: named.types?.[i] ?? "payment" })),
                  accountType
                )
          const [address] = accounts
          const now = yield* current(ns)
          if (address === undefined || Option.isNone(now) || now.value.connector.provider !== provider) return
          yield* setNamespace(ns, {
            ...now.value,
            address,
            allAccounts: accounts,
            accountType: accountTypes?.[0] ?? accountType,
            accountTypes
          })
        })

      // A wallet may send `accountsChanged` in a flood; each change re-renders the modal and the host and
      // starts their reads. So the first change of a quiet spell applies at once, and the ones after it
      // at most once per ACCOUNTS_PACE, the newest winning: a flood costs less than one state update per
      // frame (SPEC's connected state is what the wallet said last). The wait runs in the listeners' scope,
      // so it ends with the connection.
      const pace = yield* Ref.make<AccountsPace>(idle)
      const applyNewestAtPace: Effect.Effect<void> = Effect.gen(function* () {
        while (true) {
          yield* Effect.sleep(ACCOUNTS_PACE)
          const newest = yield* Ref.modify(pace, (p) =>
            p._tag === "Waiting" && p.latest !== undefined
              ? [p.latest, waiting(undefined)]
              : [undefined, idle]
          )
          if (newest === undefined) return
          yield* applyAccounts(newest)
        }
      })
      const accountsChanged = (accounts: Named) =>
        Effect.gen(function* () {
          const first = yield* Ref.modify(pace, (p) =>
            p._tag === "Idle" ? [true, waiting(undefined)] : [false, waiting(accounts)]
          )
          if (!first) return
          yield* applyAccounts(accounts)
          yield* Effect.forkIn(applyNewestAtPace, scope)
        })

      yield* listen(
        walletEvents(provider, {
          accountsChanged: (payload) => {
            const bitcoin = ns === "bip122" ? decodeBitcoinAccounts(payload) : undefined
            const named: Named =
              bitcoin === undefined
                ? { accounts: decodeAccounts(payload, ns === "solana" ? ns : "eip155") }
                : { accounts: bitcoin.map((a) => a.address), types: bitcoin.map((a) => a.type) }
            // No account is the wallet ending the connection: that is not deferred.
            return named.accounts.length === 0 ? dropConnection(ns) : accountsChanged(named)
          },
          chainChanged: (payload) => (ns === "eip155" ? followChain(payload) : Effect.void),
          disconnect: () => dropConnection(ns)
        }),
        (effect: Effect.Effect<void>) => Effect.asVoid(Effect.when(effect, isCurrent))
      )
    })
