/**
 * The sign-in plugin a host passes as `siwx`, with the same shape as AppKit's `SIWXConfig`, so a host's
 * implementation ports unchanged. Also the older `siweConfig` shape, which `fromSiweConfig` adapts onto it.
 */
import type { CaipNetworkId } from "../schemas/Primitives"
import type { SiwxMessageData, SiwxSession } from "../schemas/SiwxSession"

/** A CAIP-2 network id: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type SiwxChainId = CaipNetworkId

/** What a sign-in message says. Times are ISO 8601 strings. */
export type SIWXMessageData = SiwxMessageData

/** A message to sign: its data, and `toString()`, the exact text the wallet signs. */
export interface SIWXMessage extends SIWXMessageData {
  readonly toString: () => string
}

/** What a message is made for: an EVM account (`0x…`, `eip155:`) or a Solana one (base58, `solana:`). */
export interface SIWXMessageInput {
  readonly accountAddress: string
  readonly chainId: SiwxChainId
  readonly notBefore?: string | undefined
}

/**
 * A signed message: what proves the account signed in. On `eip155:` chains `signature` is the hex that
 * `personal_sign` answers; on `solana:` chains the base58 of the 64-byte ed25519 signature that
 * `solana_signMessage` answers (`{ signature }`), over the UTF-8 bytes of a Sign-In-With-Solana `message`.
 */
export type SIWXSession = SiwxSession

/**
 * The sign-in plugin. `addSession` must verify before it stores; `getSessions` must answer only verified,
 * unexpired sessions of that account on that chain.
 */
export interface SIWXConfig {
  readonly createMessage: (input: SIWXMessageInput) => Promise<SIWXMessage>
  readonly addSession: (session: SIWXSession) => Promise<void>
  readonly revokeSession: (chainId: SiwxChainId, address: string) => Promise<void>
  readonly setSessions: (sessions: ReadonlyArray<SIWXSession>) => Promise<void>
  readonly getSessions: (chainId: SiwxChainId, address: string) => Promise<ReadonlyArray<SIWXSession>>
  /** Whether a visitor who declines to sign in is disconnected (default false). */
  readonly getRequired?: () => boolean
  /** Whether disconnecting signs out (default true). */
  readonly signOutOnDisconnect?: boolean
}

/** The older plugin: the host's own nonce, message, verification and session. */
export interface SIWEConfig {
  readonly getNonce: (address?: string) => Promise<string>
  readonly createMessage: (args: SIWECreateMessageArgs) => string
  readonly verifyMessage: (args: { readonly message: string; readonly signature: string }) => Promise<boolean>
  readonly getSession: () => Promise<{ readonly address: string; readonly chainId: number } | null>
  readonly signOut: () => Promise<boolean>
  readonly getMessageParams?: () => Promise<SIWEMessageParams>
  readonly onSignIn?: (session?: { readonly address: string; readonly chainId: number }) => void
  readonly onSignOut?: () => void
  readonly signOutOnDisconnect?: boolean
  readonly required?: boolean
}

/** What the older plugin builds a message from; `address` is a CAIP-10 account id (`eip155:1:0x…`). */
export interface SIWECreateMessageArgs {
  readonly domain: string
  readonly uri: string
  readonly address: string
  readonly chainId: number
  readonly nonce: string
  readonly version: "1"
  readonly statement?: string | undefined
  readonly iat?: string | undefined
  readonly exp?: string | undefined
  readonly nbf?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/** Message parameters the older plugin may set. */
export interface SIWEMessageParams {
  readonly domain?: string | undefined
  readonly uri?: string | undefined
  readonly statement?: string | undefined
  readonly exp?: string | undefined
  readonly nbf?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}
