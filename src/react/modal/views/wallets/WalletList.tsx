import type { ConnectWalletRow } from "../../../../Modal"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { ListItem } from "../../ui/ListItem"
import { WalletIcon } from "./WalletIcon"

/** WalletConnect's own mark: a blue tile with its bridge, drawn here (no image to fetch). */
export const WalletConnectMark = () => (
  <span className="wallet-icon wc-mark" aria-hidden="true">
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6.5 9.5c3-3 8-3 11 0M8.6 12l3.4 3.3 3.4-3.3M4 12.5l3 2.8M20 12.5l-3 2.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  </span>
)

const Row = ({ row }: { readonly row: ConnectWalletRow }) => {
  const controller = useController()
  switch (row.kind) {
    case "walletConnect":
      return (
        <ListItem
          icon={<WalletConnectMark />}
          title="WalletConnect"
          tag="QR code"
          tone="accent"
          onClick={() => void controller.chooseWallet({ _tag: "WalletConnect" })}
        />
      )
    case "wallet":
      return (
        <ListItem
          icon={<WalletIcon icon={row.wallet.icon} name={row.wallet.name} />}
          title={row.wallet.name}
          tag={row.tag}
          tone={row.tag === "Installed" ? "success" : undefined}
          data={{ "data-suspicious": row.wallet.suspicious ? "true" : undefined }}
          onClick={() => void controller.chooseWallet({ _tag: "Connector", connectorId: row.wallet.id })}
        />
      )
    case "listing":
      return (
        <ListItem
          icon={<WalletIcon icon={row.icon} name={row.name} />}
          title={row.name}
          onClick={() => void controller.chooseWallet({ _tag: "WalletConnect", walletId: row.id })}
        />
      )
  }
}

/**
 * The Connect view's wallets (SPEC.md §2): WalletConnect, recent, installed, featured, custom, other and
 * recommended wallets in the host's `connectorTypeOrder`, each once; choosing one starts connecting.
 */
export const WalletList = () => {
  const { connectOptions } = useController()
  const rows = useStore(connectOptions).wallets
  const browserWallets = rows.some((row) => row.kind === "wallet")
  return (
    <>
      {browserWallets ? null : <p className="empty">No browser wallet found</p>}
      <ul className="list" aria-label="Wallets">
        {rows.map((row) => (
          <li
            key={
              row.kind === "walletConnect" ? "walletConnect" : row.kind === "wallet" ? row.wallet.id : row.id
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
