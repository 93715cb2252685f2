import { useState } from "react"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { QrCode } from "../walletconnect/QrCode"
import { walletConnectCss } from "../walletconnect/walletConnectStyles"
import { accountCss } from "./accountStyles"

const receiveCss = `
.receive-address {
  overflow-wrap: anywhere;
  text-align: center;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: calc(var(--_fs) * 1.3);
  font-weight: 500;
}
`

/** The connected address to receive on: a QR code, Copy, and the networks it can receive on. */
export const ReceiveView = () => {
  useViewStyles(walletConnectCss)
  useViewStyles(accountCss)
  useViewStyles(receiveCss)
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace } = useStore(controller.networks)
  const [copied, setCopied] = useState(false)
  const account = namespaces[activeNamespace]
  if (account?.status !== "connected") return <p className="empty">No wallet connected</p>
  // The same address receives on every network of its namespace the app offers.
  const networks = controller.config.networks.filter((network) => network.chainNamespace === activeNamespace)
  return (
    <div className="walletconnect">
      <QrCode value={account.address} label={`QR code of your address ${account.address}`} />
      <p className="address receive-address">{account.address}</p>
      <button type="button" className="button" onClick={() => void copyText(account.address).then(setCopied)}>
        {copied ? "Address copied" : "Copy address"}
      </button>
      <div className="section">
        <p className="connecting-text">Send only on these networks to this address:</p>
        <ul className="list" aria-label="Networks you can receive on">
          {networks.map((network) => (
            <li key={network.caipNetworkId} className="row">
              <span className="name">{network.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
