/**
 * The one rule for whether the modal closes once a connect completes (issue 30). A dapp asks for a connect
 * when it requests accounts: `eth_requestAccounts` or `wallet_requestPermissions` through the modal's
 * EIP-1193 provider, which is also what wagmi's Airlock connector sends, or any `open(view, { askedBy:
 * "dapp" })` of a host that draws its own UI. It wants an account, not the modal: once connected the modal
 * closes, as AppKit's does. A visitor who opened the modal (the Connect button, or a dapp's own button
 * calling `modal.open()`) sees the account once connected (SPEC.md §1: "once connected, an account view
 * shows"). Sign-in keeps the modal open while it needs it: with a SIWX plugin the modal closes only once
 * the account is signed in; a visitor who declines an optional sign-in leaves its view, which closes then.
 * An unconfigured network keeps UnsupportedChain showing. Pure.
 */
import type { ConnectAsker } from "../../services/ModalFlow"
import type { SignInState } from "../../services/SignIn"

export interface AfterConnect {
  readonly askedBy: ConnectAsker
  /** The modal shows (a host's own UI: `open` is true). */
  readonly open: boolean
  /** The active namespace has a connected account. */
  readonly connected: boolean
  /** The account is on a network the host did not configure, and UnsupportedChain shows for it. */
  readonly unsupportedChain: boolean
  /** The host set a sign-in plugin (`siwx` or `siweConfig`), required or not. */
  readonly signInConfigured: boolean
  readonly signIn: SignInState["_tag"]
}

/** Whether the modal closes now, for the connect it shows. */
export const closesAfterConnect = (now: AfterConnect): boolean =>
  now.askedBy === "dapp" &&
  now.open &&
  now.connected &&
  !now.unsupportedChain &&
  (!now.signInConfigured || now.signIn === "SignedIn")
