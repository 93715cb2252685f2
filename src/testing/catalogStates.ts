/**
 * Catalogue states for mock layers (the tests' and the gallery's): the live catalogue derives its own
 * from what it has fetched.
 */
import type { CatalogState } from "../services/WalletCatalog"

/** A listing with nothing in it and nothing loaded yet, as before its first load. */
export const EMPTY_CATALOG: CatalogState = {
  installed: [],
  custom: [],
  featured: [],
  recommended: [],
  wallets: [],
  list: [],
  count: 0,
  page: 0,
  loaded: false,
  hasMore: false,
  status: { _tag: "Idle" }
}
