import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type {
  EmailLoginDependencyLoadError,
  LegalConsentRequiredError,
  SocialLoginPopupError,
  UserRejectedRequestError
} from "../errors"
import type { SchemaDecodeError } from "../schemas/decode"
import type { EmbeddedAccountType, EmbeddedWalletUser } from "../schemas/EmbeddedWallet"
import type { AccountType, SocialProvider } from "../schemas/Kinds"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { WalletConnector } from "./Connectors"
import type { EmbeddedWalletBridgeError } from "./EmbeddedWalletBridge"

/** The auth connector's id, and the key storage remembers it by. */
export const AUTH_ID = "auth"

/** The window a social login runs in, opened by the visitor's click (a popup blocker allows only that). */
export interface LoginPopup {
  /** The window itself: its messages are told from every other window's by it. */
  readonly window: unknown
  readonly isClosed: () => boolean
  readonly navigate: (url: string) => void
  readonly close: () => void
}

/** Why a social or Farcaster login did not go on (before the visitor agreed to the app's terms, none starts). */
export type SocialLoginError =
  | LegalConsentRequiredError
  | EmbeddedWalletBridgeError
  | SchemaDecodeError
  | EmailLoginDependencyLoadError
  | SocialLoginPopupError
  | UserRejectedRequestError

/** Where a social or Farcaster login stands. */
export type SocialLoginState =
  | { readonly _tag: "Idle" }
  /** The provider's page is asked for, then open in the popup, where the visitor signs in. */
  | { readonly _tag: "Popup"; readonly provider: SocialProvider }
  /** The Farcaster link to open or scan; the visitor approves it there. */
  | { readonly _tag: "Farcaster"; readonly url: string | undefined }
  /** The provider answered: the frame finishes the login. */
  | { readonly _tag: "Connecting"; readonly provider: SocialProvider | "farcaster" }
  | { readonly _tag: "LoggedIn"; readonly user: EmbeddedWalletUser }
  | {
      readonly _tag: "Failed"
      readonly provider: SocialProvider | "farcaster"
      readonly error: SocialLoginError
    }

export interface AuthConnectorShape {
  /** Whether the host offers email or social login, so that the auth connector exists. */
  readonly enabled: boolean
  /**
   * The embedded wallet as a connector, its code loaded on first use: its requests go to the frame, which
   * answers unsafe ones on its own approval screen (`approval: "frame"`); its accounts come from the
   * frame's user, never from storage.
   */
  readonly connector: Effect.Effect<WalletConnector, EmailLoginDependencyLoadError>
  /** The same user's Solana key as a connector, when the host configures a Solana network. */
  readonly solanaConnector: Effect.Effect<Option.Option<WalletConnector>, EmailLoginDependencyLoadError>
  /** The social or Farcaster login underway. */
  readonly social: SubscriptionRef.SubscriptionRef<SocialLoginState>
  /**
   * Logs in with a social provider in `popup`: the provider's page, then its answer, taken only from the
   * frame's origin and that window; the login's user is kept as the email login's is.
   */
  readonly loginWithSocial: (
    provider: SocialProvider,
    popup: LoginPopup | undefined
  ) => Effect.Effect<void, SocialLoginError>
  /**
   * Logs in with Farcaster: its link to open or scan, then the visitor's approval there. A login the
   * visitor abandons (`abandonFarcaster`) ends without a failure.
   */
  readonly loginWithFarcaster: Effect.Effect<void, SocialLoginError>
  /**
   * Gives up the Farcaster login that waits for the visitor's approval (they left its view), and has the
   * frame reload, which drops its half-done login (AppKit does the same); nothing when none waits.
   */
  readonly abandonFarcaster: Effect.Effect<void>
  /** The user the frame answered last; none once signed out. */
  readonly user: SubscriptionRef.SubscriptionRef<Option.Option<EmbeddedWalletUser>>
  /**
   * The networks the frame offers its smart account on (SPEC.md §3), as it said at the last login or
   * reconnect; none while nobody is logged in. The account-type switch is offered on these alone.
   */
  readonly smartAccountNetworks: SubscriptionRef.SubscriptionRef<ReadonlyArray<CaipNetworkId>>
  /** The connected account's type: the one the user prefers (SPEC.md §4), eoa when the frame says none. */
  readonly accountType: Effect.Effect<AccountType>
  /**
   * Connects the key's account or the smart account from now on, and remembers the choice. When the frame
   * refuses, the connection falls back to the key's account (SPEC.md §4) and the refusal is the failure.
   */
  readonly setPreferredAccount: (
    type: EmbeddedAccountType
  ) => Effect.Effect<void, EmbeddedWalletBridgeError | SchemaDecodeError | EmailLoginDependencyLoadError>
}

/**
 * The auth connector (SPEC.md §9): the embedded wallet of email, social and Farcaster login, connected
 * like any wallet through `Connection`.
 *
 * @since 0.2.0
 * @category tags
 */
export class AuthConnector extends Context.Service<AuthConnector, AuthConnectorShape>()(
  "@airlock/AuthConnector"
) {}
