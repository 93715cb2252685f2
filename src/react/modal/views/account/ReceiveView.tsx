import { useState } from "react"
import { receiveUri } from "../../../../layers/account/receiveUri"
import { accountWords } from "../../../../messages/compiled/en/account"
import { makeImagesPort } from "../../bridge/imagesPort"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { CheckIcon, CopyIcon } from "../../ui/actionIcons"
import { StickyFooter } from "../../ui/StickyFooter"
import { QrCode } from "../walletconnect/QrCode"
import { walletConnectCss } from "../walletconnect/walletConnectStyles"
import { WalletIcon } from "../wallets/WalletIcon"

const receiveCss = `
.receive-address {
  max-width: 100%;
  overflow-wrap: anywhere;
  text-align: center;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: calc(var(--_fs) * 1.3);
  font-weight: 500;
}
.receive-networks { align-self: stretch; text-align: start; }
.receive-networks .connecting-text { font-size: var(--_t-sm); }
/* A plain list, aligned with the text above it: not rows to press (no padding, no hover). */
.receive-networks .row, .receive-networks .row:hover { min-height: 0; padding: var(--_s-1) 0; background: transparent; cursor: default; }
.receive-networks .wallet-icon { width: calc(var(--_fs) * 2.4); height: calc(var(--_fs) * 2.4); border-radius: var(--_r-full); }
.walletconnect > .sticky-footer { align-self: stretch; }
`

/** The connected address to receive on: a QR code, Copy, and the networks it can receive on. */
export const ReceiveView = () => {
  useViewStyles(walletConnectCss)
  useViewStyles(receiveCss)
  const controller = useController()
  const t = useWords("account", accountWords)
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace } = useStore(controller.networks)
  const [copied, setCopied] = useState(false)
  const account = namespaces[activeNamespace]
  if (account?.status !== "connected") return <p className="empty">{t.noWallet()}</p>
  // The same address receives on every network of its namespace the app offers.
  const networks = controller.config.networks.filter((network) => network.chainNamespace === activeNamespace)
  const images = makeImagesPort(controller.imageUrls)
  return (
    <div className="walletconnect">
      <QrCode
        value={receiveUri(activeNamespace, account.address)}
        label={t.receiveQr({ address: account.address })}
      />
      <p className="receive-address" dir="ltr">
        {account.address}
      </p>
      <div className="section receive-networks">
        <p className="connecting-text">{t.receiveNetworksHint()}</p>
        <ul className="list" aria-label={t.receiveNetworks()}>
          {networks.map((network) => (
            <li key={network.caipNetworkId} className="row">
              <WalletIcon icon={images.network(network)} name={network.name} />
              <span className="name" translate="no">
                {network.name}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <StickyFooter>
        <button
          type="button"
          className="button"
          onClick={() => void copyText(account.address).then(setCopied)}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? t.addressCopied() : t.copyAddress()}
        </button>
      </StickyFooter>
    </div>
  )
}
