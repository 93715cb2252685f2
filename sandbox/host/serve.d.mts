import type { SandboxApi } from "../api/api.mjs"
import type { SandboxChains } from "../chain/chain.mjs"
import type { OnrampProvider } from "../onramp/provider.mjs"
import type { SandboxRelay } from "../relay/relay.mjs"
import type { SandboxConfig } from "../shared/config"
import type { SandboxSolana } from "../solana/chain.mjs"

export interface RunningServer {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string
  readonly close: () => Promise<void>
}
export interface RunningDemo extends RunningServer {
  /** The chains the demo runs against (started by `startDemo` unless passed in). */
  readonly sandbox: SandboxChains
  /** The provider API the page's modal talks to (with its fault switches). */
  readonly api: SandboxApi
  /** The WalletConnect relay (for the WalletConnect connector and wallet page of issue 5). */
  readonly relay: SandboxRelay
  /**
   * The Sandbox WalletConnect Wallet's page, `http://127.0.0.1:PORT/` (its own origin; `/wc?uri=…` pairs at
   * once). The API's listing gives it as the wallet's `webapp_link`.
   */
  readonly walletConnectWalletUrl: string
  /**
   * The embedded wallet's frame, `http://127.0.0.1:PORT` (its own origin): the page at `/sdk`, the auth
   * server at `/auth/*`, the mailbox at `/mailbox`. It may be framed by the demo's origin only.
   */
  readonly frameUrl: string
  /** The social and Farcaster sign-in stand-in, `http://127.0.0.1:PORT` (a third origin). */
  readonly socialUrl: string
  /**
   * The onramp's payment provider ("Sandbox Pay"), `http://127.0.0.1:PORT` (its own origin): the page the
   * API's `POST /v1/generators/onrampurl` links to (`/buy?…`), paying out on the first chain.
   */
  readonly onrampUrl: string
  /** The provider itself (`purchases()` lists what it delivered). */
  readonly onramp: OnrampProvider
  /** What `/sandbox-config.js` gives the page. */
  readonly config: SandboxConfig
  /**
   * The local Solana chain (`solana:localnet`, sandbox/solana): its JSON-RPC URL, dev accounts, the sSPL
   * mint and the seeded history. The API reads Solana balances and history from it.
   */
  readonly solana: SandboxSolana
  /**
   * Stops the servers, the API, the relay, the frame, the stand-in and the chains `startDemo` started; resolves once they have exited.
   */
  readonly close: () => Promise<void>
}
export type Route =
  | { readonly type: string; readonly body: string; readonly file?: undefined }
  | { readonly file: string; readonly body?: undefined }
export declare const hostDist: string
export declare const walletDist: string
export declare const solanaWalletDist: string
export declare const wcWalletDist: string
export declare const contentSecurityPolicy: string
export declare function buildDemo(): Promise<void>
export declare function sandboxConfig(
  sandbox: SandboxChains,
  api: Pick<SandboxApi, "url" | "projectId">,
  relay: Pick<SandboxRelay, "url">,
  frame: { readonly url: string },
  social: { readonly url: string },
  solana?: Pick<SandboxSolana, "rpcUrl" | "chain" | "mint">
): SandboxConfig
export declare function sandboxConfigScript(config: SandboxConfig): string
export declare function serveStatic(
  root: string,
  options?: { readonly port?: number; readonly routes?: Readonly<Record<string, Route>> }
): Promise<RunningServer>
/** Serves the Sandbox WalletConnect Wallet's built page; `routes` (e.g. `/sandbox-config.js`) may be added later. */
export declare function serveWcWallet(routes?: Record<string, Route>): Promise<RunningServer>
export declare function startDemo(options?: {
  readonly port?: number
  readonly build?: boolean
  /** Running chains to use; the caller stops them. */
  readonly chains?: SandboxChains
}): Promise<RunningDemo>
