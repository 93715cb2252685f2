import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { EmailLoginCooldownError, LegalConsentRequiredError } from "../errors"
import type { SchemaDecodeError } from "../schemas/decode"
import type { EmbeddedWalletUser } from "../schemas/EmbeddedWallet"
import type { EmbeddedWalletBridgeError } from "./EmbeddedWalletBridge"

/** Why an email login or update did not go on (before the visitor agreed to the app's terms, none starts). */
export type EmailLoginError =
  | EmbeddedWalletBridgeError
  | EmailLoginCooldownError
  | SchemaDecodeError
  | LegalConsentRequiredError

/** Where the email login stands (SPEC.md §4: email, then device approval or a code, then the user). */
export type EmailLoginState =
  | { readonly _tag: "Idle" }
  /** The frame is told the email. */
  | { readonly _tag: "Sending"; readonly email: string }
  /** A new device: the visitor approves it from the link mailed to them. */
  | { readonly _tag: "ApproveDevice"; readonly email: string }
  /** The code mailed to the visitor is awaited. */
  | { readonly _tag: "EnterCode"; readonly email: string }
  /** A code is checked, or the user fetched. */
  | { readonly _tag: "Verifying"; readonly email: string }
  | { readonly _tag: "LoggedIn"; readonly user: EmbeddedWalletUser }
  | { readonly _tag: "Failed"; readonly email: string | undefined; readonly error: EmailLoginError }

/** Where an email update stands (SPEC.md §4: the current address's code, then the new one's). */
export type EmailUpdateState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "PrimaryCode"; readonly email: string }
  | { readonly _tag: "SecondaryCode"; readonly email: string }
  | { readonly _tag: "Updated"; readonly email: string }

export interface EmailLoginShape {
  readonly state: SubscriptionRef.SubscriptionRef<EmailLoginState>
  readonly update: SubscriptionRef.SubscriptionRef<EmailUpdateState>
  /** Starts a login: once per 30 s; the frame then asks for a device approval, a code, or nothing. */
  readonly submitEmail: (email: string) => Effect.Effect<void, EmailLoginError>
  /** The code from the mail; a wrong one leaves the login waiting for another. */
  readonly submitCode: (code: string) => Effect.Effect<void, EmailLoginError>
  /** Starts changing the account's email: codes go to the current address, then to the new one. */
  readonly updateEmail: (email: string) => Effect.Effect<void, EmailLoginError>
  readonly submitUpdateCode: (code: string) => Effect.Effect<void, EmailLoginError>
  /** Signs the user out in the frame and forgets what was kept of the login. */
  readonly signOut: Effect.Effect<void>
}

/**
 * Email login with the embedded wallet (SPEC.md §4, §5): the one owner of what the email views show and
 * of what is kept of a login.
 *
 * @since 0.2.0
 * @category tags
 */
export class EmailLogin extends Context.Service<EmailLogin, EmailLoginShape>()("@airlock/EmailLogin") {}
