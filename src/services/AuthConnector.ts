import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { EmailLoginDependencyLoadError } from "../errors"
import type { SchemaDecodeError } from "../schemas/decode"
import type { EmbeddedAccountType, EmbeddedWalletUser } from "../schemas/EmbeddedWallet"
import type { AccountType } from "../schemas/Primitives"
import type { WalletConnector } from "./Connectors"
import type { EmbeddedWalletBridgeError } from "./EmbeddedWalletBridge"

/** The auth connector's id, and the key storage remembers it by. */
export const AUTH_ID = "auth"

export interface AuthConnectorShape {
  /** Whether the host offers email or social login, so that the auth connector exists. */
  readonly enabled: boolean
  /**
   * The embedded wallet as a connector, its code loaded on first use: its requests go to the frame, which
   * answers unsafe ones on its own approval screen (`approval: "frame"`); its accounts come from the
   * frame's user, never from storage.
   */
  readonly connector: Effect.Effect<WalletConnector, EmailLoginDependencyLoadError>
  /** The user the frame answered last; none once signed out. */
  readonly user: SubscriptionRef.SubscriptionRef<Option.Option<EmbeddedWalletUser>>
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
