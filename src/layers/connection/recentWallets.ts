import { MAX_RECENT_WALLETS } from "../../schemas/StorageKeys"
import type { RecentWallet } from "../../schemas/Wallet"
import type { WalletConnector } from "../../services/Connectors"

/** The recent wallets after connecting `wallet`: newest first, no duplicates, at most 2 (SPEC.md §4). */
export const withRecent = (
  list: ReadonlyArray<RecentWallet>,
  wallet: RecentWallet
): ReadonlyArray<RecentWallet> =>
  [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS)

/** What the recent wallets remember of a connector: its key, name and rdns. */
export const recentOf = (connector: Pick<WalletConnector, "key" | "name" | "rdns">): RecentWallet => ({
  id: connector.key,
  name: connector.name,
  ...(connector.rdns === undefined ? {} : { rdns: connector.rdns })
})
