import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type {
  EmailLoginDependencyLoadError,
  FrameLoadError,
  FrameRequestError,
  FrameTimeoutError
} from "../errors"

/** What the app asks the frame (SPEC.md §7). */
export type AppRequest =
  | "SWITCH_NETWORK"
  | "CONNECT_EMAIL"
  | "CONNECT_DEVICE"
  | "CONNECT_OTP"
  | "CONNECT_SOCIAL"
  | "CONNECT_FARCASTER"
  | "GET_FARCASTER_URI"
  | "GET_SOCIAL_REDIRECT_URI"
  | "GET_USER"
  | "SIGN_OUT"
  | "IS_CONNECTED"
  | "GET_CHAIN_ID"
  | "RPC_REQUEST"
  | "UPDATE_EMAIL"
  | "UPDATE_EMAIL_PRIMARY_OTP"
  | "UPDATE_EMAIL_SECONDARY_OTP"
  | "SYNC_THEME"
  | "SYNC_DAPP_DATA"
  | "GET_SMART_ACCOUNT_ENABLED_NETWORKS"
  | "INIT_SMART_ACCOUNT"
  | "SET_PREFERRED_ACCOUNT"
  | "RELOAD"
  | "RPC_ABORT"

/** What the frame says without being asked. */
export type FrameEvent =
  | { readonly _tag: "Ready"; readonly version: string | undefined }
  | { readonly _tag: "SessionUpdate"; readonly token: string }

/** Where the embedded-wallet frame stands. */
export type FrameState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Ready" }
  | { readonly _tag: "Failed"; readonly error: FrameLoadError | EmailLoginDependencyLoadError }

/** Why the frame did not answer a request. */
export type EmbeddedWalletBridgeError =
  | FrameLoadError
  | EmailLoginDependencyLoadError
  | FrameTimeoutError
  | FrameRequestError

/** Where the frame shows on the page, in viewport pixels. */
export interface FrameArea {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

export interface EmbeddedWalletBridgeShape {
  readonly state: SubscriptionRef.SubscriptionRef<FrameState>
  /**
   * Asks the frame, loading it first when it is not yet (once; a failed load is tried again by the next
   * request). Login requests wait 30 s at most; a wallet request waits as long as its caller.
   */
  readonly request: (
    request: AppRequest,
    payload?: unknown
  ) => Effect.Effect<unknown, EmbeddedWalletBridgeError>
  /**
   * Shows the frame over `area` (ApproveTransaction's place for the frame's approval screen), or hides it
   * again with `undefined`. It is never moved in the page, which would reload it.
   */
  readonly place: (area: FrameArea | undefined) => Effect.Effect<void>
  /** The frame's own events (ready, session update) from now on, for as long as the scope lasts. */
  readonly events: Effect.Effect<PubSub.Subscription<FrameEvent>, never, Scope.Scope>
}

/**
 * The embedded-wallet frame on the secure site's own origin (SPEC.md §7; THREATS.md T6, T7): loaded on
 * first use, greeted over `postMessage` bound to its exact origin, window and nonce, then spoken to over a
 * `MessageChannel` port alone.
 *
 * @since 0.2.0
 * @category tags
 */
export class EmbeddedWalletBridge extends Context.Service<EmbeddedWalletBridge, EmbeddedWalletBridgeShape>()(
  "@airlock/EmbeddedWalletBridge"
) {}
