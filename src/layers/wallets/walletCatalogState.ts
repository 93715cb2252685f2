/**
 * What the wallet catalogue shows, from what was fetched (made safe by `catalogListings.ts`) and the wallets
 * on the page: hidden and featured wallets applied, installed wallets matched to their listings, duplicates
 * dropped. Pure; `WalletCatalogLive` fetches and publishes.
 */

import type { ModalOptions } from "../../schemas/ModalOptions"
import { sanitizeRdns } from "../../schemas/ThirdPartyText"
import type { WalletConnector } from "../../services/Connectors"
import type {
  CatalogSearchState,
  CatalogState,
  CatalogStatus,
  CatalogWallet
} from "../../services/WalletCatalog"

/** SPEC.md §9. */
export const PAGE_SIZE = 40
export const RECOMMENDED_COUNT = 4
/** A listing that claims more pages than this is not believed (THREATS.md T15): 2 000 wallets at most. */
export const MAX_PAGES = 50
export const SEARCH_LIMIT = 100
export const SEARCH_DEBOUNCE = "300 millis"

export const IDLE: CatalogStatus = { _tag: "Idle" }
export const LOADING: CatalogStatus = { _tag: "Loading" }

/** Listing rdns as a connector announces it: the mobile app's id names the same wallet (FACTS.md §5). */
const RDNS_ALIASES: Readonly<Record<string, string>> = { "io.metamask.mobile": "io.metamask" }

export const normalizeRdns = (value: unknown): string | undefined => {
  const rdns = sanitizeRdns(value)
  return rdns === undefined ? undefined : (RDNS_ALIASES[rdns] ?? rdns)
}

/** Builds the API's image URL for an image id (`ProviderApi.walletImageUrl`). */
export type WalletImageUrl = (imageId: string) => string | undefined

/** A page of the API's listing made safe to show (`catalogListings.ts`); `dropped` counts what was left out. */
export interface SafeWalletList {
  readonly count: number
  readonly data: ReadonlyArray<CatalogWallet>
  readonly dropped: number
}

/** The same wallet: by rdns when both have one, else by case-insensitive name (FACTS.md §5). */
export const isSameWallet = (
  connector: Pick<WalletConnector, "rdns" | "name">,
  wallet: Pick<CatalogWallet, "rdns" | "name">
): boolean => {
  const rdns = normalizeRdns(connector.rdns)
  if (rdns !== undefined && wallet.rdns !== undefined) return rdns === wallet.rdns
  return connector.name.toLowerCase() === wallet.name.toLowerCase()
}

type Lists = Pick<ModalOptions, "excludeWalletIds" | "includeWalletIds" | "featuredWalletIds">

/** Hidden by `excludeWalletIds` (id, rdns or case-insensitive name) or outside `includeWalletIds`. */
export const isHidden = (options: Lists, wallet: Pick<CatalogWallet, "id" | "rdns" | "name">): boolean => {
  const excluded = options.excludeWalletIds.map((id) => id.toLowerCase())
  if (
    excluded.includes(wallet.id.toLowerCase()) ||
    (wallet.rdns !== undefined && excluded.includes(wallet.rdns)) ||
    excluded.includes(wallet.name.toLowerCase())
  )
    return true
  return options.includeWalletIds.length > 0 && !options.includeWalletIds.includes(wallet.id)
}

/** `featuredWalletIds` that are not excluded, within `includeWalletIds`, each once. */
export const featuredIdsOf = (options: Lists): ReadonlyArray<string> => {
  const excluded = options.excludeWalletIds.map((id) => id.toLowerCase())
  const ids: Array<string> = []
  for (const id of options.featuredWalletIds) {
    if (ids.includes(id) || excluded.includes(id.toLowerCase())) continue
    if (options.includeWalletIds.length > 0 && !options.includeWalletIds.includes(id)) continue
    ids.push(id)
  }
  return ids
}

/** What has been fetched and made safe, before filtering and de-duplication. */
export interface Fetched {
  /** The host's `customWallets`, made safe with the first load. */
  readonly custom: ReadonlyArray<CatalogWallet>
  readonly featured: ReadonlyArray<CatalogWallet>
  readonly recommended: ReadonlyArray<CatalogWallet>
  readonly pages: ReadonlyArray<CatalogWallet>
  readonly count: number
  readonly page: number
  /** Items the API has sent for the paged part, kept or not: what `count` is compared with. */
  readonly received: number
  readonly exhausted: boolean
  readonly loaded: boolean
  readonly status: CatalogStatus
}

export interface FetchedSearch {
  readonly query: string
  readonly listings: ReadonlyArray<CatalogWallet>
  readonly status: CatalogStatus
}

export const EMPTY_FETCHED: Fetched = {
  custom: [],
  featured: [],
  recommended: [],
  pages: [],
  count: 0,
  page: 0,
  received: 0,
  exhausted: false,
  loaded: false,
  status: IDLE
}

/**
 * `fetched` with page `page` of the paged listing appended (each wallet once). Paging stops after a page
 * that adds no wallet (a repeated page, or only unreadable listings), a short page, or the last page `count`
 * allows, and never goes past `MAX_PAGES`: a listing that lies about `count` cannot make it ask forever.
 */
