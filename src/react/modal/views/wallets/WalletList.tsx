import type { ConnectWalletRow } from "../../../../Modal"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { WalletIcon } from "./WalletIcon"

const Row = ({ row }: { readonly row: ConnectWalletRow }) => {
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
    case "wallet":
      return (
        <button
          type="button"
          className="row"
          data-suspicious={row.wallet.suspicious || undefined}
          onClick={() => void controller.chooseWallet({ _tag: "Connector", connectorId: row.wallet.id })}
        >
          <WalletIcon icon={row.wallet.icon} name={row.wallet.name} />
          <span className="name">{row.wallet.name}</span>
          {row.tag === undefined ? null : <span className="tag">{row.tag}</span>}
        </button>
      )
    case "listing":
      return (
        <button
          type="button"
          className="row"
          onClick={() => void controller.chooseWallet({ _tag: "WalletConnect", walletId: row.id })}
        >
          <WalletIcon icon={row.icon} name={row.name} />
          <span className="name">{row.name}</span>
        </button>
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
