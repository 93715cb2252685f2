/**
 * "Get a wallet" for a visitor who has none (the help view, issue 30): the host's featured wallets, then
 * the listing's recommended ones, each once, none already on the page, each with the download links the
 * catalogue's default-deny link rules let through (`catalogListings.ts`: https only): App Store, Google
 * Play, the wallet's homepage. A wallet with no such link has nothing to offer here and is left out. Pure.
 */
import type { CatalogState, CatalogWallet } from "../../services/WalletCatalog"

export interface WalletDownload {
  readonly kind: "appStore" | "playStore" | "homepage"
  readonly url: string
}

export interface WalletToGet {
  readonly id: string
  readonly name: string
  readonly imageUrl: string | undefined
  readonly downloads: ReadonlyArray<WalletDownload>
}

const KINDS: ReadonlyArray<WalletDownload["kind"]> = ["appStore", "playStore", "homepage"]

const downloadsOf = (wallet: CatalogWallet): ReadonlyArray<WalletDownload> =>
  KINDS.flatMap((kind) => {
    const url = wallet[kind]
    return url === undefined ? [] : [{ kind, url }]
  })

export const walletsToGet = (
  catalog: Pick<CatalogState, "featured" | "recommended">
): ReadonlyArray<WalletToGet> => {
  const seen = new Set<string>()
  return [...catalog.featured, ...catalog.recommended].flatMap((wallet) => {
    if (seen.has(wallet.id) || wallet.installed) return []
    seen.add(wallet.id)
    const downloads = downloadsOf(wallet)
    return downloads.length === 0
      ? []
      : [{ id: wallet.id, name: wallet.name, imageUrl: wallet.imageUrl, downloads }]
  })
}
