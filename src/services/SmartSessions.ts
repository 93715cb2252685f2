import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ConnectorNotConnectedError, RequestAbortedError } from "../errors"
import type { GrantedPermissions, PermissionMeaning } from "../schemas/PermissionsRequest"
import type { SmartSessionError, SmartSessionsOffError } from "../sessionErrors"

/** A session the connected account granted that still stands (not revoked, not expired). */
export interface ActiveSession {
  /** The provider's id of the session (what a revoke signs). */
  readonly pci: string
  /** The permission context the wallet answered the grant with (what `wallet_revokePermissions` names). */
  readonly context: string
  /** The app's name, as the provider's API lists it (cleaned, bounded); none when it was unreadable. */
  readonly app: string | undefined
  /** Unix seconds. */
  readonly expiry: number
  readonly permissions: ReadonlyArray<PermissionMeaning>
}

/** The connected account's sessions, as the Account view shows them. */
export type SessionsState =
  /** No EVM account connected, or not asked yet. */
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | {
      readonly _tag: "Loaded"
      /** The account they are for, and the sessions, soonest to expire first. */
      readonly account: string
      readonly sessions: ReadonlyArray<ActiveSession>
      /** The session whose revoke is under way. */
      readonly revoking: string | undefined
    }
  | { readonly _tag: "Failed" }

export type GrantPermissionsError =
  | SmartSessionsOffError
  | SmartSessionError
  | ConnectorNotConnectedError
  | RequestAbortedError

export type RevokeSessionError = SmartSessionsOffError | SmartSessionError | ConnectorNotConnectedError

export interface SmartSessionsShape {
  /** `features.smartSessions`: when off, every command fails with `SmartSessionsOffError`, loading nothing. */
  readonly enabled: boolean
  /**
   * ERC-7715 `wallet_grantPermissions`: the request decoded (`PermissionsRequest`), reviewed through
   * RpcRouter's approval path, sent to the connected EVM wallet, its answer decoded; the list reloads.
   */
  readonly grantPermissions: (
    request: unknown,
    options?: { readonly signal?: AbortSignal | undefined }
  ) => Effect.Effect<GrantedPermissions, GrantPermissionsError>
  readonly sessions: SubscriptionRef.SubscriptionRef<SessionsState>
  /** Loads the connected account's active sessions from the provider's API. */
  readonly load: Effect.Effect<void, SmartSessionsOffError>
  /**
   * While the scope lasts (the Account view's list shows), the list loads now and again whenever the
   * connected EVM account changes; nothing while the feature is off.
   */
  readonly demand: Effect.Effect<void, never, Scope.Scope>
  /**
   * Revokes session `pci`: the wallet revokes it (`wallet_revokePermissions`), then the account signs the pci
   * and the provider's API marks it revoked; the list reloads.
   */
  readonly revoke: (pci: string) => Effect.Effect<void, RevokeSessionError>
}

/**
 * Smart sessions (ERC-7715, `features.smartSessions`): permissions the connected account grants an app's
 * session key, listed and revoked from the Account view.
 *
 * @since 0.5.0
 * @category tags
 */
export class SmartSessions extends Context.Service<SmartSessions, SmartSessionsShape>()(
  "@airlock/SmartSessions"
) {}
