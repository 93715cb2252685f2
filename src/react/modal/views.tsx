import { type ComponentType, lazy, Suspense } from "react"
import type { View } from "../../schemas/View"
import { ConnectingExternalView } from "../views/ConnectingExternalView"
import { ConnectView } from "../views/ConnectView"

// Connect and its connecting step ship with the first paint; the rest loads when first shown.
const AccountView = lazy(() => import("../views/AccountView").then((m) => ({ default: m.AccountView })))
const AllWalletsView = lazy(() =>
  import("../views/AllWalletsView").then((m) => ({ default: m.AllWalletsView }))
)
const NetworksView = lazy(() => import("../views/NetworksView").then((m) => ({ default: m.NetworksView })))
const ConnectingWalletConnectView = lazy(() =>
  import("../views/ConnectingWalletConnectView").then((m) => ({ default: m.ConnectingWalletConnectView }))
)
const ConnectingWalletConnectBasicView = lazy(() =>
  import("../views/ConnectingWalletConnectView").then((m) => ({
    default: m.ConnectingWalletConnectBasicView
  }))
)
const UnsupportedChainView = lazy(() =>
  import("../views/NetworksView").then((m) => ({ default: m.UnsupportedChainView }))
)

const TITLES: Record<View, string> = {
  Connect: "Connect Wallet",
  Account: "Account",
  AllWallets: "All Wallets",
  ConnectingExternal: "Connecting",
  ConnectingWalletConnect: "WalletConnect",
  ConnectingWalletConnectBasic: "WalletConnect",
  ConnectingSiwe: "Sign In",
  ConnectingFarcaster: "Farcaster",
  UnsupportedChain: "Switch Network",
  Networks: "Choose Network",
  SIWXSignMessage: "Sign In",
  ApproveTransaction: "Approve Transaction",
  Swap: "Swap",
  RegisterAccountName: "Choose Name",
  RegisterAccountNameSuccess: "Name Registered"
}

/** Views built so far; any other view shows Connect, as an unknown route does. */
const BODIES: Partial<Record<View, ComponentType>> = {
  Connect: ConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView,
  Account: AccountView,
  AllWallets: AllWalletsView,
  Networks: NetworksView,
  UnsupportedChain: UnsupportedChainView
}

const shown = (view: View): View => (BODIES[view] === undefined ? "Connect" : view)

export const viewTitle = (view: View): string => TITLES[shown(view)]

export const ViewBody = ({ view }: { readonly view: View }) => {
  const Body = BODIES[view] ?? ConnectView
  return (
    <Suspense fallback={<p className="empty">Loading…</p>}>
      <Body />
    </Suspense>
  )
}
