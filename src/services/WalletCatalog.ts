import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ProviderApiError } from "./ProviderApi"

/**
 * A wallet as the UI shows it. Every string is already safe: the name is plain text (sanitised), the
 * image is an `<img src>`-only URL, links went through the deep-link builder (`https:` or a scheme the
 * wallet registered), store and home pages are `https:` only.
 */
export interface CatalogWallet {
  /** The listing id; for an installed wallet no listing matches, its connector id. */
  readonly id: string
  readonly name: string
  readonly imageUrl: string | undefined
  readonly rdns: string | undefined
  /** Normalised base of the native link (`scheme://…/` or `https://…/`), to build `…/wc?uri=` on. */
  readonly mobileLink: string | undefined
  readonly desktopLink: string | undefined
  readonly webappLink: string | undefined
  readonly homepage: string | undefined
  readonly appStore: string | undefined
  readonly playStore: string | undefined
  /** The custom schemes this wallet's own native links use (for `walletLink`'s `registeredSchemes`). */
  readonly registeredSchemes: ReadonlyArray<string>
  /** Found on the page (EIP-6963 / injected): choosing it connects `connectorId`. */
  readonly installed: boolean
  readonly connectorId: string | undefined
  /** Added by the host with `customWallets`. */
  readonly custom: boolean
}

export type CatalogStatus =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Failed"; readonly error: ProviderApiError }

export interface CatalogState {
  /** Wallets found on the page, with listing details where a listing matches. Listed even on failure. */
  readonly installed: ReadonlyArray<CatalogWallet>
  /** The host's `customWallets`, sanitised. */
  readonly custom: ReadonlyArray<CatalogWallet>
  /** `featuredWalletIds`, in that order. */
  readonly featured: ReadonlyArray<CatalogWallet>
  /** The explorer's top 4, without featured and excluded wallets. */
  readonly recommended: ReadonlyArray<CatalogWallet>
  /** The other listings, pages of 40 in explorer order. */
  readonly wallets: ReadonlyArray<CatalogWallet>
  /** Everything above, in display order, each wallet once. */
  readonly list: ReadonlyArray<CatalogWallet>
  /** The listing's total for the paged part (`count` of `/getWallets`). */
  readonly count: number
  /** Pages of `wallets` loaded so far. */
  readonly page: number
  /** The first load (featured, recommended, page 1) has succeeded. */
  readonly loaded: boolean
  /** More pages to load. */
  readonly hasMore: boolean
  readonly status: CatalogStatus
}

export interface CatalogSearchState {
  /** The query of `results` (trimmed); empty when no search is shown. */
  readonly query: string
  /** At most 100: matching installed and custom wallets first, then the explorer's answer. */
  readonly results: ReadonlyArray<CatalogWallet>
  readonly status: CatalogStatus
}

export interface WalletCatalogShape {
  readonly state: SubscriptionRef.SubscriptionRef<CatalogState>
  readonly search: SubscriptionRef.SubscriptionRef<CatalogSearchState>
  /**
   * Loads featured, recommended and the first page; after a failure, retries what failed. Does nothing
   * while a load runs or once loaded. Failures land in `state.status`, never in the error channel.
   */
  readonly load: Effect.Effect<void>
  /** Loads the next page of 40. Does nothing while another load runs or when every page is loaded. */
  readonly loadNextPage: Effect.Effect<void>
  /**
   * The search box's text. Searched 300 ms after the last change (SPEC.md §9); a newer query interrupts
   * a search in flight; an empty query clears the search.
   */
  readonly setQuery: (query: string) => Effect.Effect<void>
}

/**
 * The wallet explorer as the AllWallets view lists it: featured, recommended and paged wallets, the
 * host's custom wallets, search, each wallet once and marked installed when it is on the page.
 *
 * @since 0.1.0
 * @category tags
 */
export class WalletCatalog extends Context.Service<WalletCatalog, WalletCatalogShape>()(
  "@airlock/WalletCatalog"
) {}
