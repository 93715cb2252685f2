/**
 * What a connected account shows first: the Account view, and the account's lazy layer code
 * (`layers/runtime/accountStage`, which the services also load on their own: one chunk, shared). Prefetched
 * while the Connect view is open, so connecting is a request to the wallet and a render. Every view opened
 * after the Connect view (WalletConnect's, the networks', a connected account's) loads by way of this
 * module: what they share with the Account view is then already here, not split into small shared chunks
 * that connecting would fetch one by one.
 */
export * as layerStage from "../../../layers/runtime/accountStage"
export { AccountView } from "../views/account/AccountView"

export const walletConnectViews = () => import("../views/walletconnect/ConnectingWalletConnectView")
export const networkViews = () => import("../views/networks/NetworksView")
export const batchStatusView = () => import("../views/batches/BatchStatusView").then((m) => m.BatchStatusView)
export const receiveView = () => import("../views/account/ReceiveView").then((m) => m.ReceiveView)
export const sendView = () => import("../views/flows/send/SendView").then((m) => m.SendView)
export const payView = () => import("../views/flows/pay/PayView").then((m) => m.PayView)
export const swapView = () => import("../views/flows/swap/SwapView").then((m) => m.SwapView)
export const buyView = () => import("../views/flows/onramp/BuyView").then((m) => m.BuyView)
export const nameViews = () => import("../views/flows/names/NameViews")
export const signInViews = () => import("../views/signin/SignInViews")
export const approveTransactionScreen = () =>
  import("../views/requests/ApproveTransactionScreen").then((m) => m.ApproveTransactionScreen)
