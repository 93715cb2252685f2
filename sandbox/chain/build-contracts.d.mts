export interface CompiledContract {
  readonly contractName: string
  readonly compiler: string
  readonly settings: unknown
  readonly sourceSha256: string
  readonly abi: ReadonlyArray<unknown>
  readonly bytecode: `0x${string}`
}
export declare const CONTRACTS: ReadonlyArray<"SandboxToken" | "SandboxAccount" | "SandboxPool">
export declare function sourceOf(name: string): string
export declare function artifactOf(name: string): string
export declare function compile(name: string): Promise<CompiledContract>
export declare function serialize(artifact: CompiledContract): string
