export type RelayMethod =
  | "irn_subscribe"
  | "irn_batchSubscribe"
  | "irn_publish"
  | "irn_unsubscribe"
  | "irn_batchUnsubscribe"
  | "irn_batchFetchMessages"
  | "wc_proposeSession"
  | "wc_approveSession"

/** Fault switches (the facts' `--relay-without=…` and `--dead-relay`). */
export interface RelayFaults {
  /** These methods answer JSON-RPC -32601 "Method not found", as a relay without them would. */
  readonly without?: ReadonlyArray<RelayMethod>
  /** Every TCP connection is destroyed at once (the SDK retries silently, as with a relay that is down). */
  readonly dead?: boolean
}

export interface RelayLimits {
  readonly maxFrameBytes: number
  readonly maxMessageChars: number
  readonly maxTopicChars: number
  readonly maxTopicsPerClient: number
  readonly maxBatch: number
  readonly maxMessagesPerTopic: number
  readonly maxStoredMessages: number
  readonly maxPendingPerSocket: number
  readonly maxConnections: number
  readonly maxBufferedBytes: number
  readonly maxTtlSeconds: number
  readonly maxJwtChars: number
  readonly maxIdChars: number
}

export interface SandboxRelayOptions {
  /** Default 0: a free port. Always 127.0.0.1. */
  readonly port?: number
  readonly faults?: RelayFaults
  /** WebSocket ping period; default 10000, at most 30000 (the SDK drops a socket silent for 35 s). */
  readonly pingIntervalMs?: number
  /**
   * Send `attestation: ""` in pushes whose publisher gave none (default true), so the SDK's Verify lookup
   * (an HTTP call to verify.walletconnect.org) returns early.
   */
  readonly emptyAttestation?: boolean
  /** Subscriptions of a client with no open socket are forgotten after this long; default 300000. */
  readonly clientIdleMs?: number
  readonly limits?: Partial<RelayLimits>
  /** Diagnostics (refused connections, socket errors); default silent. */
  readonly log?: (line: string) => void
}

export interface RelayStats {
  /** Sockets accepted so far. */
  readonly connections: number
  /** Sockets open now. */
  readonly open: number
  /** Upgrades refused (bad or expired JWT, too many connections). */
  readonly rejected: number
  readonly requests: number
  /** Error answers sent. */
  readonly errors: number
  /** Frames that were not JSON-RPC (binary, unparsable, not an object, bad id). */
  readonly garbage: number
  /** Messages stored (publishes and the implicit ones of wc_*Session), duplicates not counted. */
  readonly published: number
  readonly pushes: number
  readonly acks: number
  readonly pings: number
  /** Successful dispatches per method. */
  readonly methods: Readonly<Record<RelayMethod, number>>
}

export interface StoredRelayMessage {
  readonly topic: string
  readonly message: string
  readonly tag: number | undefined
  readonly publishedAt: number
}

export interface SandboxRelay {
  /** `ws://127.0.0.1:PORT`: the SDK's `relayUrl`. */
  readonly url: string
  /** Live counters (read them, do not write). */
  readonly stats: RelayStats
  readonly faults: {
    readonly active: { readonly without: ReadonlyArray<RelayMethod>; readonly dead: boolean }
    /** Replaces the switches; `dead: true` also drops the open sockets. */
    readonly set: (faults: RelayFaults) => void
    readonly clear: () => void
  }
  /** Terminates every open socket (the SDK reconnects and re-subscribes with irn_batchSubscribe). */
  readonly dropConnections: () => void
  readonly inspect: {
    /** Client ids (JWT `iss`) seen and not yet forgotten. */
    readonly clients: () => ReadonlyArray<string>
    readonly topics: () => ReadonlyArray<string>
    readonly subscribers: (topic: string) => ReadonlyArray<string>
    /** Unexpired mailbox messages of a topic, oldest first. */
    readonly storedMessages: (topic: string) => ReadonlyArray<StoredRelayMessage>
  }
  /** Stops listening and drops open sockets; safe to call more than once. */
  readonly close: () => Promise<void>
}

export declare const RELAY_METHODS: ReadonlyArray<RelayMethod>
export declare const TAGS: {
  readonly proposal: 1100
  readonly proposalResponse: 1101
  readonly settleRequest: 1102
}
export declare const DEFAULT_LIMITS: RelayLimits
export declare function publicKeyOfDidKey(iss: unknown): Uint8Array | undefined
export declare function verifyRelayJwt(
  token: unknown,
  options?: { readonly now?: number; readonly maxChars?: number }
):
  | { readonly ok: true; readonly clientId: string; readonly payload: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly reason: string }
/** The raw source text of a JSON object's top-level "id" member (valid JSON only), or undefined. */
export declare function rawIdOf(text: string): string | undefined
/** `--relay-without=subscribe,wc_proposeSession` and `--dead-relay` to {@link RelayFaults}. */
export declare function parseRelayFaultArgs(args: ReadonlyArray<string>): {
  without: Array<RelayMethod>
  dead: boolean
}
export declare function startSandboxRelay(options?: SandboxRelayOptions): Promise<SandboxRelay>
