import { useState } from "react"
import { isTouchDevice } from "../../../../layers/platform/device"
import { safeHttpsUrl, safeWalletLink, walletLink } from "../../../../layers/walletconnect/deepLink"
import { present } from "../../../../presentation"
import { WALLET_CONNECT_ID } from "../../../../services/Connection"
import type { CatalogWallet } from "../../../../services/WalletCatalog"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { WalletImage } from "../wallets/WalletImage"
import { QrCode } from "./QrCode"
import { walletConnectCss } from "./walletConnectStyles"

const LINK_COPIED = { kind: "toast", variant: "info", message: "Link copied", delayMs: 0 } as const

/** Where to get a wallet; every link is `https:` (checked again here: a host may swap the catalogue). */
export const getLinksOf = (
  wallet: CatalogWallet
): ReadonlyArray<{ readonly label: string; readonly href: string }> =>
  [
    { label: "Website", href: safeHttpsUrl(wallet.homepage) },
    { label: "App Store", href: safeHttpsUrl(wallet.appStore) },
    { label: "Google Play", href: safeHttpsUrl(wallet.playStore) }
  ].filter((link): link is { label: string; href: string } => link.href !== undefined)

/** The wallet a visitor picked in All Wallets, when the catalogue still has it. */
const useChosenWallet = (): CatalogWallet | undefined => {
  const { router, catalog } = useController()
  const walletId = useStore(router).data?.walletId
  const { list } = useStore(catalog.state)
  const { results } = useStore(catalog.search)
  return walletId === undefined ? undefined : [...list, ...results].find((w) => w.id === walletId)
}

/**
 * The link that opens `uri` in `wallet`'s app (native link on touch devices, else desktop, else web), and
 * the link's base: what is remembered, never the URI and its key.
 */
export const openLinkOf = (
  wallet: CatalogWallet,
  uri: string,
  touch: boolean
): { readonly href: string; readonly base: string } | undefined => {
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

/** Copy link, falling back to a field to copy by hand where the clipboard is refused. */
const CopyLink = ({ uri }: { readonly uri: string }) => {
  const controller = useController()
  const [manual, setManual] = useState(false)
  const copy = () =>
    copyText(uri).then((copied) => {
      if (!copied) return setManual(true)
      // A toast that cannot be shown (the modal was disposed meanwhile) is no reason to fail the click.
      return controller.notify(LINK_COPIED).catch(() => undefined)
    })
  return (
    <>
      <button type="button" className="row copy-link" onClick={() => void copy()}>
        <span className="name">Copy link</span>
      </button>
      {manual ? (
        <input
          className="input"
          readOnly
          value={uri}
          aria-label="WalletConnect link"
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </>
  )
}

/** "Open {wallet}": a link built by the safe deep-link builder, remembered once used. */
const OpenInWallet = ({ wallet, uri }: { readonly wallet: CatalogWallet; readonly uri: string }) => {
  const controller = useController()
  const link = openLinkOf(wallet, uri, isTouchDevice())
  if (link === undefined) return null
  const { href, base } = link
  const native = !href.startsWith("https:")
  return (
    <a
      className="button"
      href={href}
      // A native link hands over to the app; an https one opens the wallet's page beside the dapp.
      target={native ? undefined : "_blank"}
      rel="noopener noreferrer"
      onClick={() => void controller.walletConnect.rememberDeepLink({ href: base, name: wallet.name })}
    >
      Open {wallet.name}
    </a>
  )
}

/** Waiting, failed (with Try again), or the URI's own content. */
const usePairing = () => {
  const controller = useController()
  const pairing = useStore(controller.walletConnect.pairing)
  const { attempt } = useStore(controller.connection)
  const failed =
    attempt?._tag === "Failed" && attempt.connectorId === WALLET_CONNECT_ID ? attempt.error : undefined
  return { pairing, failed, retry: () => void controller.connect(WALLET_CONNECT_ID) }
}

const Failed = ({ message, retry }: { readonly message: string; readonly retry: () => void }) => (
  <div className="connecting">
    <p className="connecting-title">Connection failed</p>
    <p className="connecting-text" role="alert">
      {message}
    </p>
    <button type="button" className="button" onClick={retry}>
      Try again
    </button>
  </div>
)

const Preparing = () => (
  <div className="connecting">
    <span className="spinner" role="progressbar" aria-label="Preparing the QR code" />
  </div>
)

/** Pair by scanning the QR code with a phone wallet, copying the link, or opening the chosen wallet. */
export const ConnectingWalletConnectView = () => {
  useViewStyles(walletConnectCss)
  const { pairing, failed, retry } = usePairing()
  const wallet = useChosenWallet()
  if (failed !== undefined) return <Failed message={present(failed).message} retry={retry} />
  if (pairing._tag !== "Ready") return <Preparing />
  const label = wallet === undefined ? "Scan with your wallet" : `Scan with ${wallet.name}`
  const links = wallet === undefined ? [] : getLinksOf(wallet)
  return (
    <div className="walletconnect">
      {wallet === undefined ? null : (
        <div className="walletconnect-wallet">
          <WalletImage src={wallet.imageUrl} name={wallet.name} />
          <span className="name">{wallet.name}</span>
        </div>
      )}
      <QrCode value={pairing.uri} label={`QR code: ${label}`} />
      <p className="connecting-text" aria-live="polite">
        {label}
      </p>
      {wallet === undefined ? null : <OpenInWallet wallet={wallet} uri={pairing.uri} />}
      <CopyLink uri={pairing.uri} />
      {links.length === 0 || wallet === undefined ? null : (
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
    </div>
  )
}

/**
 * The basic variant, for touch devices, where scanning your own screen is no use: the listing's wallets as
 * links that open them with the URI, plus Copy link and the QR code on request.
 */
export const ConnectingWalletConnectBasicView = () => {
  useViewStyles(walletConnectCss)
  const controller = useController()
  const { pairing, failed, retry } = usePairing()
  const { list } = useStore(controller.catalog.state)
  if (failed !== undefined) return <Failed message={present(failed).message} retry={retry} />
  if (pairing._tag !== "Ready") return <Preparing />
  const wallets = list
    .filter((w) => !w.installed)
    .flatMap((wallet) => {
      const link = openLinkOf(wallet, pairing.uri, true)
      return link === undefined ? [] : [{ wallet, ...link }]
    })
    .slice(0, 8)
  return (
    <div className="walletconnect">
      <ul className="list" aria-label="Open a wallet">
        {wallets.map(({ wallet, href, base }) => (
          <li key={wallet.id}>
            <a
              className="row"
              href={href}
              target={href.startsWith("https:") ? "_blank" : undefined}
              rel="noopener noreferrer"
              onClick={() =>
                void controller.walletConnect.rememberDeepLink({ href: base, name: wallet.name })
              }
            >
              <WalletImage src={wallet.imageUrl} name={wallet.name} />
              <span className="name">{wallet.name}</span>
            </a>
          </li>
        ))}
      </ul>
      <CopyLink uri={pairing.uri} />
      <button
        type="button"
        className="row"
        onClick={() => void controller.replace("ConnectingWalletConnect")}
      >
        <span className="name">Show QR code</span>
      </button>
    </div>
  )
}
