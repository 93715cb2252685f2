/**
 * The catalogue's error (`errors.ts`) for a view opened by name that cannot show now, and why: where the
 * catalogue has words for the situation, the refusal is that error instead (`ConnectorNotConnectedError`,
 * 'unavailable while reconnecting', 'Network not supported for Swaps', 'WalletConnectConnector not found').
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { viewsWords } from "./messages/compiled/en/views"
import type { View } from "./schemas/View"

type ViewsWords = typeof viewsWords

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

/** What the step of a view that waits on something else is a step of. */
const STEPS: Partial<Record<View, "noSignIn" | "noName" | "noPay">> = {
  SIWXSignMessage: "noSignIn",
  ConnectingSiwe: "noSignIn",
  RegisterAccountNameSuccess: "noName",
  Pay: "noPay"
}

/** The views whose feature the visitor knows by name (Send, Swap, Buy…): each has its own sentences. */
type Feature =
  | "WalletSend"
  | "Swap"
  | "OnRampProviders"
  | "WalletReceive"
  | "AllWallets"
  | "RegisterAccountName"

const isFeature = (view: View, w: ViewsWords): view is Feature => Object.hasOwn(w, `disabled${view}`)

/** A feature's own sentence for `reason` (namespace `views`), never a feature's name put into a sentence. */
const aboutFeature = (view: View, reason: "disabled" | "network" | "region", w: ViewsWords): string =>
  isFeature(view, w) ? w[`${reason}${view}`]() : w[`${reason}Other`]({ view })

const wordsFor = (view: View, reason: ViewUnavailableReason, w: ViewsWords): string => {
  switch (reason) {
    case "disabled":
    case "region":
    // The catalogue's words for Swap ('Network not supported for Swaps'), for every flow.
    case "network":
      return aboutFeature(view, reason, w)
    case "named":
      return w.named()
    case "not-started":
      return w[STEPS[view] ?? "noLogin"]()
    case "no-wallet":
      return w.noWallet()
    case "not-embedded":
      return w.notEmbedded()
    case "no-email":
      return w.noEmail()
    case "supported-network":
      return w.supportedNetwork()
  }
}

/** `view` cannot show now, for `reason`; it was not opened. */
export class ViewUnavailableError extends Data.TaggedError("ViewUnavailableError")<{
  readonly view: View
  readonly reason: ViewUnavailableReason
}> {
  override readonly message = wordsFor(this.view, this.reason, viewsWords)
  /** What the visitor reads (`present()`): the refusal in `catalog`'s locale. Loaded with the view commands. */
  sentence(catalog?: Catalog): string {
    return wordsFor(this.view, this.reason, catalog?.views ?? viewsWords)
  }
}
