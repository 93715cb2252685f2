import { useState } from "react"
import type { WalletOpenLink, WalletStoreLink } from "../../../../layers/walletconnect/walletLinks"
import { walletconnectWords } from "../../../../messages/compiled/en/walletconnect"
import { present } from "../../../../presentation"
import { WALLET_CONNECT_ID } from "../../../../services/Connection"
import type { CatalogWallet } from "../../../../services/WalletCatalog"
import { walletConnectLinksOf } from "../../bridge/walletConnectLinks"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useLocale, useWords } from "../../element/useWords"
import { CopyIcon, QrIcon } from "../../ui/actionIcons"
import { ListItem } from "../../ui/ListItem"
import { WalletImage } from "../wallets/WalletImage"
import { QrCode } from "./QrCode"
import { walletConnectCss } from "./walletConnectStyles"

type Words = typeof walletconnectWords

const useWalletConnectWords = (): Words => useWords("walletconnect", walletconnectWords)

/** A store page's name: brands as they are, the wallet's own site in the visitor's words. */
const storeName = (t: Words, kind: WalletStoreLink["kind"]) => {
  switch (kind) {
    case "homepage":
      return t.website()
    case "appStore":
      return t.appStore()
    case "playStore":
      return t.googlePlay()
  }
}

/** Copy link, falling back to a field to copy by hand where the clipboard is refused. */
const CopyLink = ({ uri }: { readonly uri: string }) => {
  const controller = useController()
  const t = useWalletConnectWords()
  const [manual, setManual] = useState(false)
  const copy = () =>
    copyText(uri).then((copied) => {
      if (!copied) return setManual(true)
      // A toast that cannot be shown (the modal was disposed meanwhile) is no reason to fail the click.
      return controller
        .notify({ kind: "toast", variant: "info", message: t.linkCopied(), delayMs: 0 })
        .catch(() => undefined)
    })
  return (
    <>
      <ListItem icon={<CopyIcon />} title={t.copyLink()} onClick={() => void copy()} />
      {manual ? (
        <input
          className="input"
          readOnly
          dir="ltr"
          value={uri}
          aria-label={t.linkField()}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </>
  )
}

/** "Open {wallet}": its link for the URI (the device's deep-link order), remembered once used. */
const OpenInWallet = ({
  wallet,
  link
}: {
  readonly wallet: CatalogWallet
  readonly link: WalletOpenLink
}) => {
  const controller = useController()
  const t = useWalletConnectWords()
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
      {t.openWallet({ wallet: wallet.name })}
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

const Failed = ({ message, retry }: { readonly message: string; readonly retry: () => void }) => {
  const t = useWalletConnectWords()
  return (
    <div className="connecting">
      <p className="connecting-title">{t.connectionFailed()}</p>
      <p className="connecting-text" role="alert">
        {message}
      </p>
      <button type="button" className="button" onClick={retry}>
        {t.tryAgain()}
      </button>
    </div>
  )
}

const Preparing = () => {
  const t = useWalletConnectWords()
  return (
    <div className="connecting">
      <span className="spinner" role="progressbar" aria-label={t.preparingQr()} />
    </div>
  )
}

/** Pair by scanning the QR code with a phone wallet, copying the link, or opening the chosen wallet. */
export const ConnectingWalletConnectView = () => {
  const { catalog } = useLocale()
  useViewStyles(walletConnectCss)
  const controller = useController()
  const t = useWalletConnectWords()
  const { pairing, failed, retry } = usePairing()
  const chosen = useStore(walletConnectLinksOf(controller).chosen)
  if (failed !== undefined) return <Failed message={present(failed, catalog).message} retry={retry} />
  if (pairing._tag !== "Ready") return <Preparing />
  const wallet = chosen?.wallet
  const label = wallet === undefined ? t.scanWithYourWallet() : t.scanWith({ wallet: wallet.name })
  const qrLabel = wallet === undefined ? t.qrScanWithYourWallet() : t.qrScanWith({ wallet: wallet.name })
  const links = chosen?.getLinks ?? []
  return (
    <div className="walletconnect">
      {wallet === undefined ? null : (
        <div className="walletconnect-wallet">
          <WalletImage src={wallet.imageUrl} name={wallet.name} />
          <span className="name">{wallet.name}</span>
        </div>
      )}
      <QrCode value={pairing.uri} label={qrLabel} />
      <p className="connecting-text" aria-live="polite">
        {label}
      </p>
      {wallet === undefined || chosen?.open === undefined ? null : (
        <OpenInWallet wallet={wallet} link={chosen.open} />
      )}
      <CopyLink uri={pairing.uri} />
      {links.length === 0 || wallet === undefined ? null : (
        <ul className="list" aria-label={t.getWallet({ wallet: wallet.name })}>
          {links.map((link) => (
            <li key={link.kind}>
              <ListItem title={storeName(t, link.kind)} href={link.href} target="_blank" chevron />
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
  const { catalog } = useLocale()
  useViewStyles(walletConnectCss)
  const controller = useController()
  const t = useWalletConnectWords()
  const { pairing, failed, retry } = usePairing()
  const wallets = useStore(walletConnectLinksOf(controller).phoneLinks)
  if (failed !== undefined) return <Failed message={present(failed, catalog).message} retry={retry} />
  if (pairing._tag !== "Ready") return <Preparing />
  return (
    <div className="walletconnect">
      <ul className="list" aria-label={t.openAWallet()}>
        {wallets.map(({ wallet, href, base }) => (
          <li key={wallet.id}>
            <ListItem
              icon={<WalletImage src={wallet.imageUrl} name={wallet.name} />}
              title={wallet.name}
              href={href}
              target={href.startsWith("https:") ? "_blank" : undefined}
              chevron
              onClick={() =>
                void controller.walletConnect.rememberDeepLink({ href: base, name: wallet.name })
              }
            />
          </li>
        ))}
      </ul>
      <CopyLink uri={pairing.uri} />
      <ListItem
        icon={<QrIcon />}
        title={t.showQrCode()}
        onClick={() => void controller.replace("ConnectingWalletConnect")}
      />
    </div>
  )
}
