export declare const MAX_SESSIONS_PER_ADDRESS: number
export declare const MAX_SESSION_ADDRESSES: number
/** Permissions or policies one session may hold. */
export declare const MAX_SESSION_ITEMS: number
/** A permission's or policy's `data`, as JSON. */
export declare const MAX_SESSION_DATA_CHARS: number
export declare const MAX_CONTEXT_CHARS: number
export declare const DEFAULT_SESSION_SECONDS: number

/** One item of `GET /v1/sessions/{caipAddress}`'s `pcis`. */
export interface SmartSession {
  readonly project: {
    readonly id: string
    readonly name: string
    readonly url: string
    readonly iconUrl: string
  }
  readonly pci: string
  /** unix seconds */
  readonly expiry: number
  /** unix seconds */
  readonly createdAt: number
  readonly permissions: ReadonlyArray<{ readonly type: string; readonly data: unknown }>
  readonly policies: ReadonlyArray<{ readonly type: string; readonly data: unknown }>
  readonly context: `0x${string}`
  /** unix seconds; absent while the session stands. */
  readonly revokedAt?: number
}

export interface SessionsReply {
  readonly status: number
  readonly body: unknown
}
export declare function createSessionsHandlers(options: {
  readonly chains: ReadonlyArray<{ readonly chainId: number; readonly index: { readonly rpcUrl: string } }>
  readonly readJson: (req: unknown) => Promise<unknown>
  readonly defaultProject: () => SmartSession["project"]
  readonly clock?: () => number
}): {
  readonly list: (context: unknown) => Promise<SessionsReply>
  readonly revoke: (context: unknown) => Promise<SessionsReply>
  readonly add: (context: unknown) => Promise<SessionsReply>
  readonly reset: () => void
}
