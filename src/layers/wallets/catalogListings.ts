/**
 * Listings and custom wallets made safe to show: readable names, safe icons, and links that pass the
 * default-deny link rules. Loaded with the catalogue's first load (`WalletCatalogLive`), so the link rules
 * stay out of the first paint.
 */

import { safeIconUrl, sanitizeName } from "../../schemas/ThirdPartyText"
import type { CustomWallet } from "../../schemas/Wallet"
import type { DecodedWalletList, WalletListing } from "../../schemas/WalletListing"
import type { CatalogWallet } from "../../services/WalletCatalog"
import { registeredSchemesOf, safeHttpsUrl, safeWalletLink } from "../walletconnect/deepLink"
import { normalizeRdns, type SafeWalletList, type WalletImageUrl } from "./walletCatalogState"

const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/

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

/** A page of the API's listing made safe; a listing with no readable name counts as dropped. */
export const safeWalletList = (list: DecodedWalletList, walletImageUrl: WalletImageUrl): SafeWalletList => {
  const data: Array<CatalogWallet> = []
  for (const listing of list.data) {
    const wallet = fromListing(listing, walletImageUrl)
    if (wallet !== undefined) data.push(wallet)
  }
  return { count: list.count, data, dropped: list.dropped + list.data.length - data.length }
}

/** The host's `customWallets` made safe; one with no readable name is left out. */
export const safeCustomWallets = (wallets: ReadonlyArray<CustomWallet>): ReadonlyArray<CatalogWallet> =>
  wallets.flatMap((wallet) => {
    const name = sanitizeName(wallet.name)
    if (name === undefined) return []
    return [
      {
        id: wallet.id,
        name,
        imageUrl: safeIconUrl(wallet.image_url),
        rdns: undefined,
        ...safeLinks(wallet),
        installed: false,
        connectorId: undefined,
        custom: true
      }
    ]
  })
