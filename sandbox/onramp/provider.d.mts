import type { SandboxChain, SandboxToken } from "../chain/chain.mjs"

/** One delivered purchase, as `purchases()` and `GET /api/purchases` list them (oldest first). */
export interface OnrampPurchase {
  /** ISO time, from the `now` clock. */
  readonly at: string
  readonly address: string
  readonly asset: string
  readonly symbol: string
  readonly network: string
  readonly chainId: number
  readonly fiat: string
  readonly amount: string
  readonly method: "card" | "bank_account"
  readonly country: string | null
  readonly purchaseAmount: string
  /** `purchaseAmount` in base units, a decimal string. */
  readonly units: string
  readonly quoteId: string
  readonly txHash: string
}

export interface OnrampProvider {
  /** `http://127.0.0.1:PORT` (no trailing slash): the page is `/buy?…`. */
  readonly url: string
  /** The dev account paying out (account {@link TREASURY_ACCOUNT_INDEX}). */
  readonly treasury: string
  /** The last {@link MAX_PURCHASES} purchases, oldest first. */
  readonly purchases: () => ReadonlyArray<OnrampPurchase>
  readonly close: () => Promise<void>
}

export declare const TREASURY_ACCOUNT_INDEX: number
export declare const SUSD_TOP_UP: string
export declare const PAY_BODY_LIMIT: number
export declare const MAX_PURCHASES: number

/** "Sandbox Pay", the onramp's payment provider, on its own loopback origin. */
export declare function startOnrampProvider(options: {
  readonly chains: ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl">>
  readonly tokens?: ReadonlyArray<SandboxToken>
  /** The dev accounts (`sandbox.accounts`) or their addresses. */
  readonly accounts: ReadonlyArray<{ readonly address: string } | string>
  /** USD prices by symbol, over the API's PRICES. */
  readonly prices?: Readonly<Record<string, number>>
  readonly now?: (() => Date | number) | Date
  /** Default 0: a free port. Always 127.0.0.1. */
  readonly port?: number
  readonly treasuryIndex?: number
}): Promise<OnrampProvider>
