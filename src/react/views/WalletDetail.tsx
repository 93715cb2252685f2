import { useEffect, useRef } from "react"
import { safeHttpsUrl } from "../../internal/deepLink"
import type { CatalogWallet } from "../../services/WalletCatalog"
import { WalletImage } from "./WalletImage"

/** Where to get a wallet; every link is `https:` (checked again here: a host may swap the catalogue). */
export const getLinksOf = (
  wallet: CatalogWallet
): ReadonlyArray<{ readonly label: string; readonly href: string }> =>
  [
    { label: "Website", href: safeHttpsUrl(wallet.homepage) },
    { label: "App Store", href: safeHttpsUrl(wallet.appStore) },
    { label: "Google Play", href: safeHttpsUrl(wallet.playStore) },
    { label: "Open web app", href: safeHttpsUrl(wallet.webappLink) }
  ].filter((link): link is { label: string; href: string } => link.href !== undefined)

/**
 * A wallet that is not on this page: where to get it. Connecting it through WalletConnect (QR code and
 * deep link, built with `walletLink`) arrives with the WalletConnect view.
 */
export const WalletDetail = ({
  wallet,
  onBack
}: {
  readonly wallet: CatalogWallet
  readonly onBack: () => void
}) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const links = getLinksOf(wallet)
  return (
    <div className="wallet-detail">
      <WalletImage src={wallet.imageUrl} name={wallet.name} />
      <h3 ref={heading} tabIndex={-1}>
        Get {wallet.name}
      </h3>
      {links.length === 0 ? (
        <p className="empty">No download link is listed for this wallet.</p>
      ) : (
        <ul className="list" aria-label={`Get ${wallet.name}`}>
          {links.map((link) => (
            <li key={link.label}>
              <a className="row" href={link.href} target="_blank" rel="noopener noreferrer">
                <span className="name">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={onBack}>
        Back to all wallets
      </button>
    </div>
  )
}
