export declare const SOLANA_LOCALNET: "solana:localnet"
export declare const SOLANA_ACCOUNT_COUNT: number
export declare const solanaSeedOf: (index: number) => Uint8Array
export interface SandboxSolanaAccount {
  readonly index: number
  readonly address: string
  readonly seed: Uint8Array
}
export declare const sandboxSolanaAccounts: () => ReadonlyArray<SandboxSolanaAccount>
