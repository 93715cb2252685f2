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
import type { ChunkLoadError } from "../runtime/lazy"
import type { BitcoinAccountType } from "./bitcoinAnswer"
import type * as BitcoinWallets from "./bitcoinWallets"
import { decodeAccounts, walletEvents } from "./walletIo"

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export interface WalletListenerDeps {
  readonly current: (ns: ChainNamespace) => Effect.Effect<Option.Option<Connected>>
  readonly setNamespace: (ns: ChainNamespace, connection: NamespaceConnection) => Effect.Effect<void>
  readonly dropConnection: (ns: ChainNamespace) => Effect.Effect<void>
  readonly followChain: (chainId: unknown) => Effect.Effect<void>
  readonly accountTypeOf: (connector: WalletConnector) => Effect.Effect<AccountType>
  /** Bitcoin's side of a connection (lazy): it reads a Bitcoin wallet's accounts. */
  readonly bitcoinWallets: Effect.Effect<typeof BitcoinWallets, ChunkLoadError>
}

/**
 * Accounts a wallet named, in the connection's order, and each one's type when the wallet says it (Bitcoin's,
 * the host's type first).
 */
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
  ({
    current,
    setNamespace,
    dropConnection,
    followChain,
    accountTypeOf,
    bitcoinWallets
  }: WalletListenerDeps) =>
  (connector: WalletConnector): Effect.Effect<void, never, Scope.Scope> =>
    Effect.gen(function* () {
      const { provider } = connector
      const ns = connector.chain === "solana" || connector.chain === "bip122" ? connector.chain : "eip155"
      const scope = yield* Effect.scope
      const isCurrent = Effect.map(
        current(ns),
        Option.exists((c) => c.connector.provider === provider)
      )

      /**
       * A Bitcoin wallet's accounts, the host's type first (it stays the active one when the wallet names
       * one). Code that would not load changes nothing: the connection keeps its accounts.
       */
      const bitcoinNamed = (payload: unknown) =>
        Effect.gen(function* () {
          const preferred = yield* accountTypeOf(connector)
          const module = yield* bitcoinWallets
          const { accounts, accountTypes } = module.followedBitcoinAccounts(
            payload,
            preferred === "ordinal" ? "ordinal" : "payment"
          )
          const named: Named = { accounts, types: accountTypes }
          return named
        }).pipe(Effect.catch(() => Effect.succeed(undefined)))

      const applyAccounts = (named: Named) =>
        Effect.gen(function* () {
          const accountType = yield* accountTypeOf(connector)
          const { accounts, types: accountTypes } = named
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
          accountsChanged: (payload) =>
            Effect.gen(function* () {
              const named: Named | undefined =
                ns === "bip122"
                  ? yield* bitcoinNamed(payload)
                  : { accounts: decodeAccounts(payload, ns === "solana" ? ns : "eip155") }
              if (named === undefined) return
              // No account is the wallet ending the connection: that is not deferred.
              yield* named.accounts.length === 0 ? dropConnection(ns) : accountsChanged(named)
            }),
          chainChanged: (payload) => (ns === "eip155" ? followChain(payload) : Effect.void),
          disconnect: () => dropConnection(ns)
        }),
        (effect: Effect.Effect<void>) => Effect.asVoid(Effect.when(effect, isCurrent))
      )
    })
