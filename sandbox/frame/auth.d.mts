import type { IncomingMessage, ServerResponse } from "node:http"
import type { SandboxChain } from "../chain/chain.mjs"
import type { SocialClient } from "./social.mjs"

export { type SocialClient, type SocialStandIn, socialClient, startSocialStandIn } from "./social.mjs"

export type AccountType = "eoa" | "smartAccount"
export type MailKind = "login-code" | "device-approval" | "update-email-primary" | "update-email-secondary"

export interface MailMessage {
  readonly id: string
  /** Lower-cased address. */
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly text: string
  /** The six digits, for code messages. */
  readonly code?: string
  /** The approval link, for device-approval messages. */
  readonly link?: string
  /** ms since epoch (the server's `now()`). */
  readonly sentAt: number
}

export declare const MAX_MESSAGES: number
export declare class Mailbox {
  constructor(options: { readonly now: () => number; readonly max?: number })
  send(message: Omit<MailMessage, "id" | "sentAt">): MailMessage
  /** Messages to `to` (all without it), oldest first. */
  list(to?: string): ReadonlyArray<MailMessage>
  clear(): void
}

/** A failure answered as `{ error: reason }` with `status`. */
export declare class AuthError extends Error {
  constructor(status: number, reason: string)
  readonly status: number
  readonly reason: string
}

export declare const CODE_TTL_MS: number
export declare const MAX_CODE_ATTEMPTS: number
export declare const APPROVAL_TTL_MS: number
export declare const SOCIAL_STATE_TTL_MS: number
export declare const FARCASTER_CHANNEL_TTL_MS: number
export declare const DEFAULT_SESSION_TTL_MS: number
export declare const LIMITS: {
  readonly users: number
  readonly sessions: number
  readonly codes: number
  readonly approvals: number
  readonly devicesPerUser: number
  readonly socialStates: number
  readonly farcasterChannels: number
  readonly mailsPerAddressPerHour: number
}
export declare const SOCIAL_PROVIDERS: ReadonlyArray<
  "google" | "x" | "discord" | "github" | "apple" | "facebook"
>
export declare const ACCOUNT_TYPES: ReadonlyArray<AccountType>
export declare const DEVICE_HEADER: "x-device-id"
export declare const BODY_LIMIT: number
export declare const RPC_BODY_LIMIT: number
/** The read-only methods `/auth/rpc` forwards to the chain's node (the frame answers them unasked). */
export declare const READ_METHODS: ReadonlySet<string>
/** How long `/auth/rpc` waits for the node's answer to a read (ms). */
export declare const READ_TIMEOUT_MS: number
/** The largest node answer to a read that is taken (bytes). */
export declare const MAX_READ_ANSWER: number
/** A read-only `method(params)` on the node at `rpcUrl`: its result, or an `AuthError` (400, 502, 504). */
export declare function forwardRead(
  rpcUrl: string,
  method: string,
  params: unknown,
  timeoutMs?: number
): Promise<unknown>
export declare const CREATE2_DEPLOYER: `0x${string}`
export declare const FAUCET_ACCOUNT_INDEX: number
export declare const SIGN_UP_FUNDS_ETH: string
export declare const SANDBOX_ACCOUNT_ABI: ReadonlyArray<unknown>
export declare function normalizeEmail(value: unknown): string
export declare function checkDeviceId(value: unknown): string
export declare function newCode(): string
/** A user's smart account: counterfactual address and the deployer's calldata (salt ++ initCode). */
export declare function smartAccountOf(
  userId: string,
  owner: `0x${string}`
): {
  readonly address: `0x${string}`
  readonly salt: `0x${string}`
  readonly initCode: `0x${string}`
  readonly deployData: `0x${string}`
}

export interface NewSession {
  /** 64 hex characters: the bearer token. */
  readonly token: string
  /** ms since epoch. */
  readonly expiresAt: number
}

export interface FrameUser {
  readonly email: string | null
  readonly userName?: string
  readonly socialProvider?: string
  /** The preferred account's address. */
  readonly address: `0x${string}`
  readonly solanaAddress: string
  readonly smartAccountAddress: `0x${string}`
  readonly smartAccountDeployed: boolean
  readonly smartAccountEnabledNetworks: ReadonlyArray<number>
  readonly preferredAccountType: AccountType
  readonly accounts: ReadonlyArray<{ readonly address: `0x${string}`; readonly type: AccountType }>
  readonly sessionExpiresAt: number
}

export interface FrameAuthOptions {
  /** The anvil chains keys sign and send on (may be empty: no funding, no sending). */
  readonly chains?: ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>
  /** ms since epoch; default Date.now. */
  readonly now?: () => number
  /** Default 24 h. */
  readonly sessionTtlMs?: number
  /** Default "eoa". */
  readonly defaultAccountType?: AccountType
  /** The anvil dev account funding new users; default FAUCET_ACCOUNT_INDEX (7). */
  readonly faucetIndex?: number
  /** Ether sent to each new user's key account and smart account on each chain; default "1". */
  readonly signUpFundsEth?: string
  readonly limits?: Partial<typeof LIMITS>
  readonly mailbox?: Mailbox
}

