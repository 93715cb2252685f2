import type { ComponentType } from "react"
import { chromeWords } from "../../../messages/compiled/en/chrome"
import type { View } from "../../../schemas/View"
import { ConnectView } from "../views/wallets/ConnectView"
import { type LazyView, LazyViewBody, lazyView } from "./lazyView"
import { ViewBoundary } from "./ViewBoundary"

/** Modules that hold several views: one import each, however many views it serves. */
const walletConnectViews = () => import("../views/walletconnect/ConnectingWalletConnectView")
const networkViews = () => import("../views/networks/NetworksView")
const signInViews = () => import("../views/signin/SignInViews")
const nameViews = () => import("../views/flows/names/NameViews")
const loginViews = () => import("../views/embedded/LoginViews")

/**
 * Views built so far; any other view shows Connect, as an unknown route does. Connect ships with the first
 * paint; a `lazyView` is imported when first shown, and again after a failure.
 */
const BODIES: Partial<Record<View, ComponentType | LazyView>> = {
  Connect: ConnectView,
  ConnectingExternal: lazyView(() =>
    import("../views/wallets/ConnectingExternalView").then((m) => m.ConnectingExternalView)
  ),
  ConnectingWalletConnect: lazyView(() => walletConnectViews().then((m) => m.ConnectingWalletConnectView)),
  ConnectingWalletConnectBasic: lazyView(() =>
    walletConnectViews().then((m) => m.ConnectingWalletConnectBasicView)
  ),
  Account: lazyView(() => import("../views/account/AccountView").then((m) => m.AccountView)),
  AllWallets: lazyView(() => import("../views/wallets/AllWalletsView").then((m) => m.AllWalletsView)),
  Networks: lazyView(() => networkViews().then((m) => m.NetworksView)),
  UnsupportedChain: lazyView(() => networkViews().then((m) => m.UnsupportedChainView)),
  ApproveTransaction: lazyView(() =>
    import("../views/requests/ApproveTransactionScreen").then((m) => m.ApproveTransactionScreen)
  ),
  SIWXSignMessage: lazyView(() => signInViews().then((m) => m.SIWXSignMessageView)),
  ConnectingSiwe: lazyView(() => signInViews().then((m) => m.ConnectingSiweView)),
  WalletReceive: lazyView(() => import("../views/account/ReceiveView").then((m) => m.ReceiveView)),
  WalletSend: lazyView(() => import("../views/flows/send/SendView").then((m) => m.SendView)),
  Swap: lazyView(() => import("../views/flows/swap/SwapView").then((m) => m.SwapView)),
  OnRampProviders: lazyView(() => import("../views/flows/onramp/BuyView").then((m) => m.BuyView)),
  RegisterAccountName: lazyView(() => nameViews().then((m) => m.RegisterAccountNameView)),
  RegisterAccountNameSuccess: lazyView(() => nameViews().then((m) => m.RegisterAccountNameSuccessView)),
  EmailVerifyDevice: lazyView(() => loginViews().then((m) => m.EmailVerifyDeviceView)),
  EmailVerifyOtp: lazyView(() => loginViews().then((m) => m.EmailVerifyOtpView)),
  ConnectingSocial: lazyView(() => loginViews().then((m) => m.ConnectingSocialView)),
  UpdateEmail: lazyView(() => loginViews().then((m) => m.UpdateEmailView)),
  ConnectingFarcaster: lazyView(() => loginViews().then((m) => m.ConnectingFarcasterView)),
  WhatIsAWallet: lazyView(() => import("../views/help/WhatIsAWalletView").then((m) => m.WhatIsAWalletView))
}

type ChromeWords = typeof chromeWords

const shown = (view: View): View => (BODIES[view] === undefined ? "Connect" : view)

/** The view's title (namespace `chrome`), in `words`' locale: English unless given. */
export const viewTitle = (view: View, words: ChromeWords = chromeWords): string => words[shown(view)]()

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
