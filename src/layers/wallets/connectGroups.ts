/**
 * The Connect view's wallet rows (SPEC.md §2): the groups walletConnect, recent, injected, featured,
 * custom, external and recommended, in the host's `connectorTypeOrder`; each wallet once, in the first
 * group that lists it (a wallet serving EVM and Solana is one row); the WalletConnect group hidden once connected through WalletConnect. Pure.
 */
import { type ConnectorGroup, DefaultConnectorTypeOrder } from "../../schemas/ModalOptions"
import type { RecentWallet } from "../../schemas/Wallet"
import type { WalletConnector } from "../../services/Connectors"
import type { CatalogWallet } from "../../services/WalletCatalog"

export type ConnectRow =
  | { readonly kind: "walletConnect"; readonly group: "walletConnect" }
  | {
      readonly kind: "connector"
      readonly group: ConnectorGroup
      readonly connector: WalletConnector
      readonly tag: "Recent" | "Installed" | "Possible impersonation" | undefined
    }
  /** A listed wallet that is not on the page: choosing it pairs through WalletConnect. */
  | { readonly kind: "listing"; readonly group: ConnectorGroup; readonly wallet: CatalogWallet }

export interface ConnectRowsInput {
  readonly order: ReadonlyArray<ConnectorGroup>
  readonly connectors: ReadonlyArray<WalletConnector>
  readonly recent: ReadonlyArray<RecentWallet>
  readonly featured: ReadonlyArray<CatalogWallet>
  readonly custom: ReadonlyArray<CatalogWallet>
  readonly recommended: ReadonlyArray<CatalogWallet>
  /** WalletConnect is on (`enableWalletConnect`) and not already the connection. */
  readonly walletConnect: { readonly enabled: boolean; readonly connected: boolean }
}

const lower = (text: string | undefined) => text?.toLowerCase()

/**
 * Two connectors of one wallet that serves two namespaces (its EIP-6963 announcement and its Wallet
 * Standard registration), known by name since the standard gives no rdns. A flagged one is nobody's twin.
 */
export const isCompanion = (a: WalletConnector, b: WalletConnector): boolean =>
  a !== b &&
  a.type === "ANNOUNCED" &&
  b.type === "ANNOUNCED" &&
  a.chain !== b.chain &&
  !a.suspicious &&
  !b.suspicious &&
  a.name.toLowerCase() === b.name.toLowerCase()

/** The rows, group by group in `order` (groups it leaves out follow in the default order). */
export const connectRows = (input: ConnectRowsInput): ReadonlyArray<ConnectRow> => {
  const order = [...new Set([...input.order, ...DefaultConnectorTypeOrder])]
  const shownConnectors = new Set<string>()
  const shownWallets = new Set<string>()
  const shownRdns = new Set<string>()
  const shownNames = new Set<string>()
  const pairing = input.walletConnect.enabled && !input.walletConnect.connected
  // The page's wallets count before any listing is weighed, whatever the order: a listing of a wallet
  // that is on the page never stands beside it.
  for (const connector of input.connectors) {
    if (connector.rdns !== undefined) shownRdns.add(connector.rdns.toLowerCase())
    shownNames.add(connector.name.toLowerCase())
  }

  const takeConnector = (connector: WalletConnector) => {
    if (shownConnectors.has(connector.id)) return false
    shownConnectors.add(connector.id)
    // One row per wallet: choosing it connects its other namespace too.
    for (const other of input.connectors) if (isCompanion(connector, other)) shownConnectors.add(other.id)
    if (connector.rdns !== undefined) shownRdns.add(connector.rdns.toLowerCase())
    shownNames.add(connector.name.toLowerCase())
    return true
  }
  // A listing is the same wallet as a row shown already by id, rdns or (without an rdns) by name.
  const takeListing = (wallet: CatalogWallet) => {
    const rdns = lower(wallet.rdns)
    if (
      shownWallets.has(wallet.id) ||
      (rdns !== undefined ? shownRdns.has(rdns) : shownNames.has(wallet.name.toLowerCase()))
    )
      return false
    shownWallets.add(wallet.id)
    if (rdns !== undefined) shownRdns.add(rdns)
    shownNames.add(wallet.name.toLowerCase())
    return true
  }

  const connectorRow =
    (group: ConnectorGroup, recent: boolean) =>
    (connector: WalletConnector): ConnectRow => ({
      kind: "connector",
      group,
      connector,
      tag: connector.suspicious
        ? "Possible impersonation"
        : recent
          ? "Recent"
          : connector.type === "ANNOUNCED"
            ? "Installed"
            : undefined
    })
  // An installed listing connects its connector; the rest pair, so only while pairing is offered.
  const listingRows = (
    group: ConnectorGroup,
    wallets: ReadonlyArray<CatalogWallet>
  ): ReadonlyArray<ConnectRow> =>
    wallets.flatMap((wallet): ReadonlyArray<ConnectRow> => {
      const connector =
        wallet.connectorId === undefined
          ? undefined
          : input.connectors.find((c) => c.id === wallet.connectorId)
      if (connector !== undefined)
        return takeConnector(connector) ? [connectorRow(group, false)(connector)] : []
      return pairing && takeListing(wallet) ? [{ kind: "listing", group, wallet }] : []
    })

  const rowsOf = (group: ConnectorGroup): ReadonlyArray<ConnectRow> => {
    switch (group) {
      case "walletConnect":
        return pairing ? [{ kind: "walletConnect", group }] : []
      case "recent":
        return input.recent
          .flatMap((r) => input.connectors.filter((c) => c.key === r.id))
          .filter(takeConnector)
          .map(connectorRow(group, true))
      case "injected":
        return input.connectors
          .filter((c) => (c.type === "ANNOUNCED" || c.type === "INJECTED") && takeConnector(c))
          .map(connectorRow(group, false))
      case "external":
        return input.connectors
          .filter((c) => (c.type === "EXTERNAL" || c.type === "MULTI_CHAIN") && takeConnector(c))
          .map(connectorRow(group, false))
      case "featured":
        return listingRows(group, input.featured)
      case "custom":
        return listingRows(group, input.custom)
      case "recommended":
        return listingRows(group, input.recommended)
    }
  }
  return order.flatMap(rowsOf)
}
