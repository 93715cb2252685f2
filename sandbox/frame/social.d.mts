export type SocialProvider = "google" | "x" | "discord" | "github" | "apple" | "facebook"

export declare const SOCIAL_PROVIDERS: ReadonlyArray<SocialProvider>
export declare const SOCIAL_CODE_TTL_MS: number
export declare const FARCASTER_CHANNEL_TTL_MS: number

export interface SocialStandIn {
  /** `http://127.0.0.1:PORT` */
  readonly url: string
  readonly providers: ReadonlyArray<SocialProvider>
  /** Replaces the extra allowed return origins (`frameAuthUrl`'s origin stays allowed). */
  readonly setAllowedReturnOrigins: (list: ReadonlyArray<string>) => void
  readonly close: () => Promise<void>
}

/**
 * The social and Farcaster sign-in stand-in on its own loopback origin. Return URLs may only point at
 * `frameAuthUrl`'s origin and `allowedReturnOrigins` (exact origins or `http://host:*`).
 */
export declare function startSocialStandIn(options?: {
  readonly port?: number
  readonly frameAuthUrl?: string
  readonly allowedReturnOrigins?: ReadonlyArray<string>
  readonly now?: () => number
}): Promise<SocialStandIn>

/** The auth server's back channel to the stand-in. */
export interface SocialClient {
  readonly url: string
  readonly authorizeUrl: (provider: string, returnUrl: string, state: string) => string
  readonly exchange: (input: {
    readonly provider: string
    readonly code: string
    readonly state: string
  }) => Promise<
    { readonly provider: unknown; readonly subject: string; readonly userName: string } | undefined
  >
  readonly openFarcasterChannel: () => Promise<{ readonly channel: string; readonly url: string }>
  readonly farcasterStatus: (channel: string) => Promise<
    | { readonly status: "pending" }
    | {
        readonly status: "approved"
        readonly subject: string
        readonly userName: string
        readonly fid: unknown
      }
  >
}

export declare function socialClient(baseUrl: string, options?: { readonly timeoutMs?: number }): SocialClient
