import { useMemo } from "react"
import { type ConnectRow, connectRows } from "../../../../layers/wallets/connectGroups"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { WalletIcon } from "./WalletIcon"

const Row = ({ row }: { readonly row: ConnectRow }) => {
  const controller = useController()
  switch (row.kind) {
    case "walletConnect":
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
    case "connector":
      return (
        <button
          type="button"
          className="row"
          data-suspicious={row.connector.suspicious || undefined}
          onClick={() => void controller.chooseWallet({ _tag: "Connector", connectorId: row.connector.id })}
        >
          <WalletIcon icon={row.connector.icon} name={row.connector.name} />
          <span className="name">{row.connector.name}</span>
          {row.tag === undefined ? null : <span className="tag">{row.tag}</span>}
        </button>
      )
    case "listing":
      return (
        <button
          type="button"
          className="row"
          onClick={() => void controller.chooseWallet({ _tag: "WalletConnect", walletId: row.wallet.id })}
        >
          <WalletIcon icon={row.wallet.imageUrl} name={row.wallet.name} />
          <span className="name">{row.wallet.name}</span>
        </button>
      )
  }
}

/**
 * The Connect view's wallets (SPEC.md §2): WalletConnect, recent, installed, featured, custom, other and
 * recommended wallets in the host's `connectorTypeOrder`, each once; choosing one starts connecting.
 */
export const WalletList = () => {
  const controller = useController()
  const connectors = useStore(controller.connectors)
  const recent = useStore(controller.recentWallets)
  const { namespaces } = useStore(controller.connection)
  const { featured, custom, recommended } = useStore(controller.catalog.state)
  const connected = Object.values(namespaces).some(
    (n) => n?.status === "connected" && n.connector.type === "WALLET_CONNECT"
  )
  const rows = useMemo(
    () =>
      connectRows({
        order: controller.config.features.connectorTypeOrder,
        connectors,
        recent,
        featured,
        custom,
        recommended,
        walletConnect: { enabled: controller.config.enableWalletConnect, connected }
      }),
    [controller, connectors, recent, featured, custom, recommended, connected]
  )
  const browserWallets = rows.some((row) => row.kind === "connector")
  return (
    <>
      {browserWallets ? null : <p className="empty">No browser wallet found</p>}
      <ul className="list" aria-label="Wallets">
        {rows.map((row) => (
          <li
            key={
              row.kind === "walletConnect"
                ? "walletConnect"
                : row.kind === "connector"
                  ? row.connector.id
                  : row.wallet.id
            }
            data-group={row.group}
          >
            <Row row={row} />
          </li>
        ))}
      </ul>
    </>
  )
}