export interface FrameAuth {
  readonly mailbox: Mailbox
  startEmailLogin(input: {
    readonly email: unknown
    readonly deviceId: unknown
    readonly token?: string
    readonly linkBase?: string
  }): { readonly action: "VERIFY_OTP" | "VERIFY_DEVICE" | "CONNECT" }
  approveDeviceLink(token: unknown): { readonly email: string; readonly already: boolean }
  pollDevice(input: {
    readonly email: unknown
    readonly deviceId: unknown
  }): { readonly status: "pending" } | { readonly status: "approved"; readonly action: "VERIFY_OTP" }
  verifyOtp(input: {
    readonly email: unknown
    readonly deviceId: unknown
    readonly otp: unknown
  }): Promise<NewSession & { readonly isNewUser: boolean }>
  sessionOf(token: unknown): {
    readonly session: { readonly userId: string; readonly deviceId: string; readonly expiresAt: number }
    readonly user: unknown
  }
  user(token: unknown, chainId?: number): Promise<FrameUser>
  signOut(token: unknown): void
  setPreferredAccount(
    token: unknown,
    type: unknown
  ): { readonly type: AccountType; readonly address: `0x${string}` }
  request(
    token: unknown,
    request: { readonly method: unknown; readonly params?: unknown; readonly chainId?: number }
  ): Promise<unknown>
  startUpdateEmail(token: unknown, email: unknown): { readonly action: "VERIFY_PRIMARY_OTP" }
  verifyUpdatePrimary(token: unknown, otp: unknown): { readonly action: "VERIFY_SECONDARY_OTP" }
  verifyUpdateSecondary(token: unknown, otp: unknown): { readonly newEmail: string }
  startSocial(input: {
    readonly provider: unknown
    readonly returnUrl: string
    /** Where the callback page may post the result (already checked against the allowed origins). */
    readonly appOrigin?: string
    readonly deviceId: unknown
  }): {
    readonly uri: string
  }
  /** The app origin bound to a live `state` (the callback page's target); 404 when there is none. */
  socialReturn(state: unknown): { readonly appOrigin: string; readonly provider: string }
  finishSocial(input: {
    readonly provider: unknown
    readonly code: unknown
    readonly state: unknown
    readonly deviceId: unknown
  }): Promise<NewSession & { readonly userName: string }>
  startFarcaster(input: {
    readonly deviceId: unknown
  }): Promise<{ readonly url: string; readonly channel: string }>
  farcasterStatus(input: {
    readonly channel: unknown
    readonly deviceId: unknown
  }): Promise<
    { readonly status: "pending" } | (NewSession & { readonly status: "approved"; readonly userName: string })
  >
  setSocial(client: SocialClient | undefined): void
  setPublicUrl(url: string | undefined): void
  readonly publicUrl: string | undefined
  counts(): {
    readonly users: number
    readonly sessions: number
    readonly approvals: number
    readonly socialStates: number
    readonly farcasterChannels: number
  }
}

/** The auth service without HTTP. */
export declare function createFrameAuth(
  options?: FrameAuthOptions & { readonly publicUrl?: string; readonly social?: SocialClient }
): FrameAuth

export interface FrameAuthServerOptions extends FrameAuthOptions {
  /** Origins (exact, or `http://host:*`) allowed to call from another origin; default none. */
  readonly allowedOrigins?: ReadonlyArray<string>
  /** This server's own origin, for links in messages and same-origin calls; default: the Host header. */
  readonly publicUrl?: string
  /** The social stand-in's URL (or later, `setSocialUrl`). */
  readonly socialUrl?: string
}

export interface FrameAuthServer {
  /**
   * Answers `/auth/*`, `/mailbox`, `/mailbox.json`, `/sdk` (and its files) and `/social/callback` (and its
   * script) and returns true; false for any other path.
   */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => boolean
  readonly core: FrameAuth
  readonly mailbox: Mailbox
  readonly setSocialUrl: (url: string) => void
  readonly setPublicUrl: (url: string | undefined) => void
  readonly setAllowedOrigins: (list: ReadonlyArray<string>) => void
  readonly close: () => Promise<void>
}

export declare function makeFrameAuthServer(options?: FrameAuthServerOptions): FrameAuthServer

export interface RunningFrameAuthServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly server: FrameAuthServer
  readonly core: FrameAuth
  readonly mailbox: Mailbox
  readonly setSocialUrl: (url: string) => void
  readonly close: () => Promise<void>
}

export declare function startFrameAuthServer(
  options?: FrameAuthServerOptions & { readonly port?: number }
): Promise<RunningFrameAuthServer>
