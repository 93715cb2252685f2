import { useMemo } from "react"
import type { RecentWallet } from "../../schemas/Wallet"
import type { WalletConnector } from "../../services/Connectors"
import { useController } from "../modal/context"
import { useStore } from "../modal/useStore"
import { WalletIcon } from "./WalletIcon"

/** Recent wallets first, newest first; the rest in discovery order (SPEC.md §2 connector groups). */
export const orderWallets = (
  connectors: ReadonlyArray<WalletConnector>,
  recent: ReadonlyArray<RecentWallet>
): ReadonlyArray<{ readonly connector: WalletConnector; readonly recent: boolean }> => {
  const rank = (c: WalletConnector) => {
    const index = recent.findIndex((r) => r.id === c.key)
    return index === -1 ? Number.POSITIVE_INFINITY : index
  }
  return connectors
    .map((connector, index) => ({ connector, index, rank: rank(connector) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ connector, rank }) => ({ connector, recent: rank !== Number.POSITIVE_INFINITY }))
}

const tagOf = (connector: WalletConnector, recent: boolean) =>
  connector.suspicious
    ? "Possible impersonation"
    : recent
      ? "Recent"
      : connector.type === "ANNOUNCED"
        ? "Installed"
        : undefined

/**
 * The WalletConnect group: one row that pairs by QR code (or, on touch devices, by the basic list of wallet
 * links). Hidden when WalletConnect is off or already connected (SPEC.md §2).
 */
const WalletConnectRow = () => {
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const connected = Object.values(namespaces).some(
    (n) => n?.status === "connected" && n.connector.type === "WALLET_CONNECT"
  )
  if (!controller.config.enableWalletConnect || connected) return null
  return (
    <button
      type="button"
      className="row"
      onClick={() => void controller.chooseWallet({ _tag: "WalletConnect" })}
    >
      <WalletIcon icon={undefined} name="WalletConnect" />
      <span className="name">WalletConnect</span>
      <span className="tag">QR code</span>
    </button>
  )
}

/** The WalletConnect row, then the browser wallets found on the page; choosing one starts connecting. */
export const WalletList = () => (
  <>
    <WalletConnectRow />
    <BrowserWallets />
  </>
)

const BrowserWallets = () => {
  const controller = useController()
  const connectors = useStore(controller.connectors)
  const recent = useStore(controller.recentWallets)
  const wallets = useMemo(() => orderWallets(connectors, recent), [connectors, recent])
  if (wallets.length === 0) return <p className="empty">No browser wallet found</p>
  return (
    <ul className="list" aria-label="Wallets">
      {wallets.map(({ connector, recent: isRecent }) => {
        const tag = tagOf(connector, isRecent)
        return (
          <li key={connector.id}>
            <button
              type="button"
              className="row"
              data-suspicious={connector.suspicious || undefined}
              onClick={() => void controller.chooseWallet({ _tag: "Connector", connectorId: connector.id })}
            >
              <WalletIcon icon={connector.icon} name={connector.name} />
              <span className="name">{connector.name}</span>
              {tag === undefined ? null : <span className="tag">{tag}</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
