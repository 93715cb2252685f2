import type { ChildProcess } from "node:child_process"
import type { SandboxPool } from "./pools.mjs"

export type { SandboxPool } from "./pools.mjs"

export interface SandboxChain {
  readonly chainId: number
  /** `http://127.0.0.1:PORT` */
  readonly rpcUrl: string
  readonly name: string
}
export interface SandboxToken {
  readonly chainId: number
  readonly address: `0x${string}`
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}
export interface SandboxAccount {
  readonly index: number
  readonly address: `0x${string}`
  /** anvil's public test key for this account. */
  readonly privateKey: `0x${string}`
}
/** A transfer the seeding made. */
export interface SandboxTransfer {
  readonly chainId: number
  readonly hash: `0x${string}`
  /** Block timestamp, seconds. */
  readonly timestamp: number
  /** "ETH" or the token's symbol. */
  readonly asset: string
  /** The token contract, undefined for ether. */
  readonly token: `0x${string}` | undefined
  readonly from: `0x${string}`
  readonly to: `0x${string}`
  /** Base units, as a decimal string. */
  readonly value: string
}
export interface SandboxChains {
  readonly chains: ReadonlyArray<SandboxChain>
  readonly tokens: ReadonlyArray<SandboxToken>
  /** The SandboxPools on the first chain: ETH/sUSD, ETH/SBX and sUSD/SBX. */
  readonly pools: ReadonlyArray<SandboxPool>
  readonly accounts: ReadonlyArray<SandboxAccount>
  readonly history: ReadonlyArray<SandboxTransfer>
  readonly mnemonic: string
  /** Stops both nodes; resolves once they have exited. Safe to call more than once. */
  readonly stop: () => Promise<void>
}
export interface RunningAnvil {
  readonly chainId: number
  readonly rpcUrl: string
  readonly process: ChildProcess
  readonly stop: () => Promise<void>
}

export declare const SANDBOX_MNEMONIC: string
export declare const ACCOUNT_COUNT: number
export declare const ACCOUNT_BALANCE_ETH: number
export declare const SANDBOX_CHAINS: ReadonlyArray<{ readonly chainId: number; readonly name: string }>
export declare const SANDBOX_TOKENS: ReadonlyArray<{
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** Amount minted to each of the first TOKEN_HOLDERS accounts, in whole tokens. */
  readonly mint: string
}>
export declare const TOKEN_HOLDERS: number
export declare function findAnvil(): string
export declare function rpc(url: string, method: string, params?: ReadonlyArray<unknown>): Promise<unknown>
export declare function freePort(): Promise<number>
export declare function startAnvil(options: {
  readonly chainId: number
  readonly genesisTimestamp?: number
  readonly timeoutMs?: number
}): Promise<RunningAnvil>
export declare function sandboxAccounts(): ReadonlyArray<SandboxAccount>
/**
 * Starts both chains, seeds the first and then deploys its pools; `now` fixes "the present" the history is
 * dated from.
 */
export declare function startSandboxChains(options?: {
  readonly now?: Date
  readonly timeoutMs?: number
}): Promise<SandboxChains>
