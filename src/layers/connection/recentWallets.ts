import { MAX_RECENT_WALLETS } from "../../schemas/StorageKeys"
import type { RecentWallet } from "../../schemas/Wallet"

/** The recent wallets after connecting `wallet`: newest first, no duplicates, at most 2 (SPEC.md §4). */
export const withRecent = (
  list: ReadonlyArray<RecentWallet>,
  wallet: RecentWallet
): ReadonlyArray<RecentWallet> =>
  [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS)
