import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { AuthenticationSetupError } from "../errors"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { SiwxMessageData, SiwxSession } from "../schemas/SiwxSession"

/** A message to sign: what it says and the exact text the wallet signs. */
export interface SignInMessage {
  readonly data: SiwxMessageData
  readonly text: string
}

export interface SiwxShape {
  /** Whether a visitor who declines to sign in is disconnected (asked of the plugin each time). */
  readonly required: Effect.Effect<boolean>
  /** Whether disconnecting signs the account out. */
  readonly signOutOnDisconnect: Effect.Effect<boolean>
  /** The plugin's message for this account on this chain. */
  readonly createMessage: (
    chainId: CaipNetworkId,
    accountAddress: string
  ) => Effect.Effect<SignInMessage, AuthenticationSetupError>
  /** The account's verified, unexpired sessions on the chain. */
  readonly sessions: (
    chainId: CaipNetworkId,
    accountAddress: string
  ) => Effect.Effect<ReadonlyArray<SiwxSession>, AuthenticationSetupError>
  /** Hands a signed message to the plugin, which verifies it before it keeps it. */
  readonly addSession: (session: SiwxSession) => Effect.Effect<void, AuthenticationSetupError>
  /** Signs the account out on the chain. */
  readonly revokeSession: (
    chainId: CaipNetworkId,
    accountAddress: string
  ) => Effect.Effect<void, AuthenticationSetupError>
}

/**
 * The host's sign-in plugin, made safe to call: every answer decoded and bounded in time, every failure
 * the catalogue's 'A problem occurred while trying initialize authentication'.
 *
 * @since 0.1.0
 * @category tags
 */
export class Siwx extends Context.Service<Siwx, SiwxShape>()("@airlock/Siwx") {}
