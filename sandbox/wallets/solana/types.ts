/** The Sandbox Solana Wallet's options and the handle `createSandboxSolanaWallet` answers (wallet.ts). */
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature
} from "@solana/wallet-standard-features"
import type { Wallet } from "@wallet-standard/base"
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature
} from "@wallet-standard/features"
import type { SandboxSolanaConfig } from "../../shared/config"
import type { Approvals } from "../injected/approvals"
import type { KeyValue } from "../injected/types"

/** The part of `window.__AIRLOCK_SANDBOX__` the wallet reads: the local chain's RPC and its token. */
export interface SolanaDevAccount {
  readonly index: number
  readonly address: string
  readonly seed: Uint8Array
}

export interface SandboxSolanaWalletOptions {
  readonly account: SolanaDevAccount
  /** The page's origin, e.g. `http://127.0.0.1:5173`: what the approvals name and storage is keyed by. */
  readonly origin: string
  readonly storage: KeyValue | undefined
  readonly approvals: Approvals
  /** The sandbox's Solana chain, read when a transaction is sent (the config may come after the wallet). */
  readonly config: () => SandboxSolanaConfig | undefined
  readonly fetch?: typeof fetch
  /** Waits between `getSignatureStatuses` polls when `options.commitment` asks to confirm; 400 ms. */
  readonly pollMs?: number
  /** Gives up confirming after this long; 30 s. */
  readonly confirmTimeoutMs?: number
}

/** One call the page made to a feature, for tests. */
export interface RecordedSolanaCall {
  readonly feature: string
  readonly at: number
}

export type SandboxSolanaWallet = Wallet & {
  readonly features: StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature
}

export interface SandboxSolanaWalletControl {
  readonly wallet: SandboxSolanaWallet
  readonly address: string
  readonly publicKey: Uint8Array
  /** Whether the page is connected now. */
  readonly connected: () => boolean
  /** Whether this origin approved a connection before (what `silent` answers from). */
  readonly approvedBefore: () => boolean
  /** The last signature the wallet made (message, sign-in or transaction), base58; undefined before one. */
  readonly lastSignature: () => string | undefined
  /** The signatures of the transactions it sent, base58, oldest first. */
  readonly sent: () => ReadonlyArray<string>
  readonly counts: Record<string, number>
  readonly calls: ReadonlyArray<RecordedSolanaCall>
  /** Disconnects without the page asking (as when the visitor disconnects in the extension). */
  readonly simulateDisconnect: () => void
  /** Forgets this origin's approval and disconnects. */
  readonly reset: () => void
}
