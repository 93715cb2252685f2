import type { ComponentType } from "react"
import { chromeWords } from "../../../messages/compiled/en/chrome"
import type { View } from "../../../schemas/View"
import { ConnectingExternalView } from "../views/wallets/ConnectingExternalView"
import { ConnectView } from "../views/wallets/ConnectView"
import { type LazyView, LazyViewBody, lazyView } from "./lazyView"
import { ViewBoundary } from "./ViewBoundary"

/** Modules that hold several views: one import each, however many views it serves. */
const loginViews = () => import("../views/embedded/LoginViews")
/** The stage after the Connect view (`accountStage.ts`): every view opened after it loads through it. */
const accountStage = () => import("./accountStage")

// The account's layer code comes with the view: named, so that the bundler keeps it in the stage's chunk.
const accountView = lazyView(() =>
  accountStage().then((m) => {
    void m.layerStage
    return m.AccountView
  })
)

/**
 * Views built so far; any other view shows Connect, as an unknown route does. Connect, and the view that
 * waits for a browser wallet, ship with the modal's interface (`connectStage.ts`); a `lazyView` is imported
 * when first shown (or prefetched, `prefetchNext`), and again after a failure.
 */
const BODIES: Partial<Record<View, ComponentType | LazyView>> = {
  Connect: ConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: lazyView(() =>
    accountStage().then((m) => m.walletConnectViews().then((v) => v.ConnectingWalletConnectView))
  ),
  ConnectingWalletConnectBasic: lazyView(() =>
    accountStage().then((m) => m.walletConnectViews().then((v) => v.ConnectingWalletConnectBasicView))
  ),
  Account: accountView,
  AllWallets: lazyView(() => import("../views/wallets/AllWalletsView").then((m) => m.AllWalletsView)),
  Networks: lazyView(() => accountStage().then((m) => m.networkViews().then((v) => v.NetworksView))),
  UnsupportedChain: lazyView(() =>
    accountStage().then((m) => m.networkViews().then((v) => v.UnsupportedChainView))
  ),
  ApproveTransaction: lazyView(() => accountStage().then((m) => m.approveTransactionScreen())),
  SIWXSignMessage: lazyView(() =>
    accountStage().then((m) => m.signInViews().then((v) => v.SIWXSignMessageView))
  ),
  ConnectingSiwe: lazyView(() =>
    accountStage().then((m) => m.signInViews().then((v) => v.ConnectingSiweView))
  ),
  WalletReceive: lazyView(() => accountStage().then((m) => m.receiveView())),
  WalletSend: lazyView(() => accountStage().then((m) => m.sendView())),
  Pay: lazyView(() => accountStage().then((m) => m.payView())),
  Swap: lazyView(() => accountStage().then((m) => m.swapView())),
  OnRampProviders: lazyView(() => accountStage().then((m) => m.buyView())),
  RegisterAccountName: lazyView(() =>
    accountStage().then((m) => m.nameViews().then((v) => v.RegisterAccountNameView))
  ),
  RegisterAccountNameSuccess: lazyView(() =>
    accountStage().then((m) => m.nameViews().then((v) => v.RegisterAccountNameSuccessView))
  ),
  EmailVerifyDevice: lazyView(() => loginViews().then((m) => m.EmailVerifyDeviceView)),
  EmailVerifyOtp: lazyView(() => loginViews().then((m) => m.EmailVerifyOtpView)),
  ConnectingSocial: lazyView(() => loginViews().then((m) => m.ConnectingSocialView)),
  UpdateEmail: lazyView(() => loginViews().then((m) => m.UpdateEmailView)),
  ConnectingFarcaster: lazyView(() => loginViews().then((m) => m.ConnectingFarcasterView)),
  WhatIsAWallet: lazyView(() => import("../views/help/WhatIsAWalletView").then((m) => m.WhatIsAWalletView)),
  BatchStatus: lazyView(() => accountStage().then((m) => m.batchStatusView()))
}

/** The views from which a visitor goes on to a connected account: its code is fetched while they choose. */
const BEFORE_ACCOUNT: ReadonlySet<View> = new Set<View>([
  "Connect",
  "AllWallets",
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic"
])

/**
 * Fetches the code a visitor on `view` most likely needs next: from the wallets, the Account view with the
 * account's loads (a failed fetch is asked again when the view shows).
 */
export const prefetchNext = (view: View): void => {
  if (!BEFORE_ACCOUNT.has(view)) return
  void accountView.loading().catch(() => {})
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
