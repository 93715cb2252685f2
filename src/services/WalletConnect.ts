import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ServiceUnavailableError, WalletConnectConnectorNotFoundError, WalletError } from "../errors"
import type { CaipNetworkId, ChainNamespace } from "../schemas/Primitives"
import type { Eip1193Provider } from "./Connectors"

export interface WalletConnectAccount {
  readonly namespace: ChainNamespace
  readonly caipNetworkId: CaipNetworkId
  readonly address: string
}

export interface WalletConnectPeer {
  /** Plain text, cleaned like any wallet name. */
  readonly name: string
  readonly icon: string | undefined
  /** The wallet's own native or universal link, checked by the deep-link builder; else undefined. */
  readonly redirect: string | undefined
}

export interface WalletConnectSession {
  readonly topic: string
  /** Valid accounts only, in the wallet's order; an account on an unknown namespace is dropped. */
  readonly accounts: ReadonlyArray<WalletConnectAccount>
  readonly peer: WalletConnectPeer
}

/** The pairing a Connecting view shows: a URI to scan or open, valid until `expiresAt` (Clock millis). */
export type PairingState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Preparing" }
  | { readonly _tag: "Ready"; readonly uri: string; readonly expiresAt: number }

/**
 * A sign-in asked with the pairing (one-click authentication, `wc_sessionAuthenticate`): the message's
 * fields but the account, which the wallet fills in per chain. The SDK adds the issue time.
 */
export interface OneClickSignInRequest {
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  readonly statement?: string | undefined
  readonly exp?: string | undefined
  readonly nbf?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/**
 * What a connect that also signs in needs from the sign-in owner: a request for each pairing URI (a
 * nonce is used once), and where the wallet's signed messages go before the session is used.
 */
export interface PairingSignIn {
  /** The sign-in for a fresh URI on these EVM chains; `undefined`: pair without one. */
  readonly request: (chains: ReadonlyArray<string>) => Effect.Effect<OneClickSignInRequest | undefined>
  /** The wallet's signed messages (CACAOs, undecoded), one per chain it signed for. */
  readonly complete: (auths: ReadonlyArray<unknown>) => Effect.Effect<void>
}

/** What the wallet did to a session after it was approved. */
export type WalletConnectEvent =
  | { readonly _tag: "SessionDeleted"; readonly topic: string }
  | { readonly _tag: "SessionChanged"; readonly session: WalletConnectSession }
  | { readonly _tag: "ChainChanged"; readonly caipNetworkId: CaipNetworkId }

/**
 * Why pairing failed: the wallet declined (a `WalletError`), the SDK could not load, or the relay did not
 * answer in time (`ServiceUnavailableError`, instead of an endless spinner).
 */
export type WalletConnectError = WalletError | WalletConnectConnectorNotFoundError | ServiceUnavailableError

export interface WalletConnectShape {
  readonly pairing: SubscriptionRef.SubscriptionRef<PairingState>
  /**
   * Loads the SDK, shows a pairing URI and waits for a wallet to approve. A URI is replaced by a fresh one
   * 10 s before its 4 minutes run out (SPEC.md §9). Interrupting it abandons the pairing. With `signIn`,
   * a wallet that supports one-click authentication connects and signs in with one approval (its
   * signatures reach `signIn.complete` first); another wallet just connects.
   */
  readonly connect: (signIn?: PairingSignIn) => Effect.Effect<WalletConnectSession, WalletConnectError>
  /** The session the SDK kept from an earlier visit, when there is one and it still decodes. */
  readonly restore: Effect.Effect<Option.Option<WalletConnectSession>>
  /** Ends the session on both sides; best effort. */
  readonly disconnect: Effect.Effect<void>
  /** An EIP-1193 view of the session for one namespace: requests go to its active chain in the session. */
  readonly provider: (namespace: ChainNamespace) => Eip1193Provider
  /**
   * On a touch device, opens the wallet app the visitor paired through a link (the stored deep-link
   * choice), so that it shows the request just sent; elsewhere, or without a choice, does nothing.
   */
  readonly openWallet: Effect.Effect<void>
  /** Session events from now on, for as long as the scope lasts. */
  readonly events: Effect.Effect<PubSub.Subscription<WalletConnectEvent>, never, Scope.Scope>
}

/**
 * WalletConnect v2 sessions: pairing by URI (QR code or deep link), restore, requests and the wallet's
 * session events.
 *
 * @since 0.1.0
 * @category tags
 */
export class WalletConnect extends Context.Service<WalletConnect, WalletConnectShape>()(
  "@airlock/WalletConnect"
) {}
