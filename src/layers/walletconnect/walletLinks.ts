/**
 * Which links the WalletConnect views offer for a pairing URI, and in which order (README, WalletConnect):
 * the deep-link order of a device, the chosen wallet's Open and Get links, the basic view's list of
 * wallets on a phone. Every link is built by the deep-link builder. Pure.
 */
import type { CatalogWallet } from "../../services/WalletCatalog"
import { safeHttpsUrl, safeWalletLink, walletLink } from "./deepLink"

/** A link that opens the URI in a wallet, and the link's base: what is remembered, never the URI and its key. */
export interface WalletOpenLink {
  readonly href: string
  readonly base: string
}

/** A page where the visitor gets a wallet (its site, its app-store pages); the view words its kind. */
export interface WalletStoreLink {
  readonly kind: "homepage" | "appStore" | "playStore"
  readonly href: string
}

/** The chosen wallet as the QR view shows it: its Open link for the URI, and where to get it. */
export interface ChosenWallet {
  readonly wallet: CatalogWallet
  readonly open: WalletOpenLink | undefined
  readonly getLinks: ReadonlyArray<WalletStoreLink>
}

/** A wallet of the basic view's list, with the link that opens the URI in it. */
export interface PhoneWalletLink extends WalletOpenLink {
  readonly wallet: CatalogWallet
}

/** At most this many wallets in the basic view's list. */
export const PHONE_WALLETS_SHOWN = 8

/**
 * The link that opens `uri` in `wallet`'s app: on a touch device its native link, else its desktop one,
 * else its web app; elsewhere desktop, web app, then native. The first that the builder accepts wins.
 */
export const openLinkOf = (
  wallet: CatalogWallet,
  uri: string,
  touch: boolean
): WalletOpenLink | undefined => {
  const options = { registeredSchemes: wallet.registeredSchemes }
  const order = touch
    ? [wallet.mobileLink, wallet.desktopLink, wallet.webappLink]
    : [wallet.desktopLink, wallet.webappLink, wallet.mobileLink]
  for (const link of order) {
    const href = link === undefined ? undefined : walletLink(link, uri, options)
    const base = link === undefined ? undefined : safeWalletLink(link, options)
    if (href !== undefined && base !== undefined) return { href, base }
  }
  return undefined
}

/** Where to get a wallet; every link is `https:` (checked again here: a host may swap the catalogue). */
export const storeLinksOf = (wallet: CatalogWallet): ReadonlyArray<WalletStoreLink> =>
  [
    { kind: "homepage" as const, href: safeHttpsUrl(wallet.homepage) },
    { kind: "appStore" as const, href: safeHttpsUrl(wallet.appStore) },
    { kind: "playStore" as const, href: safeHttpsUrl(wallet.playStore) }
  ].filter((link): link is WalletStoreLink => link.href !== undefined)

/** The wallet picked in All Wallets (`walletId`), when the listing or the search shown still has it. */
export const chosenWallet = (
  walletId: string | undefined,
  shown: ReadonlyArray<CatalogWallet>,
  uri: string | undefined,
  touch: boolean
): ChosenWallet | undefined => {
  const wallet = walletId === undefined ? undefined : shown.find((w) => w.id === walletId)
  if (wallet === undefined) return undefined
  return {
    wallet,
    open: uri === undefined ? undefined : openLinkOf(wallet, uri, touch),
    getLinks: storeLinksOf(wallet)
  }
}

/** The basic view's wallets: the listing's, not on the page, that a phone can open with `uri`, in order. */
export const phoneWalletLinks = (
  list: ReadonlyArray<CatalogWallet>,
  uri: string | undefined
): ReadonlyArray<PhoneWalletLink> =>
  uri === undefined
    ? []
    : list
        .filter((wallet) => !wallet.installed)
        .flatMap((wallet) => {
          const link = openLinkOf(wallet, uri, true)
          return link === undefined ? [] : [{ wallet, ...link }]
        })
        .slice(0, PHONE_WALLETS_SHOWN)
