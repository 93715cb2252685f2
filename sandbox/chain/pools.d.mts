/** A SandboxPool the chain was started with (`sandbox.pools`). */
export interface SandboxPool {
  readonly chainId: number
  readonly address: `0x${string}`
  /** NATIVE_ETH (the zero address) for ether, which is always token0. */
  readonly token0: `0x${string}`
  readonly token1: `0x${string}`
  /** "ETH" or the token's symbol. */
  readonly symbol0: string
  readonly symbol1: string
  /** The reserves the pool started with, base units as decimal strings (JSON-safe). */
  readonly reserve0: string
  readonly reserve1: string
}

export declare const NATIVE_ETH: `0x${string}`
export declare const POOL_PROVIDER_INDEX: number
export declare const SANDBOX_POOLS: ReadonlyArray<{
  readonly symbols: readonly [string, string]
  /** Whole units of each asset. */
  readonly liquidity: readonly [string, string]
}>
export declare function deployPools(options: {
  readonly chainId: number
  readonly tokens: ReadonlyArray<{
    readonly address: `0x${string}`
    readonly symbol: string
    readonly decimals: number
  }>
  readonly minter: `0x${string}`
  readonly provider: `0x${string}`
  readonly call: (method: string, params: ReadonlyArray<unknown>) => Promise<unknown>
  readonly send: (tx: Record<string, unknown>) => Promise<{ readonly contractAddress: string | null }>
}): Promise<ReadonlyArray<SandboxPool>>
