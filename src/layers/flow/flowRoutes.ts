/**
 * ModalFlow's rules over routes and states (`ModalFlowLive.ts`): which views wait for a connect or list
 * wallets, where a bare open lands, and whether the account is on a network the host did not configure. Pure.
 */
import type { View } from "../../schemas/View"
import type { ConnectionState } from "../../services/Connection"
import type { RouterState } from "../../services/ModalRouter"
import type { NetworksState } from "../../services/Networks"
import { visitorRoute } from "../modal/ModalRouterLive"

/** The Connecting views, by the kind of connect they wait for. */
const CONNECTING: Partial<Record<View, "browser" | "walletConnect">> = {
  ConnectingExternal: "browser",
  ConnectingWalletConnect: "walletConnect",
  ConnectingWalletConnectBasic: "walletConnect"
}

/** Views that list the provider's wallets. */
export const LISTS_WALLETS: ReadonlySet<View> = new Set([
  "Connect",
  "WhatIsAWallet",
  "AllWallets",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic"
])

/** The connect the visitor's route waits for (behind the pending requests too), if it is a Connecting view. */
export const connectingKind = (state: RouterState): "browser" | "walletConnect" | undefined => {
  const route = visitorRoute(state)
  return route.open ? CONNECTING[route.view] : undefined
}

/** Whether moving between two routes leaves the connect the first one waited for. */
export const leavesConnect = (before: RouterState, after: RouterState): boolean => {
  const waited = connectingKind(before)
  return waited !== undefined && connectingKind(after) !== waited
}

/** The view a bare `open()` lands on (SPEC.md §2). */
export const viewOnOpen = (requested: View | undefined, connected: boolean): View =>
  requested ?? (connected ? "Account" : "Connect")

/** Whether the active namespace has a connected address. */
export const activeConnected = (connection: ConnectionState, networks: NetworksState): boolean =>
  connection.namespaces[networks.activeNamespace]?.status === "connected"

/** The network situation the modal follows: a connected wallet on a network the host did not configure. */
export const onUnknownNetwork = (
  connection: ConnectionState,
  networks: NetworksState
): string | undefined => {
  const active = networks.active[networks.activeNamespace]
  return activeConnected(connection, networks) && active?._tag === "Unknown"
    ? active.caipNetworkId
    : undefined
}
