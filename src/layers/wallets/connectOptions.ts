/**
 * What the Connect view offers, from the options and what the page and the listing hold (SPEC.md §2): the
 * login methods in their order, the wallet rows in their groups (behind a button with `emailShowWallets`
 * off beside email or social login), and All Wallets. The one answer the view
 * renders and a headless host reads. Pure.
 */
import type { ConnectOptions, ConnectWalletRow, WalletOption } from "../../Modal"
import type { ModalOptions } from "../../schemas/ModalOptions"
import type { RecentWallet } from "../../schemas/Wallet"
import type { ConnectionState } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import type { CatalogState } from "../../services/WalletCatalog"
import { type ConnectRow, connectRows } from "./connectGroups"
import { connectMethodsOrder } from "./connectMethods"

export interface ConnectOptionsInput {
  readonly options: Pick<ModalOptions, "features" | "allWallets" | "enableWalletConnect">
  readonly connectors: ReadonlyArray<WalletConnector>
  readonly recent: ReadonlyArray<RecentWallet>
  readonly connection: ConnectionState
  readonly catalog: Pick<CatalogState, "featured" | "custom" | "recommended">
  /** A phone or tablet (`allWallets: "ONLY_MOBILE"` offers the listing there only). */
  readonly touch: boolean
}

/** A wallet on the page as hosts see it (the `getWallets()` shape). */
export const walletOptionOf = (connector: WalletConnector): WalletOption => ({
  id: connector.id,
  namespace: connector.chain,
  name: connector.name,
  icon: connector.icon,
  rdns: connector.rdns,
  suspicious: connector.suspicious
})

const walletRowOf = (row: ConnectRow): ConnectWalletRow => {
  switch (row.kind) {
    case "walletConnect":
      return row
    case "connector":
      return { kind: "wallet", group: row.group, wallet: walletOptionOf(row.connector), tag: row.tag }
    case "listing":
      return {
        kind: "listing",
        group: row.group,
        id: row.wallet.id,
        name: row.wallet.name,
        icon: row.wallet.imageUrl
      }
  }
}

/** Whether All Wallets is offered: `allWallets: "ONLY_MOBILE"` offers it on a phone or tablet only. */
export const allWalletsOffered = (options: Pick<ModalOptions, "features" | "allWallets">, touch: boolean) =>
  options.features.allWallets &&
  (options.allWallets === "SHOW" || (options.allWallets === "ONLY_MOBILE" && touch))

/** The connect options but the legal checkbox's state (the LegalConsent service's). */
export const connectOptions = (input: ConnectOptionsInput): Omit<ConnectOptions, "legal"> => {
  const { features, enableWalletConnect } = input.options
  const socials = features.socials === false ? [] : features.socials
  const emailOrSocial = features.email || socials.length > 0
  const pairedThroughWalletConnect = Object.values(input.connection.namespaces).some(
    (n) => n?.status === "connected" && n.connector.type === "WALLET_CONNECT"
  )
  return {
    methods: connectMethodsOrder({
      configured: features.connectMethodsOrder,
      hasBrowserWallet: input.connectors.length > 0,
      emailEnabled: features.email,
      socialsEnabled: socials.length > 0
    }),
    walletsCollapsed: emailOrSocial && !features.emailShowWallets,
    wallets: connectRows({
      order: features.connectorTypeOrder,
      connectors: input.connectors,
      recent: input.recent,
      featured: input.catalog.featured,
      custom: input.catalog.custom,
      recommended: input.catalog.recommended,
      walletConnect: { enabled: enableWalletConnect, connected: pairedThroughWalletConnect }
    }).map(walletRowOf),
    allWallets: allWalletsOffered(input.options, input.touch)
  }
}
