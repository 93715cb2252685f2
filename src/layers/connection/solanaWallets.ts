/**
 * A Solana browser wallet's part of a connection: the host's cluster it connects on and its accounts.
 * Loaded by `Connection` the first time it asks a Solana wallet, which exists only once the Wallet
 * Standard's discovery has run, so a page that never meets one never downloads this.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { normalizeWalletError, type WalletError } from "../../errors"
import type { Eip1193Provider, WalletConnector } from "../../services/Connectors"
import type { NetworksShape } from "../../services/Networks"
import { noAccount } from "./connectAttempts"
import { decodeAccounts, walletRead } from "./walletIo"

/**
 * The network a Solana wallet connects on: the one shown when the wallet serves it, else the host's first
 * that the wallet serves. A wallet that names no cluster is taken to serve them all.
 */
export const solanaNetworkFor = (
  served: ReadonlyArray<string>,
  configured: ReadonlyArray<string>,
  shown: string | undefined
): string | undefined => {
  const serves = (id: string) => served.length === 0 || served.includes(id)
  if (shown !== undefined && configured.includes(shown) && serves(shown)) return shown
  return configured.find(serves)
}

const noSolanaNetwork = () =>
  normalizeWalletError({ message: "The wallet serves none of the app's Solana networks" })

export interface SolanaAskDeps {
  readonly networks: NetworksShape
  readonly requestAccounts: (
    provider: Eip1193Provider,
    method: "solana_requestAccounts"
  ) => Effect.Effect<unknown, WalletError>
}

/**
 * Asks a Solana wallet for its accounts on the cluster it connects on; `quiet`: only what it answers
 * without a prompt (a restore). Fails when it serves none of the host's clusters or names no account.
 */
export const makeSolanaAsk =
  ({ networks, requestAccounts }: SolanaAskDeps) =>
  (connector: WalletConnector, quiet: boolean) =>
    Effect.gen(function* () {
      const { active } = yield* SubscriptionRef.get(networks.state)
      const shown = active.solana?._tag === "Known" ? active.solana.network.caipNetworkId : undefined
      const configured = networks.networks
        .filter((n) => n.chainNamespace === "solana")
        .map((n) => n.caipNetworkId)
      const network = solanaNetworkFor(connector.chains ?? [], configured, shown)
      if (network === undefined) return yield* Effect.fail(noSolanaNetwork())
      const answer = quiet
        ? yield* walletRead(connector.provider, "solana_accounts")
        : yield* requestAccounts(connector.provider, "solana_requestAccounts")
      const accounts = decodeAccounts(answer, "solana")
      if (accounts.length === 0) return yield* Effect.fail(noAccount())
      return { accounts, network }
    })
