import type { SandboxChain, SandboxPool, SandboxToken } from "../chain/chain.mjs"
import type { SandboxSolana } from "../solana/chain.mjs"

export type FaultStatus = 403 | 429 | 500 | 503

/** The hostile answers the sandbox API can give (THREATS.md T15). */
export type HostileMode = "repeat-pages" | "sentences" | "bidi" | "handler-links" | "redirect"

/** One fault switch. Without `paths` it applies to every provider endpoint (never to `/__sandbox/*`). */
export interface FaultRule {
  /** Wait this long before answering (0–120000 ms). */
  readonly delayMs?: number
  /** Answer this status with the provider's JSON message instead of the real answer. */
  readonly status?: FaultStatus
  /** Answer 200 with the real body cut in half (not valid JSON). Ignored when `status` is set. */
  readonly malformed?: boolean
  /**
   * Lie as a malicious API could: `repeat-pages` answers `/getWallets` page 1 for any page, `count`
   * 1 000 000; `sentences` puts a phishing sentence in `/getWallets`'s `count` and identity names;
   * `bidi` overrides token symbols' direction and makes USD values 1e308; `handler-links` lists OS and
   * application handler links as every wallet's native links; `redirect` answers a 302 to
   * {@link REDIRECT_ORIGIN}.
   */
  readonly hostile?: HostileMode
  /** Only requests whose path (no query) matches; a string is a regular expression source. */
  readonly paths?: RegExp | string
  /** Apply to this many matching requests, then remove the rule. */
  readonly times?: number
}

/** A rule as reported back (`paths` as its regex source, `times` as what is left). */
export interface ActiveFault {
  readonly delayMs?: number
  readonly status?: FaultStatus
  readonly malformed?: true
  readonly hostile?: HostileMode
  readonly paths?: string
  readonly times?: number
}

export interface Faults {
  /** Replaces the rules; the first matching rule applies. Rules that change nothing are dropped. */
  readonly set: (rules: FaultRule | ReadonlyArray<FaultRule>) => void
  readonly clear: () => void
  readonly active: ReadonlyArray<ActiveFault>
}

/** A body posted to `/e` (one event) or `/batch` (one entry per array item). */
export interface RecordedEvent {
  readonly path: "/e" | "/batch"
  /** ms since epoch */
  readonly at: number
  readonly origin: string | undefined
  readonly query: {
    readonly projectId: string | null
    readonly st: string | null
    readonly sv: string | null
  }
  readonly body: unknown
}

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly origin: string | null
  readonly status: number
  readonly at: number
}

export interface SandboxApiOptions {
  /** The running sandbox chains (`startSandboxChains().chains`); `name` is used for asset images. */
  readonly chains: ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>
  /** Known ERC-20s (skip probing); others are found from their Transfer logs. */
  readonly tokens?: ReadonlyArray<SandboxToken>
  /**
   * The SandboxPools the convert endpoints swap through (`sandbox.pools`); their tokens must be in `tokens`.
   * Without pools, `/v1/convert/tokens` lists none and every pair has no route.
   */
  readonly pools?: ReadonlyArray<SandboxPool>
  /** Default 0: a free port. Always 127.0.0.1. */
  readonly port?: number
  /** The accepted project id(s). Default "sandbox-project". */
  readonly projectId?: string | ReadonlyArray<string>
  /** "The present" the NFT fixture is dated from (pass the chains' `now`). Default: now. */
  readonly now?: Date
  /** `GET /projects/v1/origins`; default {@link DEFAULT_ALLOWED_ORIGINS}. */
  readonly allowedOrigins?: ReadonlyArray<string>
  /** `GET /getAnalyticsConfig`; default true. */
  readonly analyticsEnabled?: boolean
  /** History page size; default 10. */
  readonly historyPageSize?: number
  /** USD prices by symbol, merged over {@link PRICES}. */
  readonly prices?: Readonly<Record<string, number>>
  /** The "Sandbox WalletConnect Wallet" listing's `webapp_link`. */
  readonly walletConnectWalletUrl?: string
  /**
   * The sandbox payment provider's origin (`startOnrampProvider().url`), which `POST
   * /v1/generators/onrampurl` points at; without it the generator answers 503.
   */
  readonly onrampProviderUrl?: string
  /**
   * Names registered from the start (and again after `POST /__sandbox/reset`), to coin type 60, oldest
   * first: `{ name: "taken.reown.id", address }`.
   */
  readonly names?: ReadonlyArray<{ readonly name: string; readonly address: string }>
  /**
   * The local Solana chain (`startSandboxSolana()`): balances and history for `chainId=solana:localnet`
   * are read from it, the RPC proxy forwards to it, and `GET /v1/supported-chains` lists it.
   */
  readonly solana?: Pick<SandboxSolana, "chain" | "rpcUrl" | "mint">
}

