import type { CatalogState } from "../../../../services/WalletCatalog"

/**
 * How many wallets All Wallets offers, once the listing's first load is in: the wallets already listed
 * (installed, custom, featured, recommended, loaded pages) plus the pages not loaded yet.
 */
export const catalogCount = (state: CatalogState): number | undefined => {
  if (!state.loaded) return undefined
  const unpaged = state.list.length - state.wallets.length
  return Math.max(state.list.length, state.count + unpaged)
}

/** The count as All Wallets' tag: exact under 10, else rounded down to tens with a "+" ("420+"). */
export const countTag = (count: number | undefined): string | undefined => {
  if (count === undefined || count <= 0) return undefined
  return count < 10 ? String(count) : `${Math.floor(count / 10) * 10}+`
}
