/**
 * What the wallet catalogue shows, from what was fetched and the wallets on the page: listings made safe,
 * hidden and featured wallets applied, installed wallets matched to their listings, duplicates dropped.
 * Pure; `WalletCatalogLive` fetches and publishes.
 */

import type { ModalOptions } from "../../schemas/ModalOptions"
import { safeIconUrl, sanitizeName, sanitizeRdns } from "../../schemas/ThirdPartyText"
import type { CustomWallet } from "../../schemas/Wallet"
import type { DecodedWalletList, WalletListing } from "../../schemas/WalletListing"
import type { WalletConnector } from "../../services/Connectors"
import type {
  CatalogSearchState,
  CatalogState,
  CatalogStatus,
  CatalogWallet
} from "../../services/WalletCatalog"
import { registeredSchemesOf, safeHttpsUrl, safeWalletLink } from "../walletconnect/deepLink"

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

const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/

type WalletImageUrl = (imageId: string) => string | undefined

/** The API's own image URL (our configured host), or a listing's `image_url` if it is a safe icon. */
const imageOf = (
  imageId: string | undefined,
  imageUrl: string | undefined,
  walletImageUrl: WalletImageUrl
): string | undefined => {
  const built = imageId !== undefined && IMAGE_ID.test(imageId) ? walletImageUrl(imageId) : undefined
  if (built !== undefined) {
    try {
      const url = new URL(built)
      if (url.protocol === "https:" || url.protocol === "http:") return url.href
    } catch {
      // fall through to image_url
    }
  }
  return safeIconUrl(imageUrl)
}

type Links = Pick<
  WalletListing,
  "homepage" | "mobile_link" | "desktop_link" | "webapp_link" | "app_store" | "play_store"
>

const safeLinks = (links: Links) => {
  const registeredSchemes = registeredSchemesOf(links.mobile_link, links.desktop_link)
  return {
    mobileLink: safeWalletLink(links.mobile_link, { registeredSchemes }),
    desktopLink: safeWalletLink(links.desktop_link, { registeredSchemes }),
    webappLink: safeHttpsUrl(links.webapp_link),
    homepage: safeHttpsUrl(links.homepage),
    appStore: safeHttpsUrl(links.app_store),
    playStore: safeHttpsUrl(links.play_store),
    registeredSchemes
  }
}

/** A listing as the UI may show it, or `undefined` when nothing readable is left of its name. */
export const fromListing = (
  listing: WalletListing,
  walletImageUrl: WalletImageUrl
): CatalogWallet | undefined => {
  const name = sanitizeName(listing.name)
  if (name === undefined) return undefined
  return {
    id: listing.id,
    name,
    imageUrl: imageOf(listing.image_id, listing.image_url, walletImageUrl),
    rdns: normalizeRdns(listing.rdns),
    ...safeLinks(listing),
    installed: false,
    connectorId: undefined,
    custom: false
  }
}

export const fromCustomWallet = (wallet: CustomWallet): CatalogWallet | undefined => {
  const name = sanitizeName(wallet.name)
  if (name === undefined) return undefined
  return {
    id: wallet.id,
    name,
    imageUrl: safeIconUrl(wallet.image_url),
    rdns: undefined,
    ...safeLinks(wallet),
    installed: false,
    connectorId: undefined,
    custom: true
  }
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

/** What has been fetched, before sanitising, filtering and de-duplication. */
export interface Fetched {
  readonly featured: ReadonlyArray<WalletListing>
  readonly recommended: ReadonlyArray<WalletListing>
  readonly pages: ReadonlyArray<WalletListing>
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
  readonly listings: ReadonlyArray<WalletListing>
  readonly status: CatalogStatus
}

export const EMPTY_FETCHED: Fetched = {
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
 * that adds no wallet (a repeated page, or only invalid listings), a short page, or the last page `count`
 * allows, and never goes past `MAX_PAGES`: a listing that lies about `count` cannot make it ask forever.
 */
export const withPage = (fetched: Fetched, list: DecodedWalletList, page: number): Fetched => {
  const have = new Set(fetched.pages.map((l) => l.id))
  const fresh: Array<WalletListing> = []
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
  readonly options: Lists & Pick<ModalOptions, "customWallets">
  readonly connectors: ReadonlyArray<WalletConnector>
  readonly walletImageUrl: WalletImageUrl
}

const present = (
  listings: ReadonlyArray<WalletListing>,
  input: CatalogInput
): ReadonlyArray<CatalogWallet> => {
  const wallets: Array<CatalogWallet> = []
  for (const listing of listings) {
    const wallet = fromListing(listing, input.walletImageUrl)
    if (wallet !== undefined && !isHidden(input.options, wallet)) wallets.push(wallet)
  }
  return wallets
}

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

const customOf = (input: CatalogInput): ReadonlyArray<CatalogWallet> =>
  input.options.customWallets
    .map(fromCustomWallet)
    .filter(
      (w): w is CatalogWallet =>
        w !== undefined &&
        !isHidden({ ...input.options, includeWalletIds: [] }, w) &&
        !input.connectors.some((c) => isSameWallet(c, w))
    )

/** The state the UI reads, from what was fetched and the wallets on the page. */
export const catalogState = (fetched: Fetched, input: CatalogInput): CatalogState => {
  const order = featuredIdsOf(input.options)
  const featuredAll = [...present(fetched.featured, input)]
    .filter((w) => order.includes(w.id))
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
  const recommendedAll = present(fetched.recommended, input)
  const restAll = present(fetched.pages, input)
  const { installed, matched } = installedOf(input, [...featuredAll, ...recommendedAll, ...restAll])
  const seen = new Set<string>([...installed.map((w) => w.id), ...matched])
  const custom = dedupe(input, seen, customOf(input))
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
  const { matched } = installedOf(input, present(search.listings, input))
  const seen = new Set<string>([...local.map((w) => w.id), ...matched])
  const remote = dedupe(input, seen, present(search.listings, input))
  return { query: search.query, results: [...local, ...remote].slice(0, SEARCH_LIMIT), status: search.status }
}
