import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { SignInMessage } from "./Siwx"
import type { PairingSignIn } from "./WalletConnect"

/** The account a sign-in is for: an address on a chain (an EVM or a Solana one). */
export interface SignInAccount {
  readonly chainId: CaipNetworkId
  readonly address: string
}

/** Where the sign-in of the connected account stands. */
export type SignInState =
  /** Sign-in is off, nothing is connected, or the visitor declined for this account and chain. */
  | { readonly _tag: "Idle" }
  /** Asking the plugin for a session of the account. */
  | { readonly _tag: "Checking"; readonly account: SignInAccount }
  /** No session: the message waits for the visitor's Sign or Cancel (SIWXSignMessage). */
  | { readonly _tag: "Prompt"; readonly account: SignInAccount; readonly message: SignInMessage }
  /** The wallet was asked to sign (ConnectingSiwe). */
  | { readonly _tag: "Signing"; readonly account: SignInAccount; readonly message: SignInMessage }
  | { readonly _tag: "SignedIn"; readonly account: SignInAccount }

export interface SignInShape {
  readonly state: SubscriptionRef.SubscriptionRef<SignInState>
  /** The visitor's Sign: the wallet signs the message, the plugin verifies and keeps it. */
  readonly sign: Effect.Effect<void>
  /** The visitor's Cancel: disconnects when sign-in is required, else asks no more for this account. */
  readonly cancel: Effect.Effect<void>
  /**
   * What a WalletConnect pairing needs to sign in with the same approval (one-click authentication);
   * `undefined` without a plugin.
   */
  readonly pairingSignIn: Effect.Effect<PairingSignIn | undefined>
}

/**
 * Sign-in with the wallet (SIWX): the one owner of when the connected account is asked to sign in (the
 * EVM account, or the Solana one while Solana is the active namespace), once per account and chain however
 * the connection came (connect, reload, network switch), and of signing out on disconnect.
 *
 * @since 0.1.0
 * @category tags
 */
export class SignIn extends Context.Service<SignIn, SignInShape>()("@airlock/SignIn") {}
