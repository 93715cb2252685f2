/**
 * The catalogue's error (`errors.ts`) for a view opened by name that cannot show now, and why: where the
 * catalogue has words for the situation, the refusal is that error instead (`ConnectorNotConnectedError`,
 * 'unavailable while reconnecting', 'Network not supported for Swaps', 'WalletConnectConnector not found').
 */
import * as Data from "effect/Data"
import type { View } from "./schemas/View"

export type ViewUnavailableReason =
  /** The host's options turn it off. */
  | "disabled"
  /** The active namespace or network does not have it. */
  | "network"
  /** Buy, in a time zone where it is not offered (SPEC.md §9). */
  | "region"
  /** Choosing a name, for an account that has one. */
  | "named"
  /** It shows a step of what is not under way: a sign-in, a login, a registration. */
  | "not-started"
  /** ConnectingExternal, without the wallet it would connect. */
  | "no-wallet"
  /** UpdateEmail, for an account that is not the embedded wallet's. */
  | "not-embedded"
  /** UpdateEmail, for an embedded login without an email (a social login whose provider gave none). */
  | "no-email"
  /** UnsupportedChain, while the wallet is on a configured network. */
  | "supported-network"

/** The feature a view is, as the visitor knows it. */
const FEATURES: Partial<Record<View, string>> = {
  WalletSend: "Send",
  Swap: "Swap",
  OnRampProviders: "Buy",
  WalletReceive: "Receive",
  AllWallets: "All Wallets",
  RegisterAccountName: "Names"
}

/** What the step of a view that waits on something else is a step of. */
const STEPS: Partial<Record<View, string>> = {
  SIWXSignMessage: "No sign-in is waiting",
  ConnectingSiwe: "No sign-in is waiting",
  RegisterAccountNameSuccess: "No name was registered"
}

const wordsFor = (view: View, reason: ViewUnavailableReason): string => {
  const feature = FEATURES[view] ?? view
  switch (reason) {
    case "disabled":
      return `${feature} is not enabled`
    case "network":
      // The catalogue's words for Swap, for every flow.
      return `Network not supported for ${feature}`
    case "region":
      return `${feature} is not available in your region`
    case "named":
      return "This account already has a name"
    case "not-started":
      return STEPS[view] ?? "No login is waiting"
    case "no-wallet":
      return "Choose a wallet first"
    case "not-embedded":
      return "Only an email or social login has an email to update"
    case "no-email":
      return "This login has no email address to update"
    case "supported-network":
      return "Your network is supported"
  }
}

/** `view` cannot show now, for `reason`; it was not opened. */
export class ViewUnavailableError extends Data.TaggedError("ViewUnavailableError")<{
  readonly view: View
  readonly reason: ViewUnavailableReason
}> {
  override readonly message = wordsFor(this.view, this.reason)
}
