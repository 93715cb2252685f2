import * as Schema from "effect/Schema"

/**
 * The modal's views (SPEC.md §2, and the account's Send and Receive, AppKit's `WalletSend` and
 * `WalletReceive`, and the email login's device approval and code entry and the social login's wait and the email update,
 * and AppKit's `WhatIsAWallet` help for a visitor without a wallet, which SPEC.md leaves unnamed, and `Pay`,
 * the payment a host asks for with `modal.pay`, and `BatchStatus`, where an EIP-5792 batch the modal sent stands).
 * There are no URL routes: a view is router state.
 */
export const View = Schema.Literals([
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "ConnectingSiwe",
  "ConnectingFarcaster",
  "UnsupportedChain",
  "Networks",
  "SIWXSignMessage",
  "ApproveTransaction",
  "Swap",
  "OnRampProviders",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  "WalletReceive",
  "WalletSend",
  "EmailVerifyDevice",
  "EmailVerifyOtp",
  "ConnectingSocial",
  "UpdateEmail",
  "WhatIsAWallet",
  "Pay",
  "BatchStatus"
])
export type View = typeof View.Type

export const isView = Schema.is(View)
