import type { ComponentType } from "react"
import { chromeWords } from "../../../messages/compiled/en/chrome"
import type { View } from "../../../schemas/View"
import { ConnectView } from "../views/wallets/ConnectView"
import { type LazyView, LazyViewBody, lazyView } from "./lazyView"
import { ViewBoundary } from "./ViewBoundary"

/**
 * Views built so far; any other view shows Connect, as an unknown route does. Connect ships with the first
 * paint; a `lazyView` is imported when first shown, and again after a failure.
 */
const BODIES: Partial<Record<View, ComponentType | LazyView>> = {
  Connect: ConnectView,
  ConnectingExternal: lazyView(() =>
    import("../views/wallets/ConnectingExternalView").then((m) => m.ConnectingExternalView)
  ),
  ConnectingWalletConnect: lazyView(() =>
    import("../views/walletconnect/ConnectingWalletConnectView").then((m) => m.ConnectingWalletConnectView)
  ),
  ConnectingWalletConnectBasic: lazyView(() =>
    import("../views/walletconnect/ConnectingWalletConnectView").then(
      (m) => m.ConnectingWalletConnectBasicView
    )
  ),
  Account: lazyView(() => import("../views/account/AccountView").then((m) => m.AccountView)),
  AllWallets: lazyView(() => import("../views/wallets/AllWalletsView").then((m) => m.AllWalletsView)),
  Networks: lazyView(() => import("../views/networks/NetworksView").then((m) => m.NetworksView)),
  UnsupportedChain: lazyView(() =>
    import("../views/networks/NetworksView").then((m) => m.UnsupportedChainView)
  ),
  ApproveTransaction: lazyView(() =>
    import("../views/requests/ApproveTransactionScreen").then((m) => m.ApproveTransactionScreen)
  ),
  SIWXSignMessage: lazyView(() => import("../views/signin/SignInViews").then((m) => m.SIWXSignMessageView)),
  ConnectingSiwe: lazyView(() => import("../views/signin/SignInViews").then((m) => m.ConnectingSiweView)),
  WalletReceive: lazyView(() => import("../views/account/ReceiveView").then((m) => m.ReceiveView)),
  WalletSend: lazyView(() => import("../views/flows/send/SendView").then((m) => m.SendView)),
  Swap: lazyView(() => import("../views/flows/swap/SwapView").then((m) => m.SwapView)),
  OnRampProviders: lazyView(() => import("../views/flows/onramp/BuyView").then((m) => m.BuyView)),
  RegisterAccountName: lazyView(() =>
    import("../views/flows/names/NameViews").then((m) => m.RegisterAccountNameView)
  ),
  RegisterAccountNameSuccess: lazyView(() =>
    import("../views/flows/names/NameViews").then((m) => m.RegisterAccountNameSuccessView)
  ),
  EmailVerifyDevice: lazyView(() =>
    import("../views/embedded/LoginViews").then((m) => m.EmailVerifyDeviceView)
  ),
  EmailVerifyOtp: lazyView(() => import("../views/embedded/LoginViews").then((m) => m.EmailVerifyOtpView)),
  ConnectingSocial: lazyView(() =>
    import("../views/embedded/LoginViews").then((m) => m.ConnectingSocialView)
  ),
  UpdateEmail: lazyView(() => import("../views/embedded/LoginViews").then((m) => m.UpdateEmailView)),
  ConnectingFarcaster: lazyView(() =>
    import("../views/embedded/LoginViews").then((m) => m.ConnectingFarcasterView)
  ),
  WhatIsAWallet: lazyView(() => import("../views/help/WhatIsAWalletView").then((m) => m.WhatIsAWalletView))
}

type ChromeWords = typeof chromeWords

const shown = (view: View): View => (BODIES[view] === undefined ? "Connect" : view)

/** The view's title (namespace `chrome`), in `words`' locale: English unless given. */
export const viewTitle = (view: View, words: ChromeWords = chromeWords): string =>
  words[shown(view)]()

/** The view's body inside its own error boundary, so a failed view never takes the dialog down. */
export const ViewBody = ({ view }: { readonly view: View }) => {
  const Body = BODIES[view] ?? ConnectView
  if (typeof Body === "function")
    return (
      <ViewBoundary key={view}>
        <Body />
      </ViewBoundary>
    )
  return (
    <ViewBoundary key={view} onFailure={Body.forgetFailedLoad}>
      <LazyViewBody view={Body} />
    </ViewBoundary>
  )
}
