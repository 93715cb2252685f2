/**
 * The Sandbox Wallet's shapes: what it remembers for a site, its options, its EIP-1193 provider and the handle
 * `createSandboxWallet` answers (wallet.ts). Apart so the wallet's parts share them without importing the
 * wallet that composes them.
 */
import type { SandboxChainConfig } from "../../shared/config"
import type { Approvals } from "./approvals"
import type { HostileMode } from "./hostile"

export interface WalletChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
  readonly currencySymbol: string
}

/** What the wallet remembers for the site. */
export interface WalletState {
  readonly authorized: boolean
  readonly chains: ReadonlyArray<WalletChain>
  readonly activeChainId: number
  readonly accountIndex: number
}

export interface KeyValue {
  readonly getItem: (key: string) => string | null
  readonly setItem: (key: string, value: string) => void
  readonly removeItem: (key: string) => void
}

export interface WalletOptions {
  /** Every chain the sandbox runs: their RPC URLs win over remembered ones (ports change between runs). */
  readonly sandboxChains: ReadonlyArray<SandboxChainConfig>
  readonly defaultChainId: number
  readonly accounts: ReadonlyArray<{ readonly address: string; readonly privateKey: string }>
  readonly accountIndex: number
  /** Forces the account for this page load (e.g. from `?walletAccount=N`). */
  readonly accountOverride?: number | undefined
  readonly origin: string
  readonly storage: KeyValue | undefined
  readonly approvals: Approvals
  readonly fetch?: typeof fetch
  /** Each chain's EIP-7702 batch delegate: EIP-5792 batches run through it (none: no batches). */
  readonly batchDelegates?: ReadonlyArray<{ readonly chainId: number; readonly address: string }> | undefined
  /** Whether EIP-5792 is on (`?wallet=no-5792` turns it off); read at each request. */
  readonly eip5792?: (() => boolean) | undefined
  /** The hostile switch on now, if any (`hostile.ts`); read at each request. */
  readonly hostile?: (() => HostileMode | undefined) | undefined
}

export interface RequestArguments {
  readonly method: string
  readonly params?: unknown
}

export type Listener = (...args: Array<unknown>) => void

export interface SandboxProvider {
  readonly isSandboxWallet: true
  readonly request: (args: RequestArguments) => Promise<unknown>
  readonly on: (event: string, listener: Listener) => SandboxProvider
  readonly removeListener: (event: string, listener: Listener) => SandboxProvider
}

export interface RecordedCall {
  readonly method: string
  readonly params: unknown
}

export interface SandboxWallet {
  readonly provider: SandboxProvider
  /** Requests seen, by method (every request counts, answered or not). */
  readonly counts: Record<string, number>
  /** Requests seen, in order. */
  readonly calls: Array<RecordedCall>
  readonly state: () => WalletState
  readonly address: () => string
  /** Selects another dev account; an authorized site hears `accountsChanged`. */
  readonly setAccount: (index: number) => void
  /** Emits EIP-1193 `disconnect` (4900), as a wallet that lost its node does. */
  readonly simulateDisconnect: () => void
  /** Forgets everything remembered for this site. */
  readonly reset: () => void
}
