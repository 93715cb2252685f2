/**
 * `Connection`'s question to a browser wallet (or the embedded one): its accounts, and the network they
 * are on (the chain an EVM wallet names; for a Solana wallet, the host's cluster it serves, decided in
 * `solanaWallets`, loaded with the first Solana wallet; for a Bitcoin wallet, its network and payment and
 * ordinals accounts, in `bitcoinWallets`). Also finds the same wallet's other namespaces, for a wallet that
 * is one row and several connectors.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { normalizeWalletError, RequestAbortedError, type WalletError } from "../../errors"
import type { ConnectorsShape, Eip1193Provider, WalletConnector } from "../../services/Connectors"
import type { NetworksShape } from "../../services/Networks"
import { eip155NetworkId } from "../networks/NetworksLive"
import { type ChunkLoadError, lazyPart } from "../runtime/lazy"
import { isCompanion } from "../wallets/connectGroups"
import type * as BitcoinWallets from "./bitcoinWallets"
import { noAccount } from "./connectAttempts"
import type * as SolanaWallets from "./solanaWallets"
import { decodeAccounts, walletRead } from "./walletIo"

const noChain = () => normalizeWalletError({ message: "The wallet returned no valid chain id" })
const codeMissing = (namespace: string) => (error: ChunkLoadError) =>
  normalizeWalletError({ message: `The ${namespace} wallet code would not load`, cause: error.cause })
const solanaCodeMissing = codeMissing("Solana")

/** A Bitcoin browser wallet's side of a connection (`bitcoinWallets.ts`), loaded with the first one asked. */
export const BitcoinWalletsLazy = lazyPart("@airlock/bitcoinWallets", () => import("./bitcoinWallets"))

/** A newer intent (another wallet, a cancel, a disconnect) took over while the wallet answered. */
export const superseded = () => new RequestAbortedError({ source: "other" })

/**
 * `Connection`'s commit of a wallet's answer: false when a newer intent came first. `chain`: the EVM chain
 * id answer or the Solana network; `focus`: the network shown moves to the wallet's namespace;
 * `guard`: runs beside the wallet's listeners while the connection stands (the restore's: no other wallet
 * may claim the key, `claimGuard`).
 */
export type Commit = (
  connector: WalletConnector,
  accounts: ReadonlyArray<string>,
  chain: unknown,
  since: Ref.Ref<number>,
  focus: boolean,
  guard?: Effect.Effect<void, never, Scope.Scope>
) => Effect.Effect<boolean>

export interface WalletAskDeps {
  readonly networks: NetworksShape
  readonly connectors: ConnectorsShape
  readonly requestAccounts: (
    provider: Eip1193Provider,
    method: "eth_requestAccounts" | "solana_requestAccounts" | "getAccountAddresses",
    params?: unknown,
    chainId?: string
  ) => Effect.Effect<unknown, WalletError>
  readonly readChain: (provider: Eip1193Provider) => Effect.Effect<unknown, WalletError>
  readonly commit: Commit
  /** A Solana wallet's side (`solanaWallets.ts`), loaded with the first one asked. */
  readonly solanaWallets: Effect.Effect<typeof SolanaWallets, ChunkLoadError>
  /** A Bitcoin wallet's side (`bitcoinWallets.ts`), loaded with the first one asked. */
  readonly bitcoinWallets: Effect.Effect<typeof BitcoinWallets, ChunkLoadError>
  /** The Bitcoin account type the host prefers (`defaultAccountTypes.bip122`). */
  readonly bitcoinAccountType: "payment" | "ordinal"
}

export const makeWalletAsk = (deps: WalletAskDeps) => {
  const { networks, connectors, requestAccounts, readChain, commit, solanaWallets, bitcoinWallets } = deps
  const solanaAsk = (connector: WalletConnector, quiet: boolean) =>
    solanaWallets.pipe(
      Effect.mapError(solanaCodeMissing),
      Effect.flatMap((module) => module.makeSolanaAsk({ networks, requestAccounts })(connector, quiet))
    )
  const bitcoinAsk = (connector: WalletConnector, quiet: boolean) =>
    bitcoinWallets.pipe(
      Effect.mapError(codeMissing("Bitcoin")),
      Effect.flatMap((module) =>
        module.makeBitcoinAsk({ networks, requestAccounts, preferred: deps.bitcoinAccountType })(
          connector,
          quiet
        )
      )
    )

  /**
   * The wallet's accounts and the chain they are on; `quiet`: only what it answers without a prompt (a
   * restore). A wallet that cannot say its chain is not connected on one the modal would have to guess.
   */
  const accountsOf = (connector: WalletConnector, quiet: boolean) =>
    Effect.gen(function* () {
      if (connector.chain === "solana") {
        const { accounts, network } = yield* solanaAsk(connector, quiet)
        return { accounts, chain: network as unknown }
      }
      if (connector.chain === "bip122") return yield* bitcoinAsk(connector, quiet)
      const accounts = decodeAccounts(
        yield* quiet
          ? walletRead(connector.provider, "eth_accounts")
          : requestAccounts(connector.provider, "eth_requestAccounts")
      )
      if (accounts.length === 0) return yield* Effect.fail(noAccount())
      const chainId = yield* readChain(connector.provider)
      if (Option.isNone(eip155NetworkId(chainId))) return yield* Effect.fail(noChain())
      return { accounts, chain: chainId }
    })

  /** Asks the wallet for its accounts and commits them; `focus`: the network shown moves to them. */
  const askWallet = (connector: WalletConnector, since: Ref.Ref<number>, focus: boolean) =>
    Effect.flatMap(accountsOf(connector, false), ({ accounts, chain }) =>
      Effect.flatMap(commit(connector, accounts, chain, since, focus), (committed) =>
        committed ? Effect.void : Effect.fail(superseded())
      )
    )

  /** What a stored wallet answers without asking; none when it cannot say. */
  const askQuietly = (connector: WalletConnector) =>
    Effect.orElseSucceed(accountsOf(connector, true), () => undefined)

  /**
   * The same wallet's connectors in its other namespaces (EIP-6963 beside the Wallet Standard's Solana and
   * Bitcoin faces), one per namespace.
   */
  const companionsOf = (connector: WalletConnector) =>
    Effect.map(SubscriptionRef.get(connectors.connectors), (all) =>
      all.filter(
        (c, i) =>
          isCompanion(connector, c) &&
          all.findIndex((o) => o.chain === c.chain && isCompanion(connector, o)) === i
      )
    )

  return { askWallet, askQuietly, companionsOf }
}
