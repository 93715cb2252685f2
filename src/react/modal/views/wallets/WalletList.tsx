import type { ConnectWalletRow } from "../../../../Modal"
import { connectWords } from "../../../../messages/compiled/en/connect"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
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

type Words = typeof connectWords

/** A row's tag in the visitor's words (the row carries its kind, in English: the headless API's shape). */
const tagWords = (t: Words, tag: Extract<ConnectWalletRow, { kind: "wallet" }>["tag"]) => {
  switch (tag) {
    case "Recent":
      return t.recent()
    case "Installed":
      return t.installed()
    case "Possible impersonation":
      return t.possibleImpersonation()
    case undefined:
      return undefined
  }
}

const Row = ({ row, t }: { readonly row: ConnectWalletRow; readonly t: Words }) => {
  const controller = useController()
  switch (row.kind) {
    case "walletConnect":
      return (
        <ListItem
          icon={<WalletConnectMark />}
          title="WalletConnect"
          verbatim
          tag={t.qrCode()}
          tone="accent"
          onClick={() => void controller.chooseWallet({ _tag: "WalletConnect" })}
        />
      )
    case "wallet":
      return (
        <ListItem
          icon={<WalletIcon icon={row.wallet.icon} name={row.wallet.name} />}
          title={row.wallet.name}
          verbatim
          tag={tagWords(t, row.tag)}
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
  const t = useWords("connect", connectWords)
  const rows = useStore(connectOptions).wallets
  const browserWallets = rows.some((row) => row.kind === "wallet")
  return (
    <>
      {browserWallets ? null : <p className="empty">{t.noBrowserWallet()}</p>}
      <ul className="list" aria-label={t.wallets()}>
        {rows.map((row) => (
          <li
            key={
              row.kind === "walletConnect" ? "walletConnect" : row.kind === "wallet" ? row.wallet.id : row.id
            }
            data-group={row.group}
          >
            <Row row={row} t={t} />
          </li>
        ))}
      </ul>
    </>
  )
}
