export interface CompiledContract {
  readonly contractName: string
  readonly compiler: string
  readonly settings: unknown
  readonly sourceSha256: string
  readonly abi: ReadonlyArray<unknown>
  readonly bytecode: `0x${string}`
}
export declare const SOURCE: string
export declare const ARTIFACT: string
export declare function compile(): Promise<CompiledContract>
export declare function serialize(artifact: CompiledContract): string