export interface SandboxApi {
  /** `http://127.0.0.1:PORT` (no trailing slash): use it as apiUrl, blockchainApiUrl and analyticsUrl. */
  readonly url: string
  /** The first accepted project id. */
  readonly projectId: string
  /** CAIP-2 ids of the served chains. */
  readonly chains: ReadonlyArray<string>
  readonly faults: Faults
  readonly inspect: {
    readonly events: () => ReadonlyArray<RecordedEvent>
    /** Every request but `/__sandbox/*`, oldest first (the last 2000). */
    readonly requests: () => ReadonlyArray<RecordedRequest>
    readonly clear: () => void
  }
  /** What `GET /projects/v1/origins` answers; `undefined` restores the default. */
  readonly setAllowedOrigins: (origins?: ReadonlyArray<string>) => void
  /** Stops listening and drops open connections; safe to call more than once. */
  readonly close: () => Promise<void>
}

export declare const DEFAULT_PROJECT_ID: "sandbox-project"
/** USD prices by symbol (ETH, sUSD, SBX, SOL, USDC, sSPL); tokens not listed are priced 0. */
export declare const PRICES: Readonly<Record<string, number>>
/** The Solana clusters (CAIP-2: mainnet, devnet, testnet) the balance fixture answers for. */
export declare const SOLANA_CHAIN_IDS: ReadonlyArray<string>
/** USDC's SPL mint on Solana mainnet (the fixture's token there). */
export declare const SOLANA_USDC_MINT: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
export declare const HISTORY_PAGE_SIZE: number
export declare const DEFAULT_ALLOWED_ORIGINS: ReadonlyArray<string>
export declare const SANDBOX_IDENTITY_NAME: "sandbox.airlock.eth"
export declare const FAULT_STATUSES: ReadonlyArray<FaultStatus>
export declare const HOSTILE_MODES: ReadonlyArray<HostileMode>
/** Where `hostile: "redirect"` sends the page (the same path on this origin). */
export declare const REDIRECT_ORIGIN: "https://redirected.example"
/** The native links `hostile: "handler-links"` gives the listed wallets, in turn. */
export declare const HANDLER_LINKS: ReadonlyArray<string>
/** The phishing sentence `hostile: "sentences"` puts where data belongs. */
export declare const PHISHING_SENTENCE: string
export declare const FAULT_BODIES: Readonly<Record<FaultStatus, { readonly message: string }>>
export declare const INVALID_KEY_MESSAGE: "Unauthorized: invalid key"
export declare const NFT_COLLECTION_NAME: string
/** 64-hex explorer id of "Sandbox Wallet" (rdns dev.airlock.sandbox). */
export declare const SANDBOX_WALLET_ID: string
export declare const SANDBOX_WALLET_RDNS: "dev.airlock.sandbox"
/** 64-hex explorer id of "Sandbox WalletConnect Wallet". */
export declare const SANDBOX_WC_WALLET_ID: string
/** The `getAssetImage` id of a sandbox chain's icon (for a network's `assets.imageId`). */
export declare function assetImageIdOf(chainId: number): string
/** Validates fault rules; throws a TypeError naming the problem. */
export declare function parseFaultRules(input: unknown): ReadonlyArray<unknown>
export declare function startSandboxApi(options: SandboxApiOptions): Promise<SandboxApi>