export const withPage = (fetched: Fetched, list: SafeWalletList, page: number): Fetched => {
  const have = new Set(fetched.pages.map((l) => l.id))
  const fresh: Array<CatalogWallet> = []
  for (const listing of list.data) {
    if (have.has(listing.id)) continue
    have.add(listing.id)
    fresh.push(listing)
  }
  const received = list.data.length + list.dropped
  const count = Number.isFinite(list.count) && list.count > 0 ? list.count : 0
  const lastPage = Math.min(MAX_PAGES, Math.ceil(count / PAGE_SIZE))
  return {
    ...fetched,
    pages: [...fetched.pages, ...fresh],
    count,
    page,
    received: fetched.received + received,
    exhausted: fresh.length === 0 || received < PAGE_SIZE || page >= lastPage
  }
}

export const EMPTY_SEARCH: FetchedSearch = { query: "", listings: [], status: IDLE }

export interface CatalogInput {
  readonly options: Lists
  readonly connectors: ReadonlyArray<WalletConnector>
}

const visible = (wallets: ReadonlyArray<CatalogWallet>, input: CatalogInput): ReadonlyArray<CatalogWallet> =>
  wallets.filter((wallet) => !isHidden(input.options, wallet))

/** Installed wallets, with listing details where a known listing is the same wallet. */
const installedOf = (
  input: CatalogInput,
  known: ReadonlyArray<CatalogWallet>
): { readonly installed: ReadonlyArray<CatalogWallet>; readonly matched: ReadonlySet<string> } => {
  const matched = new Set<string>()
  const installed = input.connectors.map((connector): CatalogWallet => {
    const listing = known.find((w) => isSameWallet(connector, w))
    // Two connectors claiming one listing (an impersonation, THREATS.md T5) keep distinct ids.
    const id = listing !== undefined && !matched.has(listing.id) ? listing.id : connector.id
    if (listing !== undefined) matched.add(listing.id)
    return {
      id,
      name: connector.name,
      imageUrl: connector.icon ?? listing?.imageUrl,
      rdns: connector.rdns ?? listing?.rdns,
      mobileLink: listing?.mobileLink,
      desktopLink: listing?.desktopLink,
      webappLink: listing?.webappLink,
      homepage: listing?.homepage,
      appStore: listing?.appStore,
      playStore: listing?.playStore,
      registeredSchemes: listing?.registeredSchemes ?? [],
      installed: true,
      connectorId: connector.id,
      custom: false
    }
  })
  return { installed, matched }
}

/** Keeps the first of each id, and nothing an installed wallet already stands for. */
const dedupe = (
  input: CatalogInput,
  seen: Set<string>,
  wallets: ReadonlyArray<CatalogWallet>
): ReadonlyArray<CatalogWallet> =>
  wallets.filter((wallet) => {
    if (seen.has(wallet.id) || input.connectors.some((c) => isSameWallet(c, wallet))) return false
    seen.add(wallet.id)
    return true
  })

const customOf = (fetched: Fetched, input: CatalogInput): ReadonlyArray<CatalogWallet> =>
  fetched.custom.filter(
    (w) =>
      !isHidden({ ...input.options, includeWalletIds: [] }, w) &&
      !input.connectors.some((c) => isSameWallet(c, w))
  )

/** The state the UI reads, from what was fetched and the wallets on the page. */
export const catalogState = (fetched: Fetched, input: CatalogInput): CatalogState => {
  const order = featuredIdsOf(input.options)
  const featuredAll = [...visible(fetched.featured, input)]
    .filter((w) => order.includes(w.id))
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const recommendedAll = visible(fetched.recommended, input)
  const restAll = visible(fetched.pages, input)
  const { installed, matched } = installedOf(input, [...featuredAll, ...recommendedAll, ...restAll])
  const seen = new Set<string>([...installed.map((w) => w.id), ...matched])
  const custom = dedupe(input, seen, customOf(fetched, input))
  const featured = dedupe(input, seen, featuredAll)
  const recommended = dedupe(input, seen, recommendedAll)
  const wallets = dedupe(input, seen, restAll)
  return {
    installed,
    custom,
    featured,
    recommended,
    wallets,
    list: [...installed, ...custom, ...featured, ...recommended, ...wallets],
    count: fetched.count,
    page: fetched.page,
    loaded: fetched.loaded,
    hasMore: fetched.loaded && !fetched.exhausted && fetched.received < fetched.count,
    status: fetched.status
  }
}

/** Search results: installed and custom wallets whose name matches, then the explorer's answer. */
export const searchState = (
  search: FetchedSearch,
  state: Pick<CatalogState, "installed" | "custom">,
  input: CatalogInput
): CatalogSearchState => {
  if (search.query === "") return { query: "", results: [], status: search.status }
  const needle = search.query.toLowerCase()
  const local = [...state.installed, ...state.custom].filter((w) => w.name.toLowerCase().includes(needle))
  const listed = visible(search.listings, input)
  const { matched } = installedOf(input, listed)
  const seen = new Set<string>([...local.map((w) => w.id), ...matched])
  const remote = dedupe(input, seen, listed)
  return { query: search.query, results: [...local, ...remote].slice(0, SEARCH_LIMIT), status: search.status }
}
